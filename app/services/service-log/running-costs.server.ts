import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { garageBike, motorcycle, motorcycleReview, reviewRunningCost } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { executor, runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { logTotals, type LogTotals } from "./listing-log.server";

/**
 * An owner review may show its author's real running costs from the service log of their garage bike of the
 * reviewed model (ADR 071). The author opts in and out at any time (it is a view of the log, not the review's
 * text, so the review's 24-hour edit window does not bind it); the totals are read when the page is.
 */

const fail = (code: "review_not_found" | "not_author" | "bike_not_found") =>
  new DomainError("serviceLog", code);

/** The author's live garage bike of the review's model: the same model year first, then the first added. */
async function authorsBike(
  source: DatabaseOrUnit,
  review: { authorId: string; motorcycleId: number; modelId: number },
) {
  const [bike] = await executor(source)
    .select({ id: garageBike.id })
    .from(garageBike)
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .where(
      and(
        eq(garageBike.memberId, review.authorId),
        eq(motorcycle.modelId, review.modelId),
        isNull(garageBike.deletedAt),
      ),
    )
    .orderBy(sql`${garageBike.motorcycleId} = ${review.motorcycleId} desc`, asc(garageBike.id))
    .limit(1);
  return bike ?? null;
}

async function liveReview(source: DatabaseOrUnit, reviewId: number) {
  const [review] = await executor(source)
    .select({
      authorId: motorcycleReview.authorId,
      motorcycleId: motorcycleReview.motorcycleId,
      modelId: motorcycleReview.modelId,
    })
    .from(motorcycleReview)
    .where(and(eq(motorcycleReview.id, reviewId), isNull(motorcycleReview.deletedAt)));
  return review ?? null;
}

/**
 * Shows or hides the running costs on the author's own review. Showing needs a bike of the reviewed model in the
 * author's garage.
 */
export async function setRunningCosts(
  db: Database,
  clock: Clock,
  actor: Actor,
  reviewId: number,
  shown: boolean,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const [review] = await uow.tx
      .select({
        authorId: motorcycleReview.authorId,
        motorcycleId: motorcycleReview.motorcycleId,
        modelId: motorcycleReview.modelId,
        deletedAt: motorcycleReview.deletedAt,
      })
      .from(motorcycleReview)
      .where(eq(motorcycleReview.id, reviewId))
      .for("update");
    if (!review || review.deletedAt) throw fail("review_not_found");
    if (review.authorId !== actor.id) throw fail("not_author");
    if (!shown) {
      await uow.tx.delete(reviewRunningCost).where(eq(reviewRunningCost.reviewId, reviewId));
      return;
    }
    if (!(await authorsBike(uow, review))) throw fail("bike_not_found");
    await uow.tx.insert(reviewRunningCost).values({ reviewId, createdAt: uow.now }).onConflictDoNothing();
  });
}

interface RunningCosts extends LogTotals {
  /** Won per 1,000 km ridden between the first and the last reading; null under 1,000 km. */
  costPer1000Km: number | null;
}

/** Won per 1,000 km from a log's totals, when the readings span at least 1,000 km. */
function costPer1000Km(totals: LogTotals): number | null {
  if (totals.kmSpan === null || totals.kmSpan < 1_000) return null;
  return Math.round((totals.totalCostWon * 1_000) / totals.kmSpan);
}

export interface ReviewRunningCosts {
  /** Whether the author chose to show them. */
  shown: boolean;
  /** The totals, when shown and the author's bike has a log. */
  costs: RunningCosts | null;
  /** For the author: whether they have a bike of the model to show them from. */
  canShow: boolean;
}

/** A review's running costs as its page shows them; `readerId` tells the author their switch. */
export async function reviewRunningCosts(
  db: Database,
  reviewId: number,
  readerId: string | null,
): Promise<ReviewRunningCosts> {
  const review = await liveReview(db, reviewId);
  if (!review) return { shown: false, costs: null, canShow: false };
  const [optIn] = await db
    .select({ reviewId: reviewRunningCost.reviewId })
    .from(reviewRunningCost)
    .where(eq(reviewRunningCost.reviewId, reviewId));
  const isAuthor = readerId === review.authorId;
  if (!optIn && !isAuthor) return { shown: false, costs: null, canShow: false };
  const bike = await authorsBike(db, review);
  const totals = optIn && bike ? await logTotals(db, bike.id) : null;
  return {
    shown: Boolean(optIn),
    costs: totals && totals.entries > 0 ? { ...totals, costPer1000Km: costPer1000Km(totals) } : null,
    canShow: isAuthor && bike !== null,
  };
}
