import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle, member, type ArticleSection } from "#app/db/schema";
import { messageKeyOr } from "#app/i18n";
import { articlePath, type StoredArticleKind } from "#app/services/board/kinds";
import type { Actor } from "#app/services/actor";
import { isBlinded, readableArticleSql } from "#app/services/board/visibility.server";
import { encodeCursor } from "#app/services/cursor";
import { containsPattern, cursorInvalid, decodeCursor } from "./query";
import type { PostHit, SearchContext, SearchPage, SearchSource } from "./types";

/** Characters of content shown before the first match, and the length of the whole snippet. */
const SNIPPET_LEAD = 30;
const SNIPPET_LENGTH = 120;
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/**
 * The rows a reader may find for a query: readable (not deleted; private only for the author and administrators)
 * and matching title or plain-text content anywhere. ILIKE '%q%' is what the trigram GIN indexes on title and
 * content_text serve, for Korean partial words too ("정비" finds "엔진오일정비후기").
 */
export function articleMatchSql(reader: Actor, query: string, scope: ArticleSection): SQL {
  const pattern = containsPattern(query);
  return and(
    readableArticleSql(reader),
    eq(boardArticle.section, scope),
    or(ilike(boardArticle.title, pattern), ilike(boardArticle.contentText, pattern)),
  )!;
}

async function searchArticles(db: Database, ctx: SearchContext, scope: ArticleSection): Promise<SearchPage> {
  const match = articleMatchSql(ctx.reader, ctx.query, scope);
  let keyset: SQL | undefined;
  if (ctx.cursor) {
    const [createdAt, id] = decodeCursor(ctx.cursor, ["string", "number"]) as [string, number];
    if (!TIMESTAMP_TEXT.test(createdAt)) throw cursorInvalid();
    keyset = sql`(${boardArticle.createdAt}, ${boardArticle.id}) < (${createdAt}::timestamptz, ${id})`;
  }
  // Positions are in characters on both sides (strpos and substr), so the snippet never splits a Hangul syllable.
  const position = sql`strpos(lower(${boardArticle.contentText}), lower(${ctx.query}))`;
  const start = sql`greatest(${position} - ${SNIPPET_LEAD}, 1)`;
  const [[counted], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(boardArticle)
      .where(match),
    db
      .select({
        id: boardArticle.id,
        kind: boardArticle.kind,
        title: boardArticle.title,
        snippet: sql<string>`substr(${boardArticle.contentText}, ${start}, ${SNIPPET_LENGTH})`,
        cutStart: sql<boolean>`${start} > 1`,
        cutEnd: sql<boolean>`char_length(${boardArticle.contentText}) >= ${start} + ${SNIPPET_LENGTH}`,
        authorId: boardArticle.authorId,
        nickname: member.nickname,
        name: member.name,
        createdAt: boardArticle.createdAt,
        createdAtKey: sql<string>`${boardArticle.createdAt}::text`,
        likes: boardArticle.likeCount,
        comments: boardArticle.commentCount,
        views: boardArticle.viewCount,
      })
      .from(boardArticle)
      .innerJoin(member, eq(member.id, boardArticle.authorId))
      .where(and(match, keyset))
      .orderBy(desc(boardArticle.createdAt), desc(boardArticle.id))
      .limit(ctx.limit + 1),
  ]);
  const page = rows.slice(0, ctx.limit);
  const last = page.at(-1);
  return {
    total: counted?.n ?? 0,
    items: page.map((row): PostHit => ({
      layout: "post",
      id: String(row.id),
      path: articlePath(row.kind as StoredArticleKind, row.id),
      title: row.title,
      snippet: row.snippet,
      snippetCutStart: row.cutStart,
      snippetCutEnd: row.cutEnd,
      placeKey: messageKeyOr(
        `${scope === "market" ? "market" : "board"}.kind.${row.kind}`,
        "board.kind.total",
      ),
      author: { id: row.authorId, nickname: row.nickname ?? row.name },
      createdAt: row.createdAt.toISOString(),
      counts: { likes: row.likes, comments: row.comments, views: row.views },
      blinded: isBlinded(ctx.blinded, row.authorId),
    })),
    nextCursor: rows.length > ctx.limit && last ? encodeCursor([last.createdAtKey, last.id]) : null,
  };
}

/** Articles of every topic board (the `total` list's rows). */
export const boardSearchSource: SearchSource = {
  area: "board",
  labelKey: "search.area.board",
  search: (db, ctx) => searchArticles(db, ctx, "board"),
};

/** Guestbook posts, kept apart from the topic boards as the lists keep them. */
export const guestbookSearchSource: SearchSource = {
  area: "guestbook",
  labelKey: "search.area.guestbook",
  search: (db, ctx) => searchArticles(db, ctx, "guestbook"),
};

/** Market listings, with their own result group. */
export const marketSearchSource: SearchSource = {
  area: "market",
  labelKey: "search.area.market",
  search: (db, ctx) => searchArticles(db, ctx, "market"),
};
