import PenSquare from "lucide-react/icons/square-pen";
import { Form } from "react-router";
import {
  CategoryLinks,
  KeptListChoices,
  KindLinks,
  ListPages,
  listAddress,
  SearchField,
  SortLinks,
} from "#app/components/posts/PostList";
import { messageKeyOr } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { boardKinds } from "#app/services/board/kinds";
import type { ArticleListPage, ListSort } from "#app/services/board/list.server";
import { ArticleCard } from "./ArticleCard";
import type { ListCategory } from "#app/shell/list-query.server";

export interface BoardListViewProps {
  kind: string;
  sort: ListSort;
  /** The board's categories (none for the total list and the guestbook). */
  categories: ListCategory[];
  category: string | null;
  q: string | null;
  page: ArticleListPage;
  /** This is a later page (reached through "next"). */
  paged: boolean;
  now: string;
  signedIn: boolean;
}

/** A topic board, the total list or the guestbook: navigation, order, categories, search and the articles. */
export function BoardListView(props: BoardListViewProps) {
  const t = useT();
  const { kind, sort, categories, category, q, page } = props;
  const isGuestbook = kind === "guestbook";
  const href = (changes: Record<string, string | null>) =>
    listAddress(`/board/${kind}`, { sort: sort === "latest" ? null : sort, category, q, ...changes });
  const writePath = isGuestbook
    ? "/board/guestbook/write"
    : kind === "total"
      ? "/board/write"
      : `/board/write?kind=${kind}`;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">
            {t(messageKeyOr(`board.kind.${kind}`, "board.kind.total"))}
          </h1>
          {isGuestbook ? <p className="text-muted text-sm">{t("board.guestbook.intro")}</p> : null}
        </div>
        {props.signedIn ? (
          <LocalLink
            to={writePath}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            <PenSquare className="size-4" aria-hidden="true" />
            {isGuestbook ? t("board.guestbook.write") : t("board.list.write")}
          </LocalLink>
        ) : (
          <LocalLink
            to={`/login?redirectTo=${encodeURIComponent(writePath)}`}
            className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-subtle px-4 font-semibold"
          >
            {t("board.list.signInToWrite")}
          </LocalLink>
        )}
      </header>

      {isGuestbook ? null : (
        <KindLinks
          label={t("board.list.boards")}
          kinds={(["total", ...boardKinds] as const).map((board) => ({
            path: `/board/${board}`,
            label: t(`board.kind.${board}`),
          }))}
        />
      )}

      <Form method="get" role="search" className="flex gap-2">
        <KeptListChoices sort={sort} category={category} />
        <SearchField
          id="board-search"
          q={q}
          label={t("board.list.searchLabel")}
          placeholder={t("board.list.searchPlaceholder")}
          submitLabel={t("board.list.search")}
          inputClassName="surface block min-h-11 min-w-0 flex-1 rounded-lg border border-subtle px-3"
        />
      </Form>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <SortLinks
          label={t("board.list.sort")}
          labels={{ latest: t("board.list.latest"), popular: t("board.list.popular") }}
          sort={sort}
          hrefOf={(order) => href({ sort: order === "latest" ? null : order })}
        />
        {q ? (
          <p className="text-sm">
            {t("board.list.searchResult", { q })}{" "}
            <LocalLink to={href({ q: null })} className="text-link underline">
              {t("board.list.clearSearch")}
            </LocalLink>
          </p>
        ) : null}
      </div>

      {categories.length > 0 ? (
        <CategoryLinks
          label={t("board.list.categories")}
          allLabel={t("board.list.allCategories")}
          categories={categories}
          category={category}
          hrefOf={(code) => href({ category: code })}
        />
      ) : null}

      {page.rows.length === 0 ? (
        <p className="surface-muted rounded-xl px-4 py-10 text-center text-muted">
          {q ? t("board.list.emptySearch") : t("board.list.empty")}
        </p>
      ) : (
        <ul aria-label={t("board.list.articles")} className="rounded-xl border border-subtle px-4">
          {page.rows.map((row) => (
            <ArticleCard key={row.id} row={row} now={props.now} showBoard={kind === "total"} />
          ))}
        </ul>
      )}

      <ListPages
        label={t("board.list.pages")}
        firstLabel={t("board.list.first")}
        nextLabel={t("board.list.more")}
        firstPath={props.paged ? href({}) : null}
        nextPath={page.nextCursor ? href({ cursor: page.nextCursor }) : null}
      />
    </section>
  );
}
