import type { Route } from "./+types/article";
import { ArticleCard } from "#app/components/board/ArticleCard";
import { Time } from "#app/components/ui/Time";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { articlePath } from "#app/services/board/kinds";
import { listMyArticles, listMyComments } from "#app/services/board/my-activity.server";
import { listMyMarketComments, listMyMarketPosts } from "#app/services/market/my-market.server";
import { ListingCard } from "#app/components/market/ListingCard";
import { cardRow } from "#app/routes/market/list-loader.server";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "board.my.title" };

const tabs = ["articles", "comments", "marketPosts", "marketComments"] as const;
type Tab = (typeof tabs)[number];

const isTab = (value: string | null): value is Tab => (tabs as readonly (string | null)[]).includes(value);
const tabPath = (tab: Tab) => (tab === "articles" ? "/my/article" : `/my/article?tab=${tab}`);

/**
 * /my/article: my board and guestbook articles, my comments, my market listings or my comments on listings, newest
 * first, page by page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const reader = await requireActor(request);
  const url = new URL(request.url);
  const { db, clock } = getRuntime();
  const requested = url.searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "articles";
  const cursor = url.searchParams.get("cursor");
  const base = { tab, now: clock.now().toISOString(), paged: Boolean(cursor) };
  const none = { articles: null, comments: null, marketPosts: null, marketComments: null };
  if (tab === "comments") return { ...base, ...none, comments: await listMyComments(db, reader, cursor) };
  if (tab === "marketPosts") {
    const page = await listMyMarketPosts(db, reader, cursor);
    return { ...base, ...none, marketPosts: { rows: page.rows.map(cardRow), nextCursor: page.nextCursor } };
  }
  if (tab === "marketComments")
    return { ...base, ...none, marketComments: await listMyMarketComments(db, reader, cursor) };
  return { ...base, ...none, articles: await listMyArticles(db, reader, cursor) };
}

const tabClass = (active: boolean) =>
  `inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${active ? "border-primary text-primary dark:text-[var(--link)]" : "text-muted border-transparent"}`;

export default function MyArticles({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { tab, articles, comments, marketPosts, marketComments, now } = loaderData;
  const nextCursor =
    articles?.nextCursor ??
    comments?.nextCursor ??
    marketPosts?.nextCursor ??
    marketComments?.nextCursor ??
    null;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("board.my.title")}</h1>
      <nav aria-label={t("board.my.tabs")} className="border-b border-subtle">
        <ul className="-mb-px flex overflow-x-auto">
          {tabs.map((name) => (
            <li key={name} className="shrink-0">
              <LocalLink
                to={tabPath(name)}
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

      {marketPosts ? (
        marketPosts.rows.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl px-4 py-10 text-center">
            {t("board.my.emptyMarketPosts")}
          </p>
        ) : (
          <ul aria-label={t("board.my.marketPosts")} className="rounded-xl border border-subtle px-4">
            {marketPosts.rows.map((row) => (
              <ListingCard key={row.id} row={row} now={now} showKind />
            ))}
          </ul>
        )
      ) : null}

      {marketComments ? (
        marketComments.rows.length === 0 ? (
          <p className="surface-muted text-muted rounded-xl px-4 py-10 text-center">
            {t("board.my.emptyMarketComments")}
          </p>
        ) : (
          <ul
            aria-label={t("board.my.marketComments")}
            className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
          >
            {marketComments.rows.map((row) => (
              <li key={row.id} className="space-y-1 px-4 py-3">
                <p className="break-words">{row.preview}</p>
                <p className="text-muted flex flex-wrap gap-x-3 text-xs">
                  {row.listing.title && !row.listing.deleted ? (
                    <LocalLink to={row.listing.path} className="text-link underline">
                      {t("board.my.commentOn", { title: row.listing.title })}
                    </LocalLink>
                  ) : (
                    <span>{t("board.my.deletedArticle")}</span>
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
              to={tabPath(tab)}
              className="inline-flex min-h-9 items-center rounded-full border border-subtle px-3 text-sm"
            >
              {t("board.list.first")}
            </LocalLink>
          ) : null}
          {nextCursor ? (
            <LocalLink
              to={`/my/article?${new URLSearchParams({ ...(tab === "articles" ? {} : { tab }), cursor: nextCursor })}`}
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
