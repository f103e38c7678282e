import Sparkles from "lucide-react/icons/sparkles";
import type { Route } from "./+types/spark";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listReceivedSparks, reviewPath, sparkState } from "#app/services/sparks/sparks.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "spark.my.title" };

/** /my/spark: the sparks the member's reviews received (newest first, a page at a time) and today's allowance left. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const { db, clock } = getRuntime();
  const before = idOrNull(new URL(request.url).searchParams.get("before")) ?? undefined;
  const [page, state] = await Promise.all([
    listReceivedSparks(db, actor.id, { before }),
    sparkState(db, clock, actor.id),
  ]);
  return {
    remainingToday: state.remainingToday,
    rows: page.rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      at: row.createdAt.toISOString(),
      giver: row.giverNickname,
      review: { id: row.reviewId, path: reviewPath(row.reviewId), ...row.review },
    })),
    next: page.next,
    later: before !== undefined,
    now: clock.now().toISOString(),
  };
}

export default function MySparks({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const { rows, next, later, remainingToday, now } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("spark.my.title")}</h1>
      <div className="rounded-xl bg-secondary px-5 py-4 text-white">
        <p className="text-sm text-white/80">{t("spark.my.remaining")}</p>
        <p className="flex items-center gap-2 text-3xl font-extrabold" data-testid="spark-remaining">
          <Sparkles className="size-7 text-amber-300" aria-hidden="true" />
          {t("spark.my.remainingCount", { count: remainingToday })}
        </p>
        <p className="mt-1 text-xs text-white/80">{t("spark.my.refresh")}</p>
      </div>
      {rows.length === 0 && !later ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-6 text-center text-sm">
          {t("spark.my.empty")}
        </p>
      ) : (
        <ul
          aria-label={t("spark.my.received")}
          className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
        >
          {rows.map((row) => {
            const title = t("spark.my.review", {
              model: language === "en" ? row.review.modelEn : row.review.modelKo,
              year: row.review.year,
            });
            return (
              <li key={row.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <span className="min-w-0">
                  <span className="block truncate font-semibold">
                    {row.giver ? t("spark.my.from", { nickname: row.giver }) : t("spark.my.withdrawn")}
                  </span>
                  <span className="text-muted block truncate text-xs">
                    {row.review.deleted ? (
                      <span>
                        {title} · {t("spark.my.deletedReview")}
                      </span>
                    ) : (
                      <LocalLink to={row.review.path} className="text-link hover:underline">
                        {title}
                      </LocalLink>
                    )}{" "}
                    · <Time at={row.at} now={now} />
                  </span>
                </span>
                <span className="inline-flex shrink-0 items-center gap-1 font-bold text-amber-700 dark:text-amber-300">
                  <Sparkles className="size-4" aria-hidden="true" />
                  {t("spark.my.count", { count: row.amount })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {next ? (
        <LocalLink to={`/my/spark?before=${next}`} className="text-link block text-center underline">
          {t("spark.my.more")}
        </LocalLink>
      ) : null}
    </section>
  );
}
