import type { Database } from "#app/db/client.server";
import type { ArticleInteractions } from "./interaction-types";
import type { Reader } from "./visibility.server";

/**
 * What the post page shows below an article the reader may read: the reader's like and keep, and the comments.
 * (First version: nothing yet; comments, likes and keeps fill it.)
 */
export async function loadArticleInteractions(
  _db: Database,
  _reader: Reader | null,
  _articleId: number,
): Promise<ArticleInteractions> {
  return { liked: false, kept: false, comments: [] };
}
