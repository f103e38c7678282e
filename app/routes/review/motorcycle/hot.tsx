import type { Route } from "./+types/hot";
import { ReviewCard, ReviewNav } from "#app/components/review/ReviewBits";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listHotReviews } from "#app/services/reviews/list.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "review.hot.title" };

/** /review/motorcycle/hot: the most sparked reviews of the last 7 days (see `listHotReviews`). */
export async function loader() {
  const { db, clock } = getRuntime();
  return { items: await listHotReviews(db, clock.now()) };
}

export default function HotReviews({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <ReviewNav />
      <h1 className="text-2xl font-extrabold">{t("review.hot.title")}</h1>
      <p className="text-muted text-sm">{t("review.hot.intro")}</p>
      {loaderData.items.length === 0 ? (
        <div className="space-y-2 py-8 text-center">
          <p className="font-semibold">{t("review.hot.empty")}</p>
          <LocalLink to="/review/motorcycle/write/search" className="text-sm font-semibold underline">
            {t("review.nav.write")}
          </LocalLink>
        </div>
      ) : (
        <ol aria-label={t("review.hot.title")}>
          {loaderData.items.map((row) => (
            <ReviewCard key={row.id} row={row} />
          ))}
        </ol>
      )}
    </section>
  );
}
