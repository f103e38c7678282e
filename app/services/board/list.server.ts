import { and, desc, eq, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import { preparedPerDatabase } from "#app/db/prepared.server";
import { boardArticle, boardCategory, member } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { can } from "#app/services/permissions";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { containsPattern, SEARCH_QUERY_MAX } from "#app/services/search/query";
import type { ArticleKind, BoardListKind } from "./kinds";
import { canReadArticle, isBlinded } from "./visibility.server";

export const LIST_PAGE_SIZE = 20;
export const PREVIEW_LENGTH = 100;

export type ListSort = "latest" | "popular";

export interface BoardListParams {
  /** A topic board, `total` (every topic board, never the guestbook) or the guestbook. */
  kind: BoardListKind | "guestbook";
  sort: ListSort;
  categoryId?: number | null;
  q?: string | null;
  /** The opaque `nextCursor` of the previous page. */
  cursor?: string | null;
}

/** The sort key of the last row of a page: created_at (microseconds, as text) or like_count, then id. */
type CursorKey = { s: "latest"; t: string; i: number } | { s: "popular"; l: number; i: number };

/** A cursor that is malformed or made for the other order is ignored: the list starts from the top. */
export function decodeCursor(cursor: string | null | undefined, sort: ListSort): CursorKey | null {
  const key = readCursor(cursor) as Record<string, unknown> | null | undefined;
  if (typeof key !== "object" || key === null || !Number.isSafeInteger(key.i)) return null;
  if (sort === "latest" && key.s === "latest" && typeof key.t === "string" && !isNaN(Date.parse(key.t)))
    return { s: "latest", t: key.t, i: key.i as number };
  if (sort === "popular" && key.s === "popular" && Number.isSafeInteger(key.l))
    return { s: "popular", l: key.l as number, i: key.i as number };
  return null;
}

/** The words searched for: trimmed, at most SEARCH_QUERY_MAX characters, null when empty. */
export function searchWords(q: string | null | undefined): string | null {
  const words = (q ?? "").trim();
  return words ? [...words].slice(0, SEARCH_QUERY_MAX).join("") : null;
}

// created_at with its full (microsecond) precision, so that a cursor never skips rows written in the same
// millisecond.
export function preciseTime(column: AnyPgColumn) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The columns of a list row (shared by the board lists and a member's own list). */
export const listColumns = {
  id: boardArticle.id,
  kind: boardArticle.kind,
  categoryId: boardArticle.categoryId,
  categoryKo: boardCategory.nameKo,
  categoryEn: boardCategory.nameEn,
  title: boardArticle.title,
  preview: sql<string>`left(${boardArticle.contentText}, ${PREVIEW_LENGTH})`,
  thumbnailUrl: boardArticle.thumbnailUrl,
  isPrivate: boardArticle.isPrivate,
  authorId: boardArticle.authorId,
  nickname: member.nickname,
  name: member.name,
  avatarUrl: member.image,
  likeCount: boardArticle.likeCount,
  commentCount: boardArticle.commentCount,
  createdAt: boardArticle.createdAt,
  sortAt: preciseTime(boardArticle.createdAt),
};

/** The values a list query's conditions take: given, or named placeholders of a prepared statement. */
interface ListValues {
  kind: string | Placeholder;
  categoryId: number | Placeholder | null;
  after:
    | { s: "latest"; t: string | Placeholder; i: number | Placeholder }
    | { s: "popular"; l: number | Placeholder; i: number | Placeholder }
    | null;
}

/**
 * The query a board list runs, exactly, so that the benchmark can EXPLAIN it. Its WHERE and ORDER BY match the
 * partial indexes of board_article: `deleted_at is null` (and the literal `section = 'board'` for the total list)
 * with keyset pagination on (created_at desc, id desc) or (like_count desc, id desc). One row more than a page is
 * read to know whether another page follows.
 */
export function boardListQuery(db: Database, params: BoardListParams, reader: Actor | null = null) {
  return listQuery(db, params, reader, {
    kind: params.kind,
    categoryId: params.categoryId || null,
    after: decodeCursor(params.cursor, params.sort),
  });
}

function listQuery(db: Database, params: BoardListParams, reader: Actor | null, values: ListValues) {
  const conditions: SQL[] = [sql`${boardArticle.deletedAt} is null`];
  if (params.kind === "total") conditions.push(sql`${boardArticle.section} = 'board'`);
  else conditions.push(eq(boardArticle.kind, values.kind));
  if (values.categoryId !== null && params.kind !== "total" && params.kind !== "guestbook")
    conditions.push(eq(boardArticle.categoryId, values.categoryId));
  const words = searchWords(params.q);
  if (words) {
    const pattern = containsPattern(words);
    conditions.push(
      sql`(${boardArticle.title} ilike ${pattern} or ${boardArticle.contentText} ilike ${pattern})`,
    );
    // What a private article says must not be found by others, not even as a locked row.
    if (!can(reader, "moderate:content"))
      conditions.push(
        reader
          ? or(eq(boardArticle.isPrivate, false), eq(boardArticle.authorId, reader.id))!
          : eq(boardArticle.isPrivate, false),
      );
  }
  const { after } = values;
  if (after?.s === "latest")
    conditions.push(
      sql`(${boardArticle.createdAt}, ${boardArticle.id}) < (${after.t}::timestamptz, ${after.i})`,
    );
  if (after?.s === "popular")
    conditions.push(sql`(${boardArticle.likeCount}, ${boardArticle.id}) < (${after.l}, ${after.i})`);
  const order =
    params.sort === "popular"
      ? [desc(boardArticle.likeCount), desc(boardArticle.id)]
      : [desc(boardArticle.createdAt), desc(boardArticle.id)];
  return db
    .select(listColumns)
    .from(boardArticle)
    .innerJoin(member, eq(member.id, boardArticle.authorId))
    .leftJoin(boardCategory, eq(boardCategory.id, boardArticle.categoryId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(LIST_PAGE_SIZE + 1);
}

type PreparedList = ReturnType<ReturnType<typeof listQuery>["prepare"]>;

/**
 * The lists without search words, prepared once per shape (a board or the total list, with or without a category,
 * by sort, from the top or after a cursor) and run with placeholders, so that a list view does not build its query
 * again (ADR 075). A search builds its query each time.
 */
const preparedLists = preparedPerDatabase(() => new Map<string, PreparedList>());

function preparedList(db: Database, params: BoardListParams, category: boolean, after: boolean) {
  const total = params.kind === "total";
  const shape = [
    total ? "total" : "kind",
    category ? "category" : "all",
    params.sort,
    after ? "after" : "top",
  ].join("_");
  const statements = preparedLists(db);
  let statement = statements.get(shape);
  if (statement === undefined) {
    const placeholder = sql.placeholder;
    const values: ListValues = {
      kind: placeholder("kind"),
      categoryId: category ? placeholder("categoryId") : null,
      after: !after
        ? null
        : params.sort === "popular"
          ? { s: "popular", l: placeholder("afterLikes"), i: placeholder("afterId") }
          : { s: "latest", t: placeholder("afterTime"), i: placeholder("afterId") },
    };
    statement = listQuery(db, { kind: params.kind, sort: params.sort }, null, values).prepare(
      `board_list_${shape}`,
    );
    statements.set(shape, statement);
  }
  return statement;
}

export interface ArticleAuthor {
  id: string;
  nickname: string;
  /** The representative avatar, or null (initials are shown). */
  avatarUrl: string | null;
}

export interface ArticleListRow {
  id: number;
  kind: ArticleKind;
  category: { id: number; ko: string; en: string } | null;
  /** Null for another member's private article: the row is shown locked, without what it says. */
  title: string | null;
  preview: string | null;
  thumbnailUrl: string | null;
  isPrivate: boolean;
  locked: boolean;
  /** Written by a member the reader has blinded. */
  blinded: boolean;
  author: ArticleAuthor;
  likeCount: number;
  commentCount: number;
  /** ISO time. */
  createdAt: string;
}

export interface ArticleListPage {
  rows: ArticleListRow[];
  /** Passed back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

type QueryRow = Awaited<ReturnType<typeof boardListQuery>>[number];

export function authorOf(row: {
  authorId: string;
  nickname: string | null;
  name: string;
  avatarUrl: string | null;
}) {
  return { id: row.authorId, nickname: row.nickname ?? row.name, avatarUrl: row.avatarUrl };
}

export function toListRow(row: QueryRow, reader: Actor | null, blinded: ReadonlySet<string>): ArticleListRow {
  const locked = !canReadArticle(reader, row);
  return {
    id: row.id,
    kind: row.kind as ArticleKind,
    category:
      row.categoryId && row.categoryKo && row.categoryEn
        ? { id: row.categoryId, ko: row.categoryKo, en: row.categoryEn }
        : null,
    title: locked ? null : row.title,
    preview: locked ? null : row.preview,
    thumbnailUrl: locked ? null : row.thumbnailUrl,
    isPrivate: row.isPrivate,
    locked,
    blinded: isBlinded(blinded, row.authorId),
    author: authorOf(row),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One page of a board list. Others' private articles stay in the list as locked rows (no title, preview or image);
 * rows of members the reader hid are flagged `blinded`.
 */
export async function listBoardArticles(
  db: Database,
  reader: Actor | null,
  blinded: ReadonlySet<string>,
  params: BoardListParams,
): Promise<ArticleListPage> {
  let rows: QueryRow[];
  if (searchWords(params.q)) rows = await boardListQuery(db, params, reader);
  else {
    const after = decodeCursor(params.cursor, params.sort);
    const category = Boolean(params.categoryId) && params.kind !== "total" && params.kind !== "guestbook";
    rows = await preparedList(db, params, category, after !== null).execute({
      kind: params.kind,
      categoryId: category ? params.categoryId : undefined,
      afterTime: after?.s === "latest" ? after.t : undefined,
      afterLikes: after?.s === "popular" ? after.l : undefined,
      afterId: after?.i,
    });
  }
  return pageOf(rows, params.sort, (row) => toListRow(row, reader, blinded));
}

/** The first LIST_PAGE_SIZE rows of a query that read one more, and the cursor after them when there was more. */
export function pageOf<Row extends { id: number; likeCount?: number; sortAt: string }, Out>(
  rows: Row[],
  sort: ListSort,
  map: (row: Row) => Out,
): { rows: Out[]; nextCursor: string | null } {
  const page = rows.slice(0, LIST_PAGE_SIZE);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > LIST_PAGE_SIZE && last)
    nextCursor = encodeCursor(
      sort === "popular"
        ? { s: "popular", l: last.likeCount ?? 0, i: last.id }
        : { s: "latest", t: last.sortAt, i: last.id },
    );
  return { rows: page.map(map), nextCursor };
}
