import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle, boardCategory, boardComment, member } from "#app/db/schema";
import type { ArticleKind } from "./kinds";
import {
  decodeCursor,
  LIST_PAGE_SIZE,
  listColumns,
  pageOf,
  preciseTime,
  PREVIEW_LENGTH,
  toListRow,
  type ArticleListPage,
} from "./list.server";
import type { Actor } from "#app/services/actor";
import { canReadArticle } from "./visibility.server";

/**
 * Leaves market listings out of the board tabs: they have their own (app/services/market/my-market.server.ts), with
 * a listing's price and status.
 */
const notMarket = sql`${boardArticle.section} <> 'market'`;

/** A member's own live articles, board and guestbook together, newest first (keyset on the author index). */
export async function listMyArticles(
  db: Database,
  reader: Actor,
  cursor: string | null | undefined,
): Promise<ArticleListPage> {
  const conditions: SQL[] = [eq(boardArticle.authorId, reader.id), isNull(boardArticle.deletedAt), notMarket];
  const after = decodeCursor(cursor, "latest");
  if (after?.s === "latest")
    conditions.push(
      sql`(${boardArticle.createdAt}, ${boardArticle.id}) < (${after.t}::timestamptz, ${after.i})`,
    );
  const rows = await db
    .select(listColumns)
    .from(boardArticle)
    .innerJoin(member, eq(member.id, boardArticle.authorId))
    .leftJoin(boardCategory, eq(boardCategory.id, boardArticle.categoryId))
    .where(and(...conditions))
    .orderBy(desc(boardArticle.createdAt), desc(boardArticle.id))
    .limit(LIST_PAGE_SIZE + 1);
  return pageOf(rows, "latest", (row) => toListRow(row, reader, new Set()));
}

export interface MyCommentRow {
  id: number;
  /** The start of the comment. */
  preview: string;
  /** ISO time. */
  createdAt: string;
  article: {
    id: number;
    kind: ArticleKind;
    /** Null when the article can no longer be opened: deleted, or made private by its author. */
    title: string | null;
    deleted: boolean;
    locked: boolean;
  };
}

/** A member's own live comments on board and guestbook articles, with the article each belongs to, newest first. */
export async function listMyComments(
  db: Database,
  reader: Actor,
  cursor: string | null | undefined,
): Promise<{ rows: MyCommentRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(boardComment.authorId, reader.id), isNull(boardComment.deletedAt), notMarket];
  const after = decodeCursor(cursor, "latest");
  if (after?.s === "latest")
    conditions.push(
      sql`(${boardComment.createdAt}, ${boardComment.id}) < (${after.t}::timestamptz, ${after.i})`,
    );
  const rows = await db
    .select({
      id: boardComment.id,
      preview: sql<string>`left(${boardComment.content}, ${PREVIEW_LENGTH})`,
      createdAt: boardComment.createdAt,
      sortAt: preciseTime(boardComment.createdAt),
      articleId: boardArticle.id,
      kind: boardArticle.kind,
      title: boardArticle.title,
      isPrivate: boardArticle.isPrivate,
      authorId: boardArticle.authorId,
      deletedAt: boardArticle.deletedAt,
    })
    .from(boardComment)
    .innerJoin(boardArticle, eq(boardArticle.id, boardComment.articleId))
    .where(and(...conditions))
    .orderBy(desc(boardComment.createdAt), desc(boardComment.id))
    .limit(LIST_PAGE_SIZE + 1);
  return pageOf(rows, "latest", (row) => {
    const deleted = row.deletedAt !== null;
    const locked = !canReadArticle(reader, row);
    return {
      id: row.id,
      preview: row.preview,
      createdAt: row.createdAt.toISOString(),
      article: {
        id: row.articleId,
        kind: row.kind as ArticleKind,
        title: deleted || locked ? null : row.title,
        deleted,
        locked,
      },
    };
  });
}
