import PenSquare from "lucide-react/icons/square-pen";
import Search from "lucide-react/icons/search";
import { Form } from "react-router";
import { messageKeyOr } from "#app/i18n";
import { LocalLink, LocalNavLink, useLanguage, useT } from "#app/i18n/react";
import { boardKinds } from "#app/services/board/kinds";
import type { ArticleListPage, ListSort } from "#app/services/board/list.server";
import { ArticleCard } from "./ArticleCard";

export interface BoardListViewProps {
  kind: string;
  sort: ListSort;
  /** The board's categories (none for the total list and the guestbook). */
  categories: { code: string; ko: string; en: string }[];
  category: string | null;
  q: string | null;
  page: ArticleListPage;
  /** This is a later page (reached through "next"). */
  paged: boolean;
  now: string;
  signedIn: boolean;
}

const chip =
  "inline-flex min-h-9 shrink-0 items-center rounded-full border border-subtle px-3 text-sm whitespace-nowrap";
const activeChip = "border-primary bg-primary font-semibold text-white";

/** A topic board, the total list or the guestbook: navigation, order, categories, search and the articles. */
export function BoardListView(props: BoardListViewProps) {
  const t = useT();
  const language = useLanguage();
  const { kind, sort, categories, category, q, page } = props;
  const isGuestbook = kind === "guestbook";
  const base = `/board/${kind}`;
  const href = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams();
    const next = { sort: sort === "latest" ? null : sort, category, q, ...changes };
    for (const [name, value] of Object.entries(next)) if (value) params.set(name, value);
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
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
        <nav aria-label={t("board.list.boards")} className="-mx-4 overflow-x-auto px-4">
          <ul className="flex gap-2 pb-1">
            {(["total", ...boardKinds] as const).map((board) => (
              <li key={board}>
                <LocalNavLink
                  to={`/board/${board}`}
                  end
                  className={({ isActive }) => `${chip} ${isActive ? activeChip : ""}`}
                >
                  {t(`board.kind.${board}`)}
                </LocalNavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <Form method="get" role="search" className="flex gap-2">
        {sort === "popular" ? <input type="hidden" name="sort" value="popular" /> : null}
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <label htmlFor="board-search" className="sr-only">
          {t("board.list.searchLabel")}
        </label>
        <input
          id="board-search"
          type="search"
          name="q"
          defaultValue={q ?? ""}
          maxLength={50}
          placeholder={t("board.list.searchPlaceholder")}
          className="surface block min-h-11 min-w-0 flex-1 rounded-lg border border-subtle px-3"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-subtle px-4 font-semibold"
        >
          <Search className="size-4" aria-hidden="true" />
          {t("board.list.search")}
        </button>
      </Form>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav aria-label={t("board.list.sort")}>
          <ul className="flex gap-2">
            {(["latest", "popular"] as const).map((order) => (
              <li key={order}>
                <LocalLink
                  to={href({ sort: order === "latest" ? null : order })}
                  aria-current={order === sort ? "true" : undefined}
                  className={`${chip} ${order === sort ? activeChip : ""}`}
                >
                  {t(`board.list.${order}`)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
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
        <nav aria-label={t("board.list.categories")} className="-mx-4 overflow-x-auto px-4">
          <ul className="flex gap-2 pb-1">
            {[
              { code: null, label: t("board.list.allCategories") },
              ...categories.map((item) => ({ code: item.code, label: item[language] })),
            ].map((item) => (
              <li key={item.code ?? "all"}>
                <LocalLink
                  to={href({ category: item.code })}
                  aria-current={item.code === category ? "true" : undefined}
                  className={`${chip} ${item.code === category ? activeChip : ""}`}
                >
                  {item.label}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
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

      {page.nextCursor || props.paged ? (
        <nav aria-label={t("board.list.pages")} className="flex justify-center gap-3">
          {props.paged ? (
            <LocalLink to={href({})} className={chip}>
              {t("board.list.first")}
            </LocalLink>
          ) : null}
          {page.nextCursor ? (
            <LocalLink to={href({ cursor: page.nextCursor })} rel="next" className={`${chip} font-semibold`}>
              {t("board.list.more")}
            </LocalLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
