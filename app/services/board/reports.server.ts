import { isActingAdmin, type AdminActor } from "#app/services/admin";
import { and, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { boardArticle, boardComment, contentReport, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import { DomainError } from "#app/services/errors";
import { findLiveComment, removeComment } from "./comments.server";
import { requireReadableArticle } from "./interaction-access.server";
import { articlePath, REPORT_REASON_MAX, type ArticleKind } from "./kinds";
import type { Reader } from "./visibility.server";

/** Reports one member may send in an hour. */
export const REPORT_RATE: RateRule = { limit: 20, windowMs: 60 * 60_000 };

const fail = (code: string, status = 400) => new DomainError(code, `comment.error.${code}` as never, status);

export type ReportTarget = { type: "article" | "comment"; id: number };

function checkedReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw fail("reason_required");
  if ([...text].length > REPORT_REASON_MAX) throw fail("reason_length");
  return text;
}

async function storeReport(
  db: Database,
  clock: Clock,
  reader: Reader,
  target: ReportTarget,
  reason: string,
): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const rate = await hit(tx, `report:${reader.id}`, REPORT_RATE, now);
    if (!rate.allowed) throw fail("too_many", 429);
    const added = await tx
      .insert(contentReport)
      .values({ targetType: target.type, targetId: target.id, reporterId: reader.id, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: contentReport.id });
    if (added.length === 0) throw fail("already_reported", 409);
  });
}

/** Reports another member's article with a reason (required, up to 200 characters), once per member. */
export async function reportArticle(
  db: Database,
  clock: Clock,
  reader: Reader,
  articleId: number,
  reason: string,
): Promise<void> {
  const article = await requireReadableArticle(db, reader, articleId);
  if (article.authorId === reader.id) throw fail("own_content", 403);
  await storeReport(db, clock, reader, { type: "article", id: article.id }, checkedReason(reason));
}

/** Reports another member's comment on an article the reader may read, once per member. */
export async function reportComment(
  db: Database,
  clock: Clock,
  reader: Reader,
  commentId: number,
  reason: string,
): Promise<{ articleId: number }> {
  const comment = await findLiveComment(db, commentId);
  await requireReadableArticle(db, reader, comment.articleId);
  if (comment.authorId === reader.id) throw fail("own_content", 403);
  await storeReport(db, clock, reader, { type: "comment", id: comment.id }, checkedReason(reason));
  return { articleId: comment.articleId };
}

/** Reports are for administrators who turned on two-step verification. */
export type Moderator = AdminActor;

function requireModerator(actor: Moderator) {
  if (!isActingAdmin(actor)) throw fail("forbidden", 403);
}

export interface OpenReport {
  id: number;
  reason: string;
  createdAt: string;
  reporterNickname: string;
  target: {
    type: "article" | "comment";
    id: number;
    /** Deleted since it was reported: nothing is left to delete. */
    gone: boolean;
    authorNickname: string;
    /** The article's title, or the comment's text. */
    preview: string;
    /** Where it is shown (a comment's link points at the comment). */
    path: string;
  };
}

export const REPORT_PAGE_SIZE = 30;

