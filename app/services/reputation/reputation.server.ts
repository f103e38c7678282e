import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "#app/db/client.server";
import {
  boardArticle,
  boardComment,
  businessProfile,
  contentReport,
  meetingFeedback,
  meetingMessage,
  meetingMessageReport,
  member,
  memberReputation,
  noShowReport,
  reviewSpark,
} from "#app/db/schema";
import { defineJob, enqueueJob } from "#app/platform/jobs.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { shownVerdicts } from "#app/services/market/reviews.server";
import {
  noReputationCounts,
  REPUTATION_START,
  reputationInputs,
  reputationScore,
  type ReputationCounts,
} from "./rules";

/**
 * Reputation (ADR 068): the services that change an input call `recomputeReputation` in their own unit of work;
 * pages only read the stored row (`reputationOf`, `reputationScores`), so a page view never writes.
 */

/** A meeting feedback counts as good with a smooth verdict and 4 or 5 stars, as a problem with a problem or 1–2. */
const GOOD_FEEDBACK_RATING = 4;
const PROBLEM_FEEDBACK_RATING = 2;

/**
 * Every input of one member, counted at `now` from the platform's own records: trade reviews that show (a hidden
 * one would tell its subject the verdict before they answer), meeting feedback, confirmed no-shows, reports an
 * administrator upheld against them (a content or member report resolved, a chat message report resolved, a
 * no-show report of theirs penalised as malicious), sparks on their model reviews, and the two verifications.
 */
async function countInputs(db: Database, now: Date, memberId: string): Promise<ReputationCounts> {
  const trades = await shownVerdicts(db, now, memberId);
  // Reports of one target are closed together (one decision, one time): a decision counts once however many reported.
  const [row] = await queryRows<Record<string, number | string | boolean | null>>(
    db,
    sql`select
      (select count(*) from ${meetingFeedback} where ${meetingFeedback.targetId} = ${memberId}
         and ${meetingFeedback.verdict} = 'smooth' and ${meetingFeedback.rating} >= ${GOOD_FEEDBACK_RATING}) as good_feedback,
      (select count(*) from ${meetingFeedback} where ${meetingFeedback.targetId} = ${memberId}
         and (${meetingFeedback.verdict} = 'problem' or ${meetingFeedback.rating} <= ${PROBLEM_FEEDBACK_RATING})) as problem_feedback,
      (select count(*) from ${noShowReport} where ${noShowReport.absentId} = ${memberId}
         and ${noShowReport.status} = 'confirmed') as confirmed_no_shows,
      (select count(distinct (r.target_type, coalesce(r.target_id::text, r.target_member_id), r.handled_at))
         from ${contentReport} r
         left join ${boardArticle} a on r.target_type = 'article' and a.id = r.target_id
         left join ${boardComment} c on r.target_type = 'comment' and c.id = r.target_id
         where r.status = 'resolved'
           and (r.target_member_id = ${memberId} or a.author_id = ${memberId} or c.author_id = ${memberId}))
      + (select count(distinct mr.message_id) from ${meetingMessageReport} mr
         join ${meetingMessage} m on m.id = mr.message_id
         where mr.status = 'resolved' and m.sender_id = ${memberId})
      + (select count(*) from ${noShowReport} where ${noShowReport.reporterId} = ${memberId}
         and ${noShowReport.status} = 'penalised') as upheld_reports,
      (select coalesce(sum(${reviewSpark.amount}), 0) from ${reviewSpark}
         where ${reviewSpark.receiverId} = ${memberId}) as sparks_received,
      (select coalesce(${member.phoneNumberVerified}, false) from ${member} where ${member.id} = ${memberId}) as phone_verified,
      exists (select 1 from ${businessProfile} join ${member} on ${member.id} = ${businessProfile.userId}
         where ${businessProfile.userId} = ${memberId} and ${member.memberType} = 'business') as business_verified`,
  );
  const n = (value: number | string | boolean | null | undefined) =>
    typeof value === "boolean" ? (value ? 1 : 0) : Number(value ?? 0);
  return {
    goodTradeReviews: trades.good,
    badTradeReviews: trades.bad,
    goodFeedback: n(row?.good_feedback),
    problemFeedback: n(row?.problem_feedback),
    confirmedNoShows: n(row?.confirmed_no_shows),
    upheldReports: n(row?.upheld_reports),
    sparksReceived: n(row?.sparks_received),
    phoneVerified: n(row?.phone_verified),
    businessVerified: n(row?.business_verified),
  };
}

/**
 * Counts the members' inputs again and stores their scores, in the caller's unit of work. Each member's row is
 * locked first (created when missing), in member id order, so two units that change inputs of the same members
 * queue rather than deadlock, and the later one counts after the earlier one committed: no change is lost.
 */
