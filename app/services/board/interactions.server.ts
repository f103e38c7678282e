import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { readerMarkColumns, type ReaderMarks } from "./articles.server";
import { listComments } from "./comments.server";
import type { ArticleInteractions } from "./interaction-types";

/** The reader's like and keep of an article and the members they hide, in one statement. */
async function readerMarks(db: Database, reader: Actor | null, articleId: number): Promise<ReaderMarks> {
  const [row] = await db
    .select(readerMarkColumns(reader?.id))
    .from(boardArticle)
    .where(eq(boardArticle.id, articleId));
  return { liked: row?.liked ?? false, kept: row?.kept ?? false, blinded: new Set(row?.blinded ?? []) };
}

/**
 * What the post page shows below an article the reader may read: the reader's like and keep, and the comments
 * (those of members the reader has blinded come blinded). The page has already checked that the reader may read it,
 * and passes the marks it read with the article (`getArticlePage`); without them they are read here.
 */
export async function loadArticleInteractions(
  db: Database,
  reader: Actor | null,
  articleId: number,
  known?: ReaderMarks,
): Promise<ArticleInteractions> {
  const marks = known ?? (await readerMarks(db, reader, articleId));
  return {
    liked: marks.liked,
    kept: marks.kept,
    comments: await listComments(db, reader, articleId, marks.blinded),
  };
}
