import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ListingFitView } from "#app/services/market/fits.server";

/** The years of one fit in words: every year, a range, one side open, or one year. */
function useFitYears() {
  const t = useT();
  return ({ yearFrom: from, yearTo: to }: Pick<ListingFitView, "yearFrom" | "yearTo">) => {
    if (from === null && to === null) return t("partsFit.listing.allYears");
    if (from === null) return t("partsFit.listing.toYear", { to: to! });
    if (to === null) return t("partsFit.listing.fromYear", { from });
    if (from === to) return t("partsFit.listing.oneYear", { year: from });
    return t("partsFit.listing.years", { from, to });
  };
}

/** A parts or gear listing's "fits these models" list (ADR 072), each model linking to its page; nothing when none. */
export function ListingFits({ fits }: { fits: ListingFitView[] }) {
  const t = useT();
  const language = useLanguage();
  const years = useFitYears();
  if (fits.length === 0) return null;
  return (
    <section aria-labelledby="listing-fits" className="space-y-2 rounded-xl border border-subtle p-4">
      <h2 id="listing-fits" className="text-base font-bold">
        {t("partsFit.listing.title")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {fits.map((fit) => (
          <li key={fit.modelId}>
            <LocalLink
              to={`/motorcycle/${fit.modelId}`}
              className="surface-muted inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm"
            >
              <span className="font-semibold">
                {fit.manufacturer[language]} {fit.model[language]}
              </span>
              <span className="text-muted">· {years(fit)}</span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
