import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { InspectionTarget } from "#app/services/inspection/inspections.server";

/** The repair item an inspection asks for, when the expert offers it. */
const INSPECTION_OPTION = "inspection";

/** Above the finder opened from a listing: which listing the experts are found for, and the way back to it. */
export function InspectionFinderBanner({ target }: { target: InspectionTarget }) {
  const t = useT();
  const language = useLanguage();
  return (
    <p role="note" className="surface-muted flex flex-wrap items-center gap-2 rounded-lg p-3 text-sm">
      <span>
        {target.district
          ? t("inspection.finder.banner", { title: target.title, district: target.district[language] })
          : t("inspection.finder.bannerNoDistrict", { title: target.title })}
      </span>
      <LocalLink to={target.path} className="text-link font-semibold underline">
        {t("inspection.finder.backToListing")}
      </LocalLink>
    </p>
  );
}

/** Above a request that is an inspection: the listing it is for, and that the wished time goes to the seller. */
export function InspectionRequestBanner({ target }: { target: InspectionTarget }) {
  const t = useT();
  return (
    <p role="note" className="surface-muted rounded-lg p-3 text-sm">
      {t("inspection.request.banner", { title: target.title })}{" "}
      <LocalLink to={target.path} className="text-link font-semibold underline">
        {t("inspection.finder.backToListing")}
      </LocalLink>
    </p>
  );
}

/** What an inspection's request form starts with: the listing's vehicle, the inspection item, a first line. */
export function useInspectionDefaults(
  target: InspectionTarget | null | undefined,
  options: readonly { code: string }[],
): Record<string, string> {
  const t = useT();
  if (!target) return {};
  return {
    model: target.model,
    symptom: t("inspection.request.symptom"),
    ...(options.some((option) => option.code === INSPECTION_OPTION)
      ? { repairOption: INSPECTION_OPTION }
      : {}),
  };
}
