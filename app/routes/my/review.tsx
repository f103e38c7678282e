import Lock from "lucide-react/icons/lock";
import PencilLine from "lucide-react/icons/pencil-line";
import type { Route } from "./+types/review";
import { ReviewCard, ReviewNav, ReviewPageLinks } from "#app/components/review/ReviewBits";
import { stripLanguage } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listMyReviews } from "#app/services/reviews/list.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "review.my.title" };

/** /my/review and /review/motorcycle/my: the member's reviews, each editable until its time or locked. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const cursor = url.searchParams.get("cursor");
  const page = await listMyReviews(db, actor, { cursor, now: clock.now() });
  return { ...page, later: Boolean(cursor), path: stripLanguage(url.pathname) };
}

export default function MyReviews({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { items, nextCursor, later, path } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      {path.startsWith("/review/") ? <ReviewNav /> : null}
      <h1 className="text-2xl font-extrabold">{t("review.my.title")}</h1>
      <p className="text-muted text-sm">{t("review.my.intro")}</p>
      {items.length === 0 ? (
        <div className="space-y-2 py-8 text-center">
          <p className="font-semibold">{t("review.my.empty")}</p>
          <LocalLink
            to="/review/motorcycle/write/search"
            className="inline-flex min-h-11 items-center rounded-full bg-primary px-6 font-semibold text-white hover:bg-primary-strong"
          >
            {t("review.my.write")}
          </LocalLink>
        </div>
      ) : (
        <ul>
          {items.map((row) => (
            <ReviewCard key={row.id} row={row}>
              <p
                className="flex flex-wrap items-center gap-2 text-sm"
                data-lock-state={row.locked ? "locked" : "editable"}
              >
                {row.locked ? (
                  <span className="text-muted inline-flex items-center gap-1">
                    <Lock aria-hidden className="size-4" />
                    {t("review.my.locked", { time: formatDateTime(language, row.editableUntil) })}
                  </span>
                ) : (
                  <>
                    <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 dark:text-emerald-300">
                      <PencilLine aria-hidden className="size-4" />
                      {t("review.my.editableUntil", { time: formatDateTime(language, row.editableUntil) })}
                    </span>
                    <LocalLink
                      to={`/review/motorcycle/write?id=${row.id}`}
                      className="inline-flex min-h-10 items-center rounded-lg border border-subtle px-3 font-semibold"
                    >
                      {t("review.my.edit")}
                    </LocalLink>
                  </>
                )}
              </p>
            </ReviewCard>
          ))}
        </ul>
      )}
      <ReviewPageLinks
        path={path}
        params={{}}
        next={nextCursor}
        later={later}
        nextLabel={t("review.list.more")}
        firstLabel={t("review.list.first")}
      />
    </section>
  );
}
