import { and, asc, desc, eq, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { can, requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { boardArticle, boardComment, contentReport, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { hit, type RateRule } from "#app/platform/rate-limit.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { allowedTransitions, type RoleOf, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import type { CommentErrorCode } from "./errors";
import { findLiveComment } from "./comments.server";
import { requireReadableArticle } from "./interaction-access.server";
import { articlePath, REPORT_REASON_MAX, type ArticleKind } from "./kinds";
import { reportMachine } from "./report-machine";
import { reportQueue } from "./report-machine.server";

/** Reports one member may send in an hour. */
export const REPORT_RATE: RateRule = { limit: 20, windowMs: 60 * 60_000 };

const fail = (code: CommentErrorCode) => new DomainError("comment", code);

type ReportTarget = { type: "article" | "comment"; id: number } | { type: "member"; memberId: string };

/** The columns that name a report's target: an article or comment by id, a member by member id. */
function targetColumns(target: ReportTarget) {
  return target.type === "member"
    ? { targetType: target.type, targetId: null, targetMemberId: target.memberId }
    : { targetType: target.type, targetId: target.id, targetMemberId: null };
}

function checkedReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw fail("reason_required");
  if ([...text].length > REPORT_REASON_MAX) throw fail("reason_length");
  return text;
}

async function storeReport(
  db: Database,
  clock: Clock,
  reader: Actor,
  target: ReportTarget,
  reason: string,
): Promise<void> {
  await runInTransaction(db, clock, async ({ tx, now }) => {
    const rate = await hit(tx, `report:${reader.id}`, REPORT_RATE, now);
    if (!rate.allowed) throw fail("too_many");
    const added = await tx
      .insert(contentReport)
      .values({ ...targetColumns(target), reporterId: reader.id, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: contentReport.id });
    if (added.length === 0) throw fail("already_reported");
  });
}

/** Reports another member's article with a reason (required, up to 200 characters), once per member. */
export async function reportArticle(
  db: Database,
  clock: Clock,
  reader: Actor,
  articleId: number,
  reason: string,
): Promise<void> {
  const article = await requireReadableArticle(db, reader, articleId);
  if (article.authorId === reader.id) throw fail("own_content");
  await storeReport(db, clock, reader, { type: "article", id: article.id }, checkedReason(reason));
}

/** Reports another member's comment on an article the reader may read, once per member. */
export async function reportComment(
  db: Database,
  clock: Clock,
  reader: Actor,
  commentId: number,
  reason: string,
): Promise<{ articleId: number }> {
  const comment = await findLiveComment(db, commentId);
  await requireReadableArticle(db, reader, comment.articleId);
  if (comment.authorId === reader.id) throw fail("own_content");
  await storeReport(db, clock, reader, { type: "comment", id: comment.id }, checkedReason(reason));
  return { articleId: comment.articleId };
}

/** Reports another member (not oneself, not a withdrawn member) with a reason, once per reporter and member. */
export async function reportMember(
  db: Database,
  clock: Clock,
  reader: Actor,
  memberId: string,
  reason: string,
): Promise<void> {
  if (memberId === reader.id) throw new DomainError("members", "report_self");
  const [target] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
  if (!target) throw new DomainError("relations", "user_not_found");
  await storeReport(db, clock, reader, { type: "member", memberId: target.id }, checkedReason(reason));
}

/** Reports are handled by staff who moderate content only. */
const refused = () => fail("forbidden");

/** What an actor is to the report queue: its moderator, or a member like any other. */
const reportRole = (actor: Actor): RoleOf<typeof reportMachine> =>
  can(actor, "moderate:content") ? "admin" : "member";

type ReportTransition = TransitionOf<typeof reportMachine>;

export interface OpenReport {
  id: number;
  /** What the viewer may do with it, as the report machine says (the page's buttons). */
  transitions: ReportTransition[];
  reason: string;
  createdAt: string;
  reporterNickname: string;
  target: {
    /** Deleted (or, for a member, withdrawn) since it was reported: nothing is left to act on. */
    gone: boolean;
    /** The author of the article or comment, or the reported member. */
    authorNickname: string;
    /** The article's title, or the comment's text; empty for a member. */
    preview: string;
    /** Where it is shown (a comment's link points at the comment, a member's at the profile). */
    path: string;
  } & ({ type: "article" | "comment"; id: number } | { type: "member"; id: string });
}

const REPORT_PAGE_SIZE = 30;

/** Open reports, newest first, with what they are about; a page at a time (keyset on id). */
export async function listOpenReports(
  db: Database,
  actor: Actor,
  { before, limit = REPORT_PAGE_SIZE }: { before?: number | null; limit?: number } = {},
): Promise<{ items: OpenReport[]; nextBefore: number | null }> {
  requirePermission(actor, "moderate:content", refused);
  const rows = await db
    .select({
      id: contentReport.id,
      status: contentReport.status,
      targetType: contentReport.targetType,
      targetId: contentReport.targetId,
      targetMemberId: contentReport.targetMemberId,
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

  const idsOf = (type: string) =>
    page.flatMap((r) => (r.targetType === type && r.targetId !== null ? [r.targetId] : []));
  const articleIds = idsOf("article");
  const commentIds = idsOf("comment");
  const memberIds = page.flatMap((r) => (r.targetMemberId ? [r.targetMemberId] : []));
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
  const members = memberIds.length
    ? await db
        .select({
          id: member.id,
          nickname: member.nickname,
          name: member.name,
          withdrawnAt: member.withdrawnAt,
        })
        .from(member)
        .where(inArray(member.id, memberIds))
    : [];
  const articleById = new Map(articles.map((a) => [a.id, a]));
  const commentById = new Map(comments.map((c) => [c.id, c]));
  const memberById = new Map(members.map((m) => [m.id, m]));

  const items = page.map((row): OpenReport => {
    const base = {
      id: row.id,
      transitions: allowedTransitions(reportMachine, row.status, reportRole(actor)),
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      reporterNickname: row.reporterNickname ?? row.reporterName,
    };
    if (row.targetMemberId) {
      const reported = memberById.get(row.targetMemberId);
      return {
        ...base,
        target: {
          type: "member",
          id: row.targetMemberId,
          gone: !reported || reported.withdrawnAt !== null,
          authorNickname: reported ? (reported.nickname ?? reported.name) : "",
          preview: "",
          path: `/profile/${encodeURIComponent(row.targetMemberId)}`,
        },
      };
    }
    const targetId = row.targetId ?? 0;
    if (row.targetType === "article") {
      const article = articleById.get(targetId);
      return {
        ...base,
        target: {
          type: "article",
          id: targetId,
          gone: !article || article.deletedAt !== null,
          authorNickname: article ? (article.nickname ?? article.name) : "",
          preview: article?.title ?? "",
          path: article ? articlePath(article.kind as ArticleKind, article.id) : "",
        },
      };
    }
    const comment = commentById.get(targetId);
    return {
      ...base,
      target: {
        type: "comment",
        id: targetId,
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
 * Handles a report: "delete" resolves it and soft-deletes the reported article or comment (recounting the article's
 * comments), "resolve" resolves a member report, and "dismiss" dismisses either. Every open report of the same target
 * is closed the same way with it, each through the report machine (one log row each), in one transaction.
 */
export async function resolveReport(
  db: Database,
  clock: Clock,
  actor: Actor,
  reportId: number,
  action: "delete" | "resolve" | "dismiss",
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "moderate:content", refused);
  if (!Number.isSafeInteger(reportId) || reportId <= 0) throw fail("report_not_found");
  await runInTransaction(db, clock, async (uow) => {
    const [report] = await uow.tx.select().from(contentReport).where(eq(contentReport.id, reportId));
    if (!report) throw fail("report_not_found");
    // A member is not content: their reports are closed as handled or dismissed, never "deleted".
    const isMember = report.targetMemberId !== null;
    if (isMember ? action === "delete" : action === "resolve")
      throw new DomainError("members", "report_target_member");
    const sameTarget: SQL = isMember
      ? eq(contentReport.targetMemberId, report.targetMemberId!)
      : and(eq(contentReport.targetType, report.targetType), eq(contentReport.targetId, report.targetId!))!;
    // The target's reports are locked in one order, so two administrators closing two of them cannot deadlock.
    const locked = await uow.tx
      .select({ id: contentReport.id, status: contentReport.status })
      .from(contentReport)
      .where(sameTarget)
      .orderBy(asc(contentReport.id))
      .for("update");
    const transition = action === "dismiss" ? "dismiss" : "resolve";
    const by = { role: reportRole(actor), id: actor.id };
    await applyTransition(uow, reportQueue, report.id, transition, by, {
      handledBy: actor.id,
      removeTarget: action === "delete",
    });
    let closed = 1;
    for (const other of locked) {
      if (other.id === report.id || other.status !== "open") continue;
      await applyTransition(uow, reportQueue, other.id, transition, by, {
        handledBy: actor.id,
        removeTarget: false,
      });
      closed += 1;
    }
    await recordAdminAct(
      uow,
      actor,
      {
        action: "board.report.decide",
        subject: { kind: report.targetType, id: report.targetMemberId ?? report.targetId! },
        reason: report.reason,
        before: { report: report.id, status: report.status },
        after: { decision: action, closedReports: closed },
      },
      from,
    );
  });
}
