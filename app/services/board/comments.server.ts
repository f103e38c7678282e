import { isMarketKind } from "#app/services/market/kinds";
import { and, asc, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import { preparedPerDatabase } from "#app/db/prepared.server";
import type { Actor } from "#app/services/actor";
import { mayManage } from "#app/services/permissions";
import { recordModeration, type ActingFrom } from "#app/services/admin/audit.server";
import { boardArticle, boardComment, member, memberAvatar } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import { DomainError } from "#app/services/errors";
import type { CommentErrorCode } from "./errors";
import { notify, type NotifyInput } from "#app/services/notifications/notify.server";
import type { CommentAuthor, CommentView } from "./interaction-types";
import { encodeCursor } from "#app/services/cursor";
import { decodeCursor, requireReadableArticle, shortTitle } from "./interaction-access.server";
import { articlePath, COMMENT_MAX, type ArticleKind } from "./kinds";
import { readableArticleSql } from "./visibility.server";

/** Comments one member may write in a minute, across all articles: enough to talk, too few to flood. */
export const COMMENT_RATE: RateRule = { limit: 10, windowMs: 60_000 };
/** The same text sent again by the same member on the same article this soon is one comment, not two. */
export const COMMENT_REPEAT_MS = 10_000;

const fail = (code: CommentErrorCode) => new DomainError("comment", code);

const avatarUrl = sql<string | null>`(select ${memberAvatar.url} from ${memberAvatar}
  where ${memberAvatar.userId} = ${boardComment.authorId} and ${memberAvatar.isRepresentative}
  order by ${memberAvatar.id} limit 1)`;

const commentColumns = {
  id: boardComment.id,
  articleId: boardComment.articleId,
  parentId: boardComment.parentId,
  authorId: boardComment.authorId,
  nickname: sql<string>`coalesce(${member.nickname}, ${member.name})`,
  avatarUrl,
  content: boardComment.content,
  createdAt: boardComment.createdAt,
  deletedAt: boardComment.deletedAt,
};

type CommentRow = {
  id: number;
  parentId: number | null;
  authorId: string;
  nickname: string;
  avatarUrl: string | null;
  content: string;
  createdAt: Date;
  deletedAt: Date | null;
};

function toView(row: CommentRow, reader: Actor | null, blinded: ReadonlySet<string>): CommentView {
  const deleted = row.deletedAt !== null;
  // A deleted comment keeps its place for its replies but shows neither its text nor who wrote it.
  const author: CommentAuthor = deleted
    ? { id: "", nickname: "", avatarUrl: null }
    : { id: row.authorId, nickname: row.nickname, avatarUrl: row.avatarUrl };
  return {
    id: row.id,
    parentId: row.parentId,
    author,
    content: deleted ? "" : row.content,
    createdAt: row.createdAt.toISOString(),
    deleted,
    blinded: !deleted && blinded.has(row.authorId),
    mine: !deleted && reader?.id === row.authorId,
    replies: [],
  };
}

/** Recounts the live comments of an article into its counter; call it inside the transaction that changed them. */
async function recountComments(db: Database, articleId: number): Promise<number> {
  const [row] = await db
    .update(boardArticle)
    .set({
      commentCount: sql`(select count(*)::int from ${boardComment}
        where ${boardComment.articleId} = ${articleId} and ${boardComment.deletedAt} is null)`,
    })
    .where(eq(boardArticle.id, articleId))
    .returning({ commentCount: boardArticle.commentCount });
  return row?.commentCount ?? 0;
}

/** A post page's read of its comments. */
const commentStatements = preparedPerDatabase((db) => ({
  ofArticle: db
    .select(commentColumns)
    .from(boardComment)
    .innerJoin(member, eq(member.id, boardComment.authorId))
    .where(eq(boardComment.articleId, sql.placeholder("articleId")))
    .orderBy(asc(boardComment.createdAt), asc(boardComment.id))
    .prepare("article_page_comments"),
}));

/**
 * The comments of an article as its page shows them: top-level comments oldest first, each with its replies. A
 * deleted comment stays (as "deleted") only while it has live replies; comments of blinded members come blinded.
 */
export async function listComments(
  db: Database,
  reader: Actor | null,
  articleId: number,
  blinded: ReadonlySet<string>,
): Promise<CommentView[]> {
  const rows = await commentStatements(db).ofArticle.execute({ articleId });
  const top: CommentView[] = [];
  const byId = new Map<number, CommentView>();
  for (const row of rows) {
    if (row.parentId !== null) continue;
    const view = toView(row, reader, blinded);
    byId.set(view.id, view);
    top.push(view);
  }
  for (const row of rows) {
    if (row.parentId === null || row.deletedAt) continue;
    byId.get(row.parentId)?.replies.push(toView(row, reader, blinded));
  }
  return top.filter((comment) => !comment.deleted || comment.replies.length > 0);
}

export interface CommentInput {
  content: string;
  /** The comment replied to; a reply to a reply joins its top-level comment. */
  parentId?: number | null;
}

/**
 * Writes a comment or a reply on an article the member may read, keeps the article's comment count in the same
 * transaction, then notifies the article's author ("comment") and, for a reply, the author of the comment replied
 * to ("reply"). Answers the new comment and the article's new count.
 */
export async function addComment(
  db: Database,
  clock: Clock,
  reader: Actor,
  articleId: number,
  input: CommentInput,
): Promise<{ comment: CommentView; commentCount: number }> {
  return runInTransaction(db, clock, async (uow) => {
    const { tx, now } = uow;
    const article = await requireReadableArticle(tx, reader, articleId, { lock: true });
    const content = input.content.trim();
    if (!content) throw fail("comment_required");
    if ([...content].length > COMMENT_MAX) throw fail("comment_length");

    let parentId: number | null = null;
    let repliedToAuthor: string | null = null;
    if (input.parentId !== undefined && input.parentId !== null) {
      const [parent] = await tx
        .select({
          id: boardComment.id,
          parentId: boardComment.parentId,
          authorId: boardComment.authorId,
          deletedAt: boardComment.deletedAt,
        })
        .from(boardComment)
        .where(and(eq(boardComment.id, input.parentId), eq(boardComment.articleId, article.id)));
      if (!parent || parent.deletedAt) throw fail("comment_not_found");
      parentId = parent.parentId ?? parent.id;
      repliedToAuthor = parent.authorId;
    }

    // The article row is locked, so a double submit waits here and then finds the first one.
    const [repeat] = await tx
      .select({ id: boardComment.id })
      .from(boardComment)
      .where(
        and(
          eq(boardComment.articleId, article.id),
          eq(boardComment.authorId, reader.id),
          eq(boardComment.content, content),
          parentId === null ? isNull(boardComment.parentId) : eq(boardComment.parentId, parentId),
          isNull(boardComment.deletedAt),
          gt(boardComment.createdAt, new Date(now.getTime() - COMMENT_REPEAT_MS)),
        ),
      )
      .orderBy(desc(boardComment.id))
      .limit(1);
    if (repeat) {
      const [count] = await tx
        .select({ commentCount: boardArticle.commentCount })
        .from(boardArticle)
        .where(eq(boardArticle.id, article.id));
      return { comment: await readComment(tx, reader, repeat.id), commentCount: count?.commentCount ?? 0 };
    }

    const rate = await hit(tx, `comment:${reader.id}`, COMMENT_RATE, now);
    if (!rate.allowed) throw fail("too_many");

    const [row] = await tx
      .insert(boardComment)
      .values({
        articleId: article.id,
        parentId,
        authorId: reader.id,
        content,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: boardComment.id });
    const commentCount = await recountComments(tx, article.id);
    const comment = await readComment(tx, reader, row!.id);

    const params = { nickname: comment.author.nickname, title: shortTitle(article.title) };
    const link = `${articlePath(article.kind, article.id)}#comment-${comment.id}`;
    const notes: NotifyInput[] = [];
    if (repliedToAuthor)
      notes.push({ recipientId: repliedToAuthor, type: "reply", actorId: reader.id, params, link });
    if (article.authorId !== repliedToAuthor)
      notes.push({
        recipientId: article.authorId,
        type: isMarketKind(article.kind) ? "marketComment" : "comment",
        actorId: reader.id,
        params,
        link,
      });
    for (const note of notes) await notify(uow, note);
    return { comment, commentCount };
  });
}

async function readComment(db: Database, reader: Actor, id: number): Promise<CommentView> {
  const [row] = await db
    .select(commentColumns)
    .from(boardComment)
    .innerJoin(member, eq(member.id, boardComment.authorId))
    .where(eq(boardComment.id, id));
  return toView(row!, reader, new Set());
}

/** Soft-deletes a comment and recounts its article; the caller has checked who may. */
export async function removeComment(uow: UnitOfWork, commentId: number): Promise<number> {
  const [row] = await uow.tx
    .update(boardComment)
    .set({ deletedAt: uow.now })
    .where(and(eq(boardComment.id, commentId), isNull(boardComment.deletedAt)))
    .returning({ articleId: boardComment.articleId });
  if (!row) throw fail("comment_not_found");
  return recountComments(uow.tx, row.articleId);
}

/** The author deletes their comment (administrators may delete any). Its replies stay under "deleted comment". */
export async function deleteComment(
  db: Database,
  clock: Clock,
  reader: Actor,
  commentId: number,
  from?: ActingFrom,
): Promise<{ articleId: number; commentCount: number }> {
  return runInTransaction(db, clock, async (uow) => {
    const comment = await findLiveComment(uow.tx, commentId);
    await requireReadableArticle(uow.tx, reader, comment.articleId, { lock: true });
    if (!mayManage(reader, comment.authorId)) throw fail("not_comment_author");
    const commentCount = await removeComment(uow, commentId);
    await recordModeration(
      uow,
      reader,
      comment.authorId,
      {
        action: "board.comment.delete",
        subject: { kind: "comment", id: commentId },
        before: { articleId: comment.articleId },
      },
      from,
    );
    return { articleId: comment.articleId, commentCount };
  });
}

/** A comment that exists and is not deleted, or 'comment not found'. */
export async function findLiveComment(db: Database, commentId: number) {
  if (!Number.isSafeInteger(commentId) || commentId <= 0) throw fail("comment_not_found");
  const [row] = await db
    .select({
      id: boardComment.id,
      articleId: boardComment.articleId,
      authorId: boardComment.authorId,
      deletedAt: boardComment.deletedAt,
    })
    .from(boardComment)
    .where(eq(boardComment.id, commentId));
  if (!row || row.deletedAt) throw fail("comment_not_found");
  return row;
}

export interface ReceivedComment {
  id: number;
  /** "comment" on my article, or "reply" to my comment. */
  type: "comment" | "reply";
  content: string;
  createdAt: string;
  author: CommentAuthor;
  blinded: boolean;
  article: { id: number; kind: ArticleKind; title: string; path: string };
}

const RECEIVED_PAGE_SIZE = 20;

/**
 * Comments others wrote on my articles and replies others wrote to my comments, newest first, a page at a time
 * (keyset on the comment's time and id). Articles I may no longer read are left out; blinded members come blinded.
 */
export async function listReceivedComments(
  db: Database,
  reader: Actor,
  blinded: ReadonlySet<string>,
  { cursor, limit = RECEIVED_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): Promise<{ items: ReceivedComment[]; nextCursor: string | null }> {
  const parent = alias(boardComment, "parent_comment");
  const after = decodeCursor(cursor);
  const rows = await db
    .select({
      ...commentColumns,
      cursorAt: sql<string>`${boardComment.createdAt}::text`,
      parentAuthorId: parent.authorId,
      articleKind: boardArticle.kind,
      articleTitle: boardArticle.title,
      articleAuthorId: boardArticle.authorId,
    })
    .from(boardComment)
    .innerJoin(boardArticle, eq(boardArticle.id, boardComment.articleId))
    .innerJoin(member, eq(member.id, boardComment.authorId))
    .leftJoin(parent, eq(parent.id, boardComment.parentId))
    .where(
      and(
        isNull(boardComment.deletedAt),
        ne(boardComment.authorId, reader.id),
        or(eq(boardArticle.authorId, reader.id), eq(parent.authorId, reader.id)),
        readableArticleSql(reader),
        after
          ? sql`(${boardComment.createdAt}, ${boardComment.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(boardComment.createdAt), desc(boardComment.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => {
      const kind = row.articleKind as ArticleKind;
      return {
        id: row.id,
        type: row.parentAuthorId === reader.id ? "reply" : "comment",
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        author: { id: row.authorId, nickname: row.nickname, avatarUrl: row.avatarUrl },
        blinded: blinded.has(row.authorId),
        article: {
          id: row.articleId,
          kind,
          title: row.articleTitle,
          path: `${articlePath(kind, row.articleId)}#comment-${row.id}`,
        },
      };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor([last.cursorAt, last.id]) : null,
  };
}
