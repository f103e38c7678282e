import { data } from "react-router";
import type { Route } from "./+types/search-result";
import {
  modelName,
  ReviewCard,
  ReviewNav,
  ReviewPageLinks,
  TagList,
} from "#app/components/review/ReviewBits";
import { languageFromPath, translate } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import { searchByTags, tagsOf } from "#app/services/reviews/tags.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "review.result.title" };

/**
 * /review/motorcycle/search/result?tags=a,b,c: reviews carrying every characteristic, and the models they are of by
 * how many such reviews each has. Fewer than three characteristics is refused (400) with the rule's message.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const tags = tagsOf(url.searchParams.getAll("tags"));
  const cursor = url.searchParams.get("cursor");
  try {
    const result = await searchByTags(getRuntime().db, tags, { cursor });
    return { state: "found" as const, ...result, later: Boolean(cursor) };
  } catch (error) {
    if (!isDomainError(error, "review")) throw error;
    return data(
      {
        state: "refused" as const,
        tags,
        message: translate(language, "review.error.tags_min", { count: 3 }),
      },
      { status: 400 },
    );
  }
}

export default function ReviewTagResult({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const back = `/review/motorcycle/search${loaderData.tags.length ? `?${loaderData.tags.map((tag) => `tags=${tag}`).join("&")}` : ""}`;
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <ReviewNav />
      <h1 className="text-2xl font-extrabold">{t("review.result.title")}</h1>
      {loaderData.state === "refused" ? (
        <p role="alert" className="text-rose-700 dark:text-rose-300">
          {loaderData.message}
        </p>
      ) : (
        <>
          <section aria-labelledby="chosen-heading" className="space-y-2">
            <h2 id="chosen-heading" className="font-bold">
              {t("review.result.chosen")}
            </h2>
            <TagList tags={loaderData.tags} />
          </section>
          {loaderData.items.length === 0 ? (
            <div className="space-y-1 py-6 text-center">
              <p className="font-semibold">{t("review.result.empty")}</p>
              <p className="text-muted text-sm">{t("review.result.emptyHint")}</p>
            </div>
          ) : (
            <>
              <section aria-labelledby="models-heading" className="space-y-2">
                <h2 id="models-heading" className="text-lg font-bold">
                  {t("review.result.models")}
                </h2>
                <p className="text-muted text-xs">{t("review.result.modelsHint")}</p>
                <ol className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
                  {loaderData.models.map((model) => (
                    <li key={model.modelId} className="flex items-center justify-between gap-2 px-4 py-3">
                      <LocalLink
                        to={`/review/motorcycle/list?modelId=${model.modelId}`}
                        className="font-semibold hover:underline"
                      >
                        {modelName(language, model)}
                      </LocalLink>
                      <span className="text-muted text-sm">
                        {t("review.result.reviewCount", { count: model.reviews })}
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
              <section aria-labelledby="reviews-heading" className="space-y-2">
                <h2 id="reviews-heading" className="text-lg font-bold">
                  {t("review.result.reviews")}
                </h2>
                <ul>
                  {loaderData.items.map((row) => (
                    <ReviewCard key={row.id} row={row} />
                  ))}
                </ul>
                <ReviewPageLinks
                  path="/review/motorcycle/search/result"
                  params={{ tags: loaderData.tags.join(",") }}
                  next={loaderData.nextCursor}
                  later={loaderData.later}
                  nextLabel={t("review.result.more")}
                  firstLabel={t("review.result.first")}
                />
              </section>
            </>
          )}
        </>
      )}
      <LocalLink to={back} className="inline-flex min-h-11 items-center text-sm font-semibold underline">
        {t("review.result.change")}
      </LocalLink>
    </section>
  );
}
