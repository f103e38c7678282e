import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import {
  member,
  motorcycle,
  motorcycleModel,
  motorcycleReview,
  reviewSpark,
  reviewSparkTotal,
  sparkAllowance,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { executor, runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { memberName } from "#app/services/members/display-name.server";
import { DomainError } from "#app/services/errors";
import { notify } from "#app/services/notifications/notify.server";
import type { SparkErrorCode } from "./errors";
import { recomputeReputation } from "#app/services/reputation/reputation.server";
import { nudgePodium } from "./podium.server";
import { DAILY_SPARKS, isSparkAmount, REVIEW_SPARK_MAX } from "./rules";

const sparkError = (code: SparkErrorCode, params?: Record<string, number>) =>
  new DomainError("spark", code, params ? { params } : undefined);

/** The Korean-locale address of a review's page. */
export const reviewPath = (reviewId: number) => `/review/motorcycle/detail?id=${reviewId}`;

export interface SparkGift {
  reviewId: number;
  amount: number;
  /** Sparks the giver has left today after this gift. */
  remainingToday: number;
  /** Sparks the giver has now given this review in total. */
  givenToReview: number;
}

/**
 * Gives `amount` (1–10) sparks of the giver's daily allowance to another member's live review, in one unit of work.
 * Each limit is one guarded statement that raises a counter only while it stays within its limit, so concurrent gifts
 * by one member queue on the counter's row and can never pass it: first the giver's total for the review (at most
 * 10: "already_sent" when all 10 are given, "review_limit" naming how many remain when fewer do), then the giver's
 * allowance of the Seoul day ("not_enough" naming how many are left today). Then the spark is recorded, the review's
 * count raised, the author notified and the podium asked to look again soon. A refusal leaves nothing behind. There
 * is no way back: a given spark is never deleted.
 */
export async function giveSparks(
  db: Database,
  clock: Clock,
  actor: Actor,
  reviewId: number,
  amount: number,
): Promise<SparkGift> {
  if (!isSparkAmount(amount)) throw sparkError("amount_invalid");
  return runInTransaction(db, clock, async (uow) => {
    const { tx, now } = uow;
    const [review] = await tx
      .select({ authorId: motorcycleReview.authorId })
      .from(motorcycleReview)
      .where(and(eq(motorcycleReview.id, reviewId), isNull(motorcycleReview.deletedAt)));
    if (!review) throw sparkError("review_not_found");
    if (review.authorId === actor.id) throw sparkError("own_review");

    // Rows are locked in one order by every gift (the giver's total for the review, the giver's day, the review), so
    // gifts that wait for each other never deadlock.
    await tx.insert(reviewSparkTotal).values({ reviewId, giverId: actor.id, total: 0 }).onConflictDoNothing();
    const [total] = await tx
      .update(reviewSparkTotal)
      .set({ total: sql`${reviewSparkTotal.total} + ${amount}` })
      .where(
        and(
          eq(reviewSparkTotal.reviewId, reviewId),
          eq(reviewSparkTotal.giverId, actor.id),
          sql`${reviewSparkTotal.total} + ${amount} <= ${REVIEW_SPARK_MAX}`,
        ),
      )
      .returning({ total: reviewSparkTotal.total });
    if (!total) {
      const [held] = await tx
        .select({ total: reviewSparkTotal.total })
        .from(reviewSparkTotal)
        .where(and(eq(reviewSparkTotal.reviewId, reviewId), eq(reviewSparkTotal.giverId, actor.id)));
      const remaining = REVIEW_SPARK_MAX - (held?.total ?? 0);
      if (remaining <= 0) throw sparkError("already_sent");
      throw sparkError("review_limit", { count: remaining });
    }

    const day = seoulDay(now);
    await tx
      .insert(sparkAllowance)
      .values({ memberId: actor.id, seoulDay: day, used: 0 })
      .onConflictDoNothing();
    const [allowance] = await tx
      .update(sparkAllowance)
      .set({ used: sql`${sparkAllowance.used} + ${amount}` })
      .where(
        and(
          eq(sparkAllowance.memberId, actor.id),
          eq(sparkAllowance.seoulDay, day),
          sql`${sparkAllowance.used} + ${amount} <= ${DAILY_SPARKS}`,
        ),
      )
      .returning({ used: sparkAllowance.used });
    if (!allowance) {
      const [held] = await tx
        .select({ used: sparkAllowance.used })
        .from(sparkAllowance)
        .where(and(eq(sparkAllowance.memberId, actor.id), eq(sparkAllowance.seoulDay, day)));
      throw sparkError("not_enough", { count: Math.max(0, DAILY_SPARKS - (held?.used ?? 0)) });
    }

    await tx.insert(reviewSpark).values({
      reviewId,
      giverId: actor.id,
      receiverId: review.authorId,
      amount,
      seoulDay: day,
      createdAt: now,
    });
    // Deleted meanwhile: the whole gift is undone rather than given to a review nobody can read.
    const raised = await tx
      .update(motorcycleReview)
      .set({ sparkCount: sql`${motorcycleReview.sparkCount} + ${amount}` })
      .where(and(eq(motorcycleReview.id, reviewId), isNull(motorcycleReview.deletedAt)))
      .returning({ id: motorcycleReview.id });
    if (raised.length === 0) throw sparkError("review_not_found");
    await recomputeReputation(uow, [review.authorId]);

    await notify(uow, {
      recipientId: review.authorId,
      type: "spark",
      actorId: actor.id,
      params: { nickname: await memberName(tx, actor.id), count: amount },
      link: reviewPath(reviewId),
    });
    await nudgePodium(uow);
    return {
      reviewId,
      amount,
      remainingToday: DAILY_SPARKS - allowance.used,
      givenToReview: total.total,
    };
  });
}

export interface SparkState {
  /** Sparks the member has left today (Seoul). */
  remainingToday: number;
  /** Sparks the member has given the review in total (0 without a review). */
  givenToReview: number;
}

/**
 * What a member may still give: today's remaining allowance and, for a review, what they have given it so far. One
 * statement; for the review page's spark control and /my/spark.
 */
export async function sparkState(
  source: DatabaseOrUnit,
  clock: Clock,
  memberId: string,
  reviewId?: number,
): Promise<SparkState> {
  const day = seoulDay(clock.now());
  const given =
    reviewId === undefined
      ? sql`0`
      : sql`coalesce((select t.total from ${reviewSparkTotal} t
          where t.review_id = ${reviewId} and t.giver_id = ${memberId}), 0)`;
  const [row] = await queryRows<{ used: number | string; given: number | string }>(
    executor(source),
    sql`select coalesce((select a.used from ${sparkAllowance} a
          where a.member_id = ${memberId} and a.seoul_day = ${day}), 0) as used,
        ${given} as given`,
  );
  return {
    remainingToday: Math.max(0, DAILY_SPARKS - Number(row?.used ?? 0)),
    givenToReview: Number(row?.given ?? 0),
  };
}

export interface ReceivedSpark {
  id: number;
  amount: number;
  createdAt: Date;
  /** The giver's nickname; null once they have withdrawn. */
  giverNickname: string | null;
  giverId: string;
  reviewId: number;
  /** The reviewed model and year; `deleted` when the review has been deleted since. */
  review: { modelKo: string; modelEn: string; year: number; deleted: boolean };
}

const RECEIVED_PAGE = 20;

/**
 * Sparks a member's reviews received, newest first, a page at a time (keyset on the spark's id, `before` the last
 * id of the previous page): who gave them, to which review, how many and when. `next` is the cursor of the next page.
 */
export async function listReceivedSparks(
  source: DatabaseOrUnit,
  memberId: string,
  options: { before?: number; limit?: number } = {},
): Promise<{ rows: ReceivedSpark[]; next: number | null }> {
  const db = executor(source);
  const limit = options.limit ?? RECEIVED_PAGE;
  const rows = await db
    .select({
      id: reviewSpark.id,
      amount: reviewSpark.amount,
      createdAt: reviewSpark.createdAt,
      giverId: reviewSpark.giverId,
      giverNickname: member.nickname,
      giverWithdrawn: member.withdrawnAt,
      reviewId: reviewSpark.reviewId,
      deletedAt: motorcycleReview.deletedAt,
      modelKo: motorcycleModel.nameKo,
      modelEn: motorcycleModel.nameEn,
      year: motorcycle.modelYear,
    })
    .from(reviewSpark)
    .innerJoin(member, eq(member.id, reviewSpark.giverId))
    .innerJoin(motorcycleReview, eq(motorcycleReview.id, reviewSpark.reviewId))
    .innerJoin(motorcycle, eq(motorcycle.id, motorcycleReview.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycleReview.modelId))
    .where(
      and(
        eq(reviewSpark.receiverId, memberId),
        options.before === undefined ? undefined : lt(reviewSpark.id, options.before),
      ),
    )
    .orderBy(desc(reviewSpark.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    rows: page.map((row) => ({
      id: row.id,
      amount: row.amount,
      createdAt: row.createdAt,
      giverId: row.giverId,
      giverNickname: row.giverWithdrawn ? null : row.giverNickname,
      reviewId: row.reviewId,
      review: {
        modelKo: row.modelKo,
        modelEn: row.modelEn,
        year: row.year,
        deleted: row.deletedAt !== null,
      },
    })),
    next: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}
