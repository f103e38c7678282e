import ExternalLink from "lucide-react/icons/external-link";
import { data } from "react-router";
import type { Route } from "./+types/result";
import { CompareTable, type CompareSection } from "#app/components/motorcycle/CompareTable";
import { CompareSteps, ModelName, ratingSection, specSection } from "#app/components/motorcycle/ModelBits";
import { SelectionNotice } from "#app/components/motorcycle/SelectionNotice";
import { languageFromPath, translate } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { loadComparison } from "#app/services/motorcycles/compare.server";
import { COMPARE_MAX, parseSelection, selectionParam } from "#app/services/motorcycles/compare-selection";
import { specsIn } from "#app/services/motorcycles/spec-words";
import type { RouteHandle } from "#app/shell/meta";
import { selectionStatus } from "./selection.server";

export const handle: RouteHandle = { titleKey: "motorcycle.compare.resultTitle" };

/**
 * /specCompare/result?ids=… (open to everybody): the chosen model years side by side. Everything comes from the
 * address, so the page can be shared and reloaded; an address naming more than COMPARE_MAX or unknown model years
 * shows what it can, with the reason.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db } = getRuntime();
  const parsed = parseSelection(url.searchParams.get("ids"));
  const comparison = await loadComparison(db, parsed.ids);
  const problem = parsed.problem ?? (comparison.unknownIds.length > 0 ? "unknown" : null);
  const names = comparison.columns.map(
    (column) =>
      `${language === "ko" ? column.nameKo : column.nameEn} ${translate(language, "motorcycle.year", { year: column.year })}`,
  );
  return data(
    {
      ...comparison,
      columns: comparison.columns.map((column) => ({ ...column, specs: specsIn(language, column.specs) })),
      ids: selectionParam(comparison.columns.map((column) => column.motorcycleId)),
      problem,
      max: COMPARE_MAX,
      pageTitle: names.length
        ? `${names.join(" vs ")} · ${translate(language, "motorcycle.compare.title")}`
        : translate(language, "motorcycle.compare.resultTitle"),
    },
    { status: selectionStatus(problem) },
  );
}

export default function SpecCompareResult({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { columns, better, ids, problem, max, unknownIds } = loaderData;
  const nameOf = (column: (typeof columns)[number]) => (language === "ko" ? column.nameKo : column.nameEn);
  const sections: CompareSection[] = [
    specSection(t, columns, better),
    ratingSection(
      t,
      columns.map((column) => column.ratings),
      better,
    ),
    {
      key: "price",
      heading: t("motorcycle.compare.priceHeading"),
      rows: [
        {
          key: "askingPrice",
          label: t("motorcycle.compare.askingPrice"),
          cells: columns.map((column) =>
            column.askingPrice ? (
              <>
                <span className="font-semibold">
                  {t("motorcycle.medianPrice", { price: column.askingPrice.median })}
                </span>
                <span className="text-muted block text-xs font-normal">
                  {t("motorcycle.listingCount", { count: column.askingPrice.count })}
                </span>
              </>
            ) : (
              <span className="text-muted">{t("motorcycle.noListings")}</span>
            ),
          ),
        },
      ],
    },
  ];
  return (
    <section className="mx-auto max-w-5xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("motorcycle.compare.resultTitle")}</h1>
      <CompareSteps current="result" ids={ids} />
      <SelectionNotice problem={problem} max={max} unknownCount={unknownIds.length} />
      {columns.length === 0 ? (
        <div className="surface-muted rounded-xl border border-subtle p-6 text-center">
          <p className="font-semibold">{t("motorcycle.compare.nothingToCompare")}</p>
          <LocalLink
            to="/specCompare/search"
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-link underline"
          >
            {t("motorcycle.compare.searchTitle")}
          </LocalLink>
        </div>
      ) : (
        <>
          <p className="text-muted text-sm">{t("motorcycle.compare.betterLegend")}</p>
          <p className="text-muted text-xs sm:hidden">{t("motorcycle.compare.scrollHint")}</p>
          <CompareTable
            caption={t("motorcycle.compare.caption", {
              names: columns.map((column) => `${nameOf(column)} ${column.year}`).join(", "),
            })}
            columns={columns.map((column) => (
              <div key={column.motorcycleId} className="space-y-1" data-testid="compare-column">
                <p className="text-xs font-semibold text-link">
                  {language === "ko" ? column.manufacturer.nameKo : column.manufacturer.nameEn}
                </p>
                <p className="font-bold">
                  <LocalLink to={`/motorcycle/${column.modelId}?ids=${ids}`} className="hover:underline">
                    <ModelName nameKo={column.nameKo} nameEn={column.nameEn} />
                  </LocalLink>
                </p>
                <p className="text-muted text-xs font-normal">
                  {t("motorcycle.year", { year: column.year })}
                </p>
                <p className="flex flex-col gap-0.5 text-xs font-normal">
                  <LocalLink to={`/motorcycle/${column.modelId}?ids=${ids}`} className="text-link underline">
                    {t("motorcycle.compare.modelPage")}
                  </LocalLink>
                  <a
                    href={column.specUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-link underline"
                  >
                    {t("motorcycle.compare.specSource")}
                    <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                </p>
              </div>
            ))}
            sections={sections}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted text-sm">{t("motorcycle.compare.shareHint")}</p>
            <LocalLink
              to={`/specCompare/select?ids=${ids}`}
              className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-4 font-semibold"
            >
              {t("motorcycle.compare.editSelection")}
            </LocalLink>
          </div>
        </>
      )}
    </section>
  );
}
