import { readCursor } from "#app/services/cursor";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle } from "#app/db/schema";
import { DomainError } from "#app/services/errors";
import type { StoredArticleKind } from "./kinds";
import type { Actor } from "#app/services/actor";
import { canReadArticle } from "./visibility.server";

export interface InteractionTarget {
  id: number;
  kind: StoredArticleKind;
  authorId: string;
  title: string;
  isPrivate: boolean;
}

/**
 * The article an interaction is about, when the reader may see it: a missing or deleted article is 'deleted post'
 * (404), a private one of somebody else 'no permission to read' (403), and the guestbook needs a signed-in reader.
 * Inside a transaction, `lock` holds the row until commit so that its counters are recounted one writer at a time.
 */
export async function requireReadableArticle(
  db: Database,
  reader: Actor | null,
  articleId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<InteractionTarget> {
  if (!Number.isSafeInteger(articleId) || articleId <= 0) throw articleGone();
  const query = db
    .select({
      id: boardArticle.id,
      kind: boardArticle.kind,
      authorId: boardArticle.authorId,
      title: boardArticle.title,
      isPrivate: boardArticle.isPrivate,
      deletedAt: boardArticle.deletedAt,
    })
    .from(boardArticle)
    .where(eq(boardArticle.id, articleId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || row.deletedAt) throw articleGone();
  if (row.kind === "guestbook" && !reader) throw new DomainError("auth", "login_required");
  if (!canReadArticle(reader, row)) throw new DomainError("board", "forbidden");
  return {
    id: row.id,
    kind: row.kind as StoredArticleKind,
    authorId: row.authorId,
    title: row.title,
    isPrivate: row.isPrivate,
  };
}

function articleGone() {
  return new DomainError("board", "not_found");
}

/** Titles in notifications are cut so a long title does not swamp the list. */
export function shortTitle(title: string, max = 30): string {
  const chars = [...title];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : title;
}

const TIMESTAMP = /^\d{4}-[01]\d-[0-3]\d[ T][0-2]\d:[0-5]\d:[0-5]\d(\.\d{1,6})?([+-][01]\d(:?[0-5]\d)?|Z)$/;

/**
 * A keyset position: the database's own text of the last row's time (it keeps the microseconds) and its id. Null
 * for a missing or malformed cursor, and the list then starts at the top.
 */
export function decodeCursor(cursor: string | null | undefined): { at: string; id: number } | null {
  const position = readCursor(cursor);
  if (!Array.isArray(position)) return null;
  const [at, id] = position as unknown[];
  if (typeof at !== "string" || !TIMESTAMP.test(at) || !Number.isSafeInteger(id)) return null;
  return { at, id: id as number };
}
