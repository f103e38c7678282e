import type { Route } from "./+types/article";
import { ArticleCard } from "#app/components/board/ArticleCard";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { articlePath } from "#app/services/board/kinds";
import { listMyArticles, listMyComments } from "#app/services/board/my-activity.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "board.my.title" };

// The market's tabs (market posts, market comments) join this list when the market exists.
const tabs = ["articles", "comments"] as const;
type Tab = (typeof tabs)[number];

/** /my/article: my board and guestbook articles, or my comments, newest first, page by page. */
export async function loader({ request }: Route.LoaderArgs) {
  const reader = await requireActor(request);
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const tab: Tab = url.searchParams.get("tab") === "comments" ? "comments" : "articles";
  const cursor = url.searchParams.get("cursor");
  const now = clock.now().toISOString();
  if (tab === "comments")
    return {
      tab,
      now,
      paged: Boolean(cursor),
      comments: await listMyComments(db, reader, cursor),
      articles: null,
    };
  return {
    tab,
    now,
    paged: Boolean(cursor),
    articles: await listMyArticles(db, reader, cursor),
    comments: null,
  };
}

const tabClass = (active: boolean) =>
  `inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${active ? "border-primary text-primary dark:text-[var(--link)]" : "text-muted border-transparent"}`;

export default function MyArticles({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { tab, articles, comments, now } = loaderData;
  const nextCursor = articles?.nextCursor ?? comments?.nextCursor ?? null;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("board.my.title")}</h1>
      <nav aria-label={t("board.my.tabs")} className="border-b border-subtle">
        <ul className="flex">
          {tabs.map((name) => (
            <li key={name}>
              <LocalLink
                to={name === "articles" ? "/my/article" : "/my/article?tab=comments"}
                aria-current={name === tab ? "page" : undefined}
                className={tabClass(name === tab)}
              >
                {t(`board.my.${name}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>

      {articles ? (
        articles.rows.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl px-4 py-10 text-center">
            {t("board.my.emptyArticles")}
          </p>
        ) : (
          <ul aria-label={t("board.my.articles")} className="rounded-xl border border-subtle px-4">
            {articles.rows.map((row) => (
              <ArticleCard key={row.id} row={row} now={now} showBoard />
            ))}
          </ul>
        )
      ) : null}

      {comments ? (
        comments.rows.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl px-4 py-10 text-center">
            {t("board.my.emptyComments")}
          </p>
        ) : (
          <ul
            aria-label={t("board.my.comments")}
            className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
          >
            {comments.rows.map((row) => (
              <li key={row.id} className="space-y-1 px-4 py-3">
                <p className="break-words">{row.preview}</p>
                <p className="text-muted flex flex-wrap gap-x-3 text-xs">
                  {row.article.title ? (
                    <LocalLink
                      to={articlePath(row.article.kind, row.article.id)}
                      className="text-link underline"
                    >
                      {t("board.my.commentOn", { title: row.article.title })}
                    </LocalLink>
                  ) : (
                    <span>
                      {row.article.deleted ? t("board.my.deletedArticle") : t("board.my.lockedArticle")}
                    </span>
                  )}
                  <Time at={row.createdAt} now={now} />
                </p>
              </li>
            ))}
          </ul>
        )
      ) : null}

      {nextCursor || loaderData.paged ? (
        <nav aria-label={t("board.list.pages")} className="flex justify-center gap-3">
          {loaderData.paged ? (
            <LocalLink
              to={tab === "comments" ? "/my/article?tab=comments" : "/my/article"}
              className="inline-flex min-h-9 items-center rounded-full border border-subtle px-3 text-sm"
            >
              {t("board.list.first")}
            </LocalLink>
          ) : null}
          {nextCursor ? (
            <LocalLink
              to={`/my/article?${new URLSearchParams({ ...(tab === "comments" ? { tab } : {}), cursor: nextCursor })}`}
              rel="next"
              className="inline-flex min-h-9 items-center rounded-full border border-subtle px-3 text-sm font-semibold"
            >
              {t("board.my.more")}
            </LocalLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
