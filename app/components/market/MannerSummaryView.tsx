import ThumbsDown from "lucide-react/icons/thumbs-down";
import ThumbsUp from "lucide-react/icons/thumbs-up";
import { useId } from "react";
import { useT } from "#app/i18n/react";
import type { MannerSummary } from "#app/services/market/reviews.server";
import { mannerPoints } from "#app/services/market/manner";

/** A member's received trade reviews, as far as they are shown: good and bad verdicts and each point named. */
export function MannerSummaryView({ summary }: { summary: MannerSummary }) {
  const t = useT();
  const id = useId();
  const named = mannerPoints.filter((point) => summary.points[point] > 0);
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-xl border border-subtle p-4">
      <h2 id={id} className="font-bold">
        {t("market.review.summary")}
      </h2>
      {summary.good + summary.bad === 0 ? (
        <p className="text-muted text-sm">{t("market.review.summaryEmpty")}</p>
      ) : (
        <>
          <p className="flex gap-4 text-sm font-semibold">
            <span className="inline-flex items-center gap-1">
              <ThumbsUp className="size-4" aria-hidden="true" />
              {t("market.review.goodCount", { count: summary.good })}
            </span>
            <span className="inline-flex items-center gap-1">
              <ThumbsDown className="size-4" aria-hidden="true" />
              {t("market.review.badCount", { count: summary.bad })}
            </span>
          </p>
          <ul className="flex flex-wrap gap-2 text-xs">
            {named.map((point) => (
              <li key={point} className="surface-muted rounded-full px-3 py-1">
                {t(`market.manner.${point}`)} {summary.points[point]}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