/** Open reports, newest first, with what they are about; a page at a time (keyset on id). */
export async function listOpenReports(
  db: Database,
  actor: Moderator,
  { before, limit = REPORT_PAGE_SIZE }: { before?: number | null; limit?: number } = {},
): Promise<{ items: OpenReport[]; nextBefore: number | null }> {
  requireModerator(actor);
  const rows = await db
    .select({
      id: contentReport.id,
      targetType: contentReport.targetType,
      targetId: contentReport.targetId,
      reason: contentReport.reason,
      createdAt: contentReport.createdAt,
      reporterNickname: member.nickname,
      reporterName: member.name,
    })
    .from(contentReport)
    .innerJoin(member, eq(member.id, contentReport.reporterId))
    .where(and(eq(contentReport.status, "open"), before ? lt(contentReport.id, before) : undefined))
    .orderBy(desc(contentReport.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);

  const articleIds = page.filter((r) => r.targetType === "article").map((r) => r.targetId);
  const commentIds = page.filter((r) => r.targetType === "comment").map((r) => r.targetId);
  const articles = articleIds.length
    ? await db
        .select({
          id: boardArticle.id,
          kind: boardArticle.kind,
          title: boardArticle.title,
          deletedAt: boardArticle.deletedAt,
          nickname: member.nickname,
          name: member.name,
        })
        .from(boardArticle)
        .innerJoin(member, eq(member.id, boardArticle.authorId))
        .where(inArray(boardArticle.id, articleIds))
    : [];
  const comments = commentIds.length
    ? await db
        .select({
          id: boardComment.id,
          content: boardComment.content,
          deletedAt: boardComment.deletedAt,
          articleId: boardArticle.id,
          kind: boardArticle.kind,
          articleDeletedAt: boardArticle.deletedAt,
          nickname: member.nickname,
          name: member.name,
        })
        .from(boardComment)
        .innerJoin(boardArticle, eq(boardArticle.id, boardComment.articleId))
        .innerJoin(member, eq(member.id, boardComment.authorId))
        .where(inArray(boardComment.id, commentIds))
    : [];
  const articleById = new Map(articles.map((a) => [a.id, a]));
  const commentById = new Map(comments.map((c) => [c.id, c]));

  const items = page.map((row): OpenReport => {
    const base = {
      id: row.id,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      reporterNickname: row.reporterNickname ?? row.reporterName,
    };
    if (row.targetType === "article") {
      const article = articleById.get(row.targetId);
      return {
        ...base,
        target: {
          type: "article",
          id: row.targetId,
          gone: !article || article.deletedAt !== null,
          authorNickname: article ? (article.nickname ?? article.name) : "",
          preview: article?.title ?? "",
          path: article ? articlePath(article.kind as ArticleKind, article.id) : "",
        },
      };
    }
    const comment = commentById.get(row.targetId);
    return {
      ...base,
      target: {
        type: "comment",
        id: row.targetId,
        gone: !comment || comment.deletedAt !== null || comment.articleDeletedAt !== null,
        authorNickname: comment ? (comment.nickname ?? comment.name) : "",
        preview: comment?.content ?? "",
        path: comment
          ? `${articlePath(comment.kind as ArticleKind, comment.articleId)}#comment-${comment.id}`
          : "",
      },
    };
  });
  const last = page[page.length - 1];
  return { items, nextBefore: rows.length > limit && last ? last.id : null };
}

/**
 * Handles a report: "delete" soft-deletes the reported article or comment (recounting the article's comments), and
 * "dismiss" leaves it. Either way every open report of the same content is closed with it, in one transaction.
 */
export async function resolveReport(
  db: Database,
  clock: Clock,
  actor: Moderator,
  reportId: number,
  action: "delete" | "dismiss",
): Promise<void> {
  requireModerator(actor);
  if (!Number.isSafeInteger(reportId) || reportId <= 0) throw fail("report_not_found", 404);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(contentReport)
      .where(eq(contentReport.id, reportId))
      .for("update");
    if (!report) throw fail("report_not_found", 404);
    if (report.status !== "open") throw fail("report_handled", 409);
    if (action === "delete") {
      if (report.targetType === "article") {
        await tx
          .update(boardArticle)
          .set({ deletedAt: now })
          .where(and(eq(boardArticle.id, report.targetId), isNull(boardArticle.deletedAt)));
      } else {
        const [comment] = await tx
          .select({ deletedAt: boardComment.deletedAt })
          .from(boardComment)
          .where(eq(boardComment.id, report.targetId));
        if (comment && !comment.deletedAt) await removeComment(tx, clock, report.targetId);
      }
    }
    await tx
      .update(contentReport)
      .set({ status: action === "delete" ? "resolved" : "dismissed", handledBy: actor.id, handledAt: now })
      .where(
        and(
          eq(contentReport.targetType, report.targetType),
          eq(contentReport.targetId, report.targetId),
          eq(contentReport.status, "open"),
        ),
      );
  });
}
