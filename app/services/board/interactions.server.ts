import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardKeep, boardLike } from "#app/db/schema";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { listComments } from "./comments.server";
import type { ArticleInteractions } from "./interaction-types";
import type { Actor } from "#app/services/actor";

/**
 * What the post page shows below an article the reader may read: the reader's like and keep, and the comments
 * (those of members the reader has blinded come blinded). The page has already checked that the reader may read it.
 */
export async function loadArticleInteractions(
  db: Database,
  reader: Actor | null,
  articleId: number,
): Promise<ArticleInteractions> {
  const [blinded, liked, kept] = await Promise.all([
    blindedMemberIds(db, reader?.id),
    reader
      ? db
          .select({ id: boardLike.articleId })
          .from(boardLike)
          .where(and(eq(boardLike.articleId, articleId), eq(boardLike.memberId, reader.id)))
      : [],
    reader
      ? db
          .select({ id: boardKeep.articleId })
          .from(boardKeep)
          .where(and(eq(boardKeep.articleId, articleId), eq(boardKeep.memberId, reader.id)))
      : [],
  ]);
  return {
    liked: liked.length > 0,
    kept: kept.length > 0,
    comments: await listComments(db, reader, articleId, blinded),
  };
}
