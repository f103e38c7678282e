import X from "lucide-react/icons/x";
import { data, redirect } from "react-router";
import type { Route } from "./+types/select";
import { CompareSteps, ModelName } from "#app/components/motorcycle/ModelBits";
import { SelectionNotice } from "#app/components/motorcycle/SelectionNotice";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { readSelection } from "#app/services/motorcycles/compare.server";
import {
  addToSelection,
  COMPARE_MAX,
  parseSelection,
  selectionParam,
  type SelectionProblem,
} from "#app/services/motorcycles/compare-selection";
import { idOrNull } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { selectionStatus } from "./selection.server";

export const handle: RouteHandle = { titleKey: "motorcycle.compare.selectTitle" };

/**
 * /specCompare/select (open to everybody): the selection of `?ids=`, at most COMPARE_MAX. `&add=<id>` adds one and
 * comes back to the selection's own address; a fourth is refused, as are ids that are not the catalogue's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db } = getRuntime();
  const parsed = parseSelection(url.searchParams.get("ids"));
  let { ids } = parsed;
  let problem: SelectionProblem | null = parsed.problem;
  const addParam = url.searchParams.get("add");
  if (addParam !== null) {
    const addId = idOrNull(addParam);
    if (addId === null) problem ??= "malformed";
    else {
      const added = addToSelection(ids, addId);
      if (added.problem) problem = added.problem;
      ids = added.ids;
    }
  }
  const selection = await readSelection(db, ids);
  if (selection.unknownIds.length > 0) problem ??= "unknown";
  const kept = selection.items.map((item) => item.motorcycleId);
  if (addParam !== null && problem === null)
    throw redirect(localizePath(language, `/specCompare/select?ids=${selectionParam(kept)}`));
  return data(
    {
      items: selection.items,
      ids: selectionParam(kept),
      problem,
      unknownCount: selection.unknownIds.length,
      max: COMPARE_MAX,
    },
    { status: selectionStatus(problem) },
  );
}

export default function SpecCompareSelect({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { items, ids, problem, unknownCount, max } = loaderData;
  const searchPath = ids ? `/specCompare/search?ids=${ids}` : "/specCompare/search";
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("motorcycle.compare.selectTitle")}</h1>
      <CompareSteps current="select" ids={ids} />
      <SelectionNotice problem={problem} max={max} unknownCount={unknownCount} />
      <p className="font-semibold" data-testid="selection-count">
        {t("motorcycle.compare.selectionCount", { count: items.length, max })}
      </p>
      {items.length === 0 ? (
        <div className="surface-muted rounded-xl border border-subtle p-6 text-center">
          <p className="font-semibold">{t("motorcycle.compare.emptySelection")}</p>
          <p className="text-muted mt-1 text-sm">{t("motorcycle.compare.emptySelectionHint", { max })}</p>
        </div>
      ) : (
        <ol className="space-y-2">
          {items.map((item) => {
            const rest = selectionParam(
              items
                .filter((other) => other.motorcycleId !== item.motorcycleId)
                .map((other) => other.motorcycleId),
            );
            const name = language === "ko" ? item.nameKo : item.nameEn;
            return (
              <li
                key={item.motorcycleId}
                className="surface flex items-center gap-3 rounded-xl border border-subtle p-3"
                data-testid="selected-bike"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-semibold text-link">
                    {language === "ko" ? item.manufacturer.nameKo : item.manufacturer.nameEn} ·{" "}
                    {t(`motorcycle.category.${item.category}`)}
                  </p>
                  <p className="font-bold">
                    <LocalLink to={`/motorcycle/${item.modelId}?ids=${ids}`} className="hover:underline">
                      <ModelName nameKo={item.nameKo} nameEn={item.nameEn} />
                    </LocalLink>
                  </p>
                  <p className="text-muted text-sm">{t("motorcycle.year", { year: item.year })}</p>
                </div>
                <LocalLink
                  to={rest ? `/specCompare/select?ids=${rest}` : "/specCompare/select"}
                  aria-label={t("motorcycle.compare.removeLabel", { name, year: item.year })}
                  className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-subtle px-3 text-sm font-semibold"
                >
                  <X className="size-4" aria-hidden="true" />
                  {t("motorcycle.compare.remove")}
                </LocalLink>
              </li>
            );
          })}
        </ol>
      )}
      {items.length === 1 ? <p className="text-muted text-sm">{t("motorcycle.compare.needTwo")}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {items.length < max ? (
          <LocalLink
            to={searchPath}
            className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("motorcycle.compare.addMore")}
          </LocalLink>
        ) : null}
        {items.length > 0 ? (
          <LocalLink
            to={`/specCompare/result?ids=${ids}`}
            className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            {t("motorcycle.compare.compareNow")}
          </LocalLink>
        ) : null}
      </div>
    </section>
  );
}
