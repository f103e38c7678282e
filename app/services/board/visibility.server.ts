import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { boardArticle } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { can } from "#app/services/permissions";

/**
 * Private articles are readable only by their author and administrators (spec section 6). Every list, search and
 * API path asks this (or `readableArticleSql`) before showing a title or content.
 */
export function canReadArticle(
  reader: Actor | null | undefined,
  article: { authorId: string; isPrivate: boolean },
): boolean {
  if (!article.isPrivate) return true;
  if (!reader) return false;
  return can(reader, "moderate:content") || reader.id === article.authorId;
}

/** The SQL form of `canReadArticle` for queries that must leave unreadable rows out (search, keeps). */
export function readableArticleSql(reader: Actor | null | undefined): SQL {
  const live = isNull(boardArticle.deletedAt);
  if (can(reader, "moderate:content")) return live;
  if (!reader) return and(live, eq(boardArticle.isPrivate, false))!;
  return and(live, or(eq(boardArticle.isPrivate, false), eq(boardArticle.authorId, reader.id)))!;
}

/** `true` when the author is one the reader has blinded: the row is shown blinded, with a way to reveal it. */
export function isBlinded(blinded: ReadonlySet<string>, authorId: string): boolean {
  return blinded.has(authorId);
}