export async function recomputeReputation(uow: UnitOfWork, memberIds: ReadonlyArray<string | null>) {
  const ids = [...new Set(memberIds.filter((id): id is string => Boolean(id)))].sort();
  for (const memberId of ids) {
    const [exists] = await uow.tx.select({ id: member.id }).from(member).where(eq(member.id, memberId));
    if (!exists) continue;
    await uow.tx
      .insert(memberReputation)
      .values({ memberId, score: REPUTATION_START, updatedAt: uow.now })
      .onConflictDoNothing();
    await uow.tx
      .select({ memberId: memberReputation.memberId })
      .from(memberReputation)
      .where(eq(memberReputation.memberId, memberId))
      .for("update");
    const counts = await countInputs(uow.tx, uow.now, memberId);
    await uow.tx
      .update(memberReputation)
      .set({ ...counts, score: reputationScore(counts), updatedAt: uow.now })
      .where(eq(memberReputation.memberId, memberId));
  }
}

/**
 * Recomputes both sides of a trade when its reviews show by time (a week after the sale, when one side never
 * answered): the only input that changes without anybody acting.
 */
const reputationRevealJob = defineJob("reputation.reveal", {
  payload: z.object({ memberIds: z.array(z.string().min(1)).min(1).max(2) }).strict(),
  handle: async ({ memberIds }, { uow }) => recomputeReputation(uow, memberIds),
});

/** Has both sides of a trade recomputed when its reviews show by time; one job per listing. */
export async function scheduleReviewReveal(
  uow: UnitOfWork,
  articleId: number,
  memberIds: [string, string],
  revealsAt: Date,
) {
  await enqueueJob(
    uow,
    reputationRevealJob,
    { memberIds },
    { runAt: revealsAt, key: `reputation.reveal:${articleId}` },
  );
}

export const reputationJobs = [reputationRevealJob];

interface Reputation {
  score: number;
  counts: ReputationCounts;
  /** When it was last computed; null for a member with nothing on record. */
  updatedAt: string | null;
}

const countColumns = {
  goodTradeReviews: memberReputation.goodTradeReviews,
  badTradeReviews: memberReputation.badTradeReviews,
  goodFeedback: memberReputation.goodFeedback,
  problemFeedback: memberReputation.problemFeedback,
  confirmedNoShows: memberReputation.confirmedNoShows,
  upheldReports: memberReputation.upheldReports,
  sparksReceived: memberReputation.sparksReceived,
  phoneVerified: memberReputation.phoneVerified,
  businessVerified: memberReputation.businessVerified,
} satisfies { [I in keyof ReputationCounts]: unknown };

/** Scores of many members in one statement (a list of cards); a member without a row has the start value. */
export async function reputationScores(
  db: Database,
  memberIds: ReadonlyArray<string>,
): Promise<Map<string, number>> {
  const ids = [...new Set(memberIds)];
  const scores = new Map(ids.map((id) => [id, REPUTATION_START]));
  if (ids.length === 0) return scores;
  const rows = await db
    .select({ memberId: memberReputation.memberId, score: memberReputation.score })
    .from(memberReputation)
    .where(inArray(memberReputation.memberId, ids));
  for (const row of rows) scores.set(row.memberId, row.score);
  return scores;
}

/** One member's score, for a page that shows one (a listing's seller, a chat's other side). */
export async function memberScore(db: Database, memberId: string): Promise<number> {
  return (await reputationScores(db, [memberId])).get(memberId) ?? REPUTATION_START;
}

export interface ReputationView extends Reputation {
  member: { id: string; nickname: string };
}

/**
 * A member's reputation with its inputs as counts, for the "why" view: never who said what. Anybody may read it,
 * as anybody may read a profile; a withdrawn or unknown member is `user_not_found`.
 */
export async function reputationOf(db: Database, memberId: string): Promise<ReputationView> {
  const [row] = await db
    .select({
      id: member.id,
      nickname: member.nickname,
      name: member.name,
      score: memberReputation.score,
      updatedAt: memberReputation.updatedAt,
      ...countColumns,
    })
    .from(member)
    .leftJoin(memberReputation, eq(memberReputation.memberId, member.id))
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
  if (!row) throw new DomainError("relations", "user_not_found");
  const counts = Object.fromEntries(
    reputationInputs.map((input) => [input, row[input] ?? noReputationCounts[input]]),
  ) as ReputationCounts;
  return {
    member: { id: row.id, nickname: row.nickname ?? row.name },
    score: row.score ?? REPUTATION_START,
    counts,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** Recomputes the member a resolved content report was about: the reported member, or the article's or comment's author. */
export async function recomputeReported(
  uow: UnitOfWork,
  report: { targetType: string; targetId: number | null; targetMemberId: string | null },
) {
  if (report.targetMemberId) return recomputeReputation(uow, [report.targetMemberId]);
  if (report.targetId === null) return;
  const table = report.targetType === "comment" ? boardComment : boardArticle;
  const [target] = await uow.tx
    .select({ authorId: table.authorId })
    .from(table)
    .where(eq(table.id, report.targetId));
  if (target) await recomputeReputation(uow, [target.authorId]);
}

/** Recomputes the sender of a chat message whose report was resolved. */
export async function recomputeMessageSender(uow: UnitOfWork, messageId: number) {
  const [message] = await uow.tx
    .select({ senderId: meetingMessage.senderId })
    .from(meetingMessage)
    .where(eq(meetingMessage.id, messageId));
  if (message) await recomputeReputation(uow, [message.senderId]);
}
