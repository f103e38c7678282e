import { Form } from "react-router";
import type { Route } from "./+types/write-search";
import { modelName } from "#app/components/review/ReviewBits";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { garageChoices } from "#app/services/reviews/list.server";
import { searchModels } from "#app/services/motorcycles/search.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "review.writeSearch.title" };

/** Longest query kept; the model search reads at most five words anyway. */
const QUERY_MAX = 50;

/** /review/motorcycle/write/search: the member's garage first, then models found by name, each with its years. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const { db } = getRuntime();
  const q = [...(new URL(request.url).searchParams.get("q") ?? "").trim()].slice(0, QUERY_MAX).join("");
  const [garage, models] = await Promise.all([
    garageChoices(db, actor.id),
    q ? searchModels(db, { query: q, limit: 20 }) : Promise.resolve([]),
  ]);
  return { q, garage, models };
}

export default function ReviewWriteSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { q, garage, models } = loaderData;
  const yearLink =
    "inline-flex min-h-11 items-center rounded-lg border border-subtle px-3 text-sm font-semibold hover:border-primary";
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{t("review.writeSearch.title")}</h1>
      <p className="text-muted text-sm">{t("review.writeSearch.intro")}</p>

      {garage.length > 0 ? (
        <section aria-labelledby="garage-heading" className="space-y-2">
          <h2 id="garage-heading" className="text-lg font-bold">
            {t("review.writeSearch.garage")}
          </h2>
          <p className="text-muted text-xs">{t("review.writeSearch.garageHint")}</p>
          <ul className="flex flex-wrap gap-2">
            {garage.map((bike) => (
              <li key={bike.id}>
                <LocalLink to={`/review/motorcycle/write?motorcycleId=${bike.id}`} className={yearLink}>
                  {modelName(language, bike)} · {t("review.motorcycle.year", { year: bike.year })}
                </LocalLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="review-model-query" className="sr-only">
          {t("review.writeSearch.searchLabel")}
        </label>
        <input
          id="review-model-query"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={50}
          placeholder={t("review.writeSearch.placeholder")}
          className="surface block min-h-11 w-full flex-1 rounded-lg border border-subtle px-3"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
        >
          {t("review.writeSearch.submit")}
        </button>
      </Form>

      {q === "" ? (
        <p className="text-muted text-sm">{t("review.writeSearch.prompt")}</p>
      ) : (
        <section aria-labelledby="results-heading" className="space-y-3">
          <h2 id="results-heading" className="text-lg font-bold">
            {t("review.writeSearch.results")}
          </h2>
          {models.length === 0 ? (
            <p role="status" className="text-muted">
              {t("review.writeSearch.empty")}
            </p>
          ) : (
            <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
              {models.map((model) => (
                <li key={model.modelId} className="space-y-2 px-4 py-3">
                  <h3 className="font-bold">
                    {modelName(language, {
                      nameKo: model.nameKo,
                      nameEn: model.nameEn,
                      manufacturerKo: model.manufacturer.nameKo,
                      manufacturerEn: model.manufacturer.nameEn,
                    })}
                  </h3>
                  <ul aria-label={t("review.writeSearch.years")} className="flex flex-wrap gap-2">
                    {model.years.map((year) => (
                      <li key={year.id}>
                        <LocalLink
                          to={`/review/motorcycle/write?motorcycleId=${year.id}`}
                          className={yearLink}
                        >
                          {t("review.writeSearch.pick", { year: year.year })}
                        </LocalLink>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          <LocalLink to="/report/motorcycle" className="inline-block text-sm font-semibold underline">
            {t("review.writeSearch.missing")}
          </LocalLink>
        </section>
      )}
    </section>
  );
}
