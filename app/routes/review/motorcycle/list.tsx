import type { Route } from "./+types/list";
import { modelName, ReviewCard, ReviewNav, ReviewPageLinks } from "#app/components/review/ReviewBits";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { isReviewSort, listReviews, modelNames } from "#app/services/reviews/list.server";
import type { RouteHandle } from "#app/shell/meta";
import { idOrNull } from "#app/shell/input.server";

export const handle: RouteHandle = { titleKey: "review.list.title" };

/** /review/motorcycle/list: every live review, `?modelId=` for one model, `?sort=latest|sparked`, keyset pages. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db } = getRuntime();
  const sortParam = url.searchParams.get("sort");
  const sort = isReviewSort(sortParam) ? sortParam : "latest";
  const requestedModel = idOrNull(url.searchParams.get("modelId"));
  const model = requestedModel === null ? undefined : await modelNames(db, requestedModel);
  const cursor = url.searchParams.get("cursor");
  const page = await listReviews(db, { sort, modelId: model?.id ?? null, cursor });
  return { sort, model: model ?? null, ...page, later: Boolean(cursor) };
}

export default function ReviewList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { sort, model, items, nextCursor, later } = loaderData;
  const params = (next: "latest" | "sparked") => {
    const search = new URLSearchParams();
    if (model) search.set("modelId", String(model.id));
    search.set("sort", next);
    return `/review/motorcycle/list?${search}`;
  };
  const listParams: Record<string, string> = { sort };
  if (model) listParams.modelId = String(model.id);
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <ReviewNav />
      <h1 className="text-2xl font-extrabold">
        {model ? t("review.list.of", { model: modelName(language, model) }) : t("review.list.title")}
      </h1>
      {model ? (
        <LocalLink to="/review/motorcycle/list" className="text-sm font-semibold underline">
          {t("review.list.allModels")}
        </LocalLink>
      ) : null}
      <nav aria-label={t("review.list.order")} className="flex gap-2 text-sm font-semibold">
        {(["latest", "sparked"] as const).map((option) => (
          <LocalLink
            key={option}
            to={params(option)}
            aria-current={sort === option ? "page" : undefined}
            className="inline-flex min-h-10 items-center rounded-full border border-subtle px-3 aria-[current=page]:bg-primary aria-[current=page]:text-white"
          >
            {t(`review.list.${option}`)}
          </LocalLink>
        ))}
      </nav>
      {items.length === 0 ? (
        <div className="space-y-2 py-8 text-center">
          <p className="font-semibold">{t("review.list.empty")}</p>
          <p className="text-muted text-sm">{t("review.list.emptyHint")}</p>
          <LocalLink to="/review/motorcycle/write/search" className="text-sm font-semibold underline">
            {t("review.nav.write")}
          </LocalLink>
        </div>
      ) : (
        <ul aria-label={t("review.list.reviews")}>
          {items.map((row) => (
            <ReviewCard key={row.id} row={row} />
          ))}
        </ul>
      )}
      <ReviewPageLinks
        path="/review/motorcycle/list"
        params={listParams}
        next={nextCursor}
        later={later}
        nextLabel={t("review.list.more")}
        firstLabel={t("review.list.first")}
      />
    </section>
  );
}
