import Search from "lucide-react/icons/search";
import { Form } from "react-router";
import type { Route } from "./+types/search";
import { CompareSteps, ModelName } from "#app/components/motorcycle/ModelBits";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { readSelection } from "#app/services/motorcycles/compare.server";
import { COMPARE_MAX, parseSelection, selectionParam } from "#app/services/motorcycles/compare-selection";
import { listManufacturers, searchModels } from "#app/services/motorcycles/search.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "motorcycle.compare.searchTitle" };

/** Most models one search shows; a more precise word finds the rest. */
const SEARCH_LIMIT = 50;

function yearOf(value: string | null): number | null {
  if (!value || !/^\d{4}$/.test(value.trim())) return null;
  const year = Number(value.trim());
  return year >= 1900 && year <= 2100 ? year : null;
}

/**
 * /specCompare/search (open to everybody): models by Korean or English name (parts of words), manufacturer and
 * model year, from the address (a GET form). The selection travels along in `ids`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db } = getRuntime();
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 50);
  const year = yearOf(url.searchParams.get("year"));
  const makerParam = url.searchParams.get("maker");
  const [manufacturers, selection] = await Promise.all([
    listManufacturers(db),
    readSelection(db, parseSelection(url.searchParams.get("ids")).ids),
  ]);
  const maker = manufacturers.find((item) => item.slug === makerParam)?.slug ?? null;
  const searched = Boolean(q || maker || year);
  const models = searched
    ? await searchModels(db, {
        query: q,
        manufacturerSlug: maker ?? undefined,
        year: year ?? undefined,
        limit: SEARCH_LIMIT,
      })
    : [];
  return {
    q,
    maker,
    year,
    manufacturers,
    searched,
    models,
    selection: selection.items.map((item) => item.motorcycleId),
    max: COMPARE_MAX,
  };
}

const inputClass = "surface block min-h-11 w-full rounded-lg border border-subtle px-3";
const chip =
  "inline-flex min-h-9 shrink-0 items-center rounded-full border border-subtle px-3 text-sm whitespace-nowrap";

export default function SpecCompareSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { q, maker, year, manufacturers, searched, models, selection, max } = loaderData;
  const ids = selectionParam(selection);
  const full = selection.length >= max;
  const withIds = (path: string) => (ids ? `${path}${path.includes("?") ? "&" : "?"}ids=${ids}` : path);
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("motorcycle.compare.searchTitle")}</h1>
      <CompareSteps current="search" ids={ids} />

      <p className="surface-muted flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm">
        <span className="font-semibold" data-testid="selection-count">
          {t("motorcycle.compare.selectionCount", { count: selection.length, max })}
        </span>
        <LocalLink to={withIds("/specCompare/select")} className="font-semibold text-link hover:underline">
          {t("motorcycle.compare.viewSelection")}
        </LocalLink>
      </p>
      {full ? (
        <p role="status" className="rounded-lg border border-amber-700 px-3 py-2 text-sm">
          <strong>{t("motorcycle.compare.full", { max })}</strong> {t("motorcycle.compare.fullHint")}
        </p>
      ) : null}

      <Form method="get" role="search" aria-label={t("motorcycle.compare.searchTitle")} className="space-y-3">
        {ids ? <input type="hidden" name="ids" value={ids} /> : null}
        <div>
          <label htmlFor="compare-q" className="text-muted block text-xs font-semibold">
            {t("motorcycle.compare.queryLabel")}
          </label>
          <input
            id="compare-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={50}
            placeholder={t("motorcycle.compare.queryPlaceholder")}
            className={inputClass}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="compare-maker" className="text-muted block text-xs font-semibold">
              {t("motorcycle.compare.manufacturerLabel")}
            </label>
            <select id="compare-maker" name="maker" defaultValue={maker ?? ""} className={inputClass}>
              <option value="">{t("motorcycle.compare.anyManufacturer")}</option>
              {manufacturers.map((item) => (
                <option key={item.slug} value={item.slug}>
                  {language === "ko" ? item.nameKo : item.nameEn}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="compare-year" className="text-muted block text-xs font-semibold">
              {t("motorcycle.compare.yearLabel")}
            </label>
            <input
              id="compare-year"
              name="year"
              inputMode="numeric"
              pattern="[0-9]{4}"
              maxLength={4}
              defaultValue={year ?? ""}
              placeholder={t("motorcycle.compare.anyYear")}
              className={inputClass}
            />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <LocalLink to={withIds("/specCompare/search")} className={chip}>
            {t("motorcycle.compare.reset")}
          </LocalLink>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center gap-1 rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            <Search className="size-4" aria-hidden="true" />
            {t("motorcycle.compare.search")}
          </button>
        </div>
      </Form>

      {!searched ? (
        <p className="surface-muted text-muted rounded-xl p-6 text-center text-sm">
          {t("motorcycle.compare.emptyHint")}
        </p>
      ) : models.length === 0 ? (
        <div className="surface-muted rounded-xl border border-subtle p-6 text-center">
          <p className="font-semibold">{t("motorcycle.compare.noResults")}</p>
          <p className="text-muted mt-1 text-sm">{t("motorcycle.compare.noResultsHint")}</p>
          <LocalLink
            to="/report/motorcycle"
            className="mt-2 inline-flex min-h-11 items-center text-link underline"
          >
            {t("motorcycle.compare.reportMissing")}
          </LocalLink>
        </div>
      ) : (
        <section aria-labelledby="compare-results" className="space-y-2">
          <h2 id="compare-results" className="flex items-baseline gap-2 text-lg font-bold">
            {t("motorcycle.compare.results")}
            <span className="text-muted text-sm font-semibold">
              {t("motorcycle.compare.resultCount", { count: models.length })}
            </span>
          </h2>
          <ul className="divide-y divide-[var(--border)]">
            {models.map((model) => {
              const name = language === "ko" ? model.nameKo : model.nameEn;
              return (
                <li key={model.modelId} className="space-y-2 py-3" data-testid="compare-model">
                  <p className="text-xs font-semibold text-link">
                    {language === "ko" ? model.manufacturer.nameKo : model.manufacturer.nameEn} ·{" "}
                    {t(`motorcycle.category.${model.category}`)}
                  </p>
                  <h3 className="font-bold">
                    <LocalLink to={withIds(`/motorcycle/${model.modelId}`)} className="hover:underline">
                      <ModelName nameKo={model.nameKo} nameEn={model.nameEn} />
                    </LocalLink>
                  </h3>
                  <div role="group" aria-label={t("motorcycle.compare.pickYear")}>
                    <ul className="flex flex-wrap gap-2">
                      {model.years.map((item) =>
                        selection.includes(item.id) ? (
                          <li key={item.id} className={`${chip} border-primary font-semibold`}>
                            {t("motorcycle.compare.chosen", { year: item.year })}
                          </li>
                        ) : full ? (
                          <li key={item.id} className={`${chip} text-muted`}>
                            {t("motorcycle.year", { year: item.year })}
                          </li>
                        ) : (
                          <li key={item.id}>
                            <LocalLink
                              to={withIds(`/specCompare/select?add=${item.id}`)}
                              aria-label={t("motorcycle.compare.addLabel", { name, year: item.year })}
                              className={`${chip} hover:border-primary ${year === item.year ? "border-primary" : ""}`}
                            >
                              + {t("motorcycle.compare.add", { year: item.year })}
                            </LocalLink>
                          </li>
                        ),
                      )}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
