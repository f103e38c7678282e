import { useT } from "#app/i18n/react";
import type { SelectionProblem } from "#app/services/motorcycles/compare-selection";

/** Why the selection in the address was changed or refused, in words; an alert, since it follows a request. */
export function SelectionNotice({
  problem,
  max,
  unknownCount,
}: {
  problem: SelectionProblem | null;
  max: number;
  unknownCount: number;
}) {
  const t = useT();
  if (!problem) return null;
  const message = {
    full: `${t("motorcycle.compare.full", { max })} ${t("motorcycle.compare.fullHint")}`,
    tooMany: t("motorcycle.compare.tooMany", { max }),
    malformed: t("motorcycle.compare.malformed"),
    unknown: t("motorcycle.compare.unknown", { count: unknownCount }),
  }[problem];
  return (
    <p
      role="alert"
      data-problem={problem}
      className="rounded-lg border border-amber-700 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      {message}
    </p>
  );
}
