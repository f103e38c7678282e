import { and, count, inArray, isNull, sql } from "drizzle-orm";
import { motorcycleReview, reviewRatingItems, type ReviewRatingItem } from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";

/**
 * What owners think of a model: the average of each of the nine ratings over its reviews (every model year
 * together), deleted reviews left out. Read for any number of models in one statement.
 */
export interface RatingSummary {
  /** Reviews counted; 0 when nobody has reviewed the model yet (the averages are then null). */
  count: number;
  /** One decimal, 1–10. */
  averages: Record<ReviewRatingItem, number> | null;
  /** The mean of the reviews' own averages, one decimal. */
  overall: number | null;
}

const columns = {
  performance: motorcycleReview.ratingPerformance,
  braking: motorcycleReview.ratingBraking,
  engine: motorcycleReview.ratingEngine,
  durability: motorcycleReview.ratingDurability,
  design: motorcycleReview.ratingDesign,
  finish: motorcycleReview.ratingFinish,
  convenience: motorcycleReview.ratingConvenience,
  maintenance: motorcycleReview.ratingMaintenance,
  value: motorcycleReview.ratingValue,
} satisfies Record<ReviewRatingItem, unknown>;

const oneDecimal = (column: unknown) => sql<number>`round(avg(${column})::numeric, 1)::float8`;

export const noRatings: RatingSummary = { count: 0, averages: null, overall: null };

/** The rating summary of each model asked for; a model without reviews is answered `noRatings`. */
export async function modelRatings(
  source: DatabaseOrUnit,
  modelIds: readonly number[],
): Promise<Map<number, RatingSummary>> {
  const summaries = new Map<number, RatingSummary>(modelIds.map((id) => [id, noRatings]));
  if (modelIds.length === 0) return summaries;
  const rows = await executor(source)
    .select({
      modelId: motorcycleReview.modelId,
      count: count(),
      overall: oneDecimal(motorcycleReview.ratingAverage),
      ...Object.fromEntries(reviewRatingItems.map((item) => [item, oneDecimal(columns[item])])),
    })
    .from(motorcycleReview)
    .where(and(inArray(motorcycleReview.modelId, [...new Set(modelIds)]), isNull(motorcycleReview.deletedAt)))
    .groupBy(motorcycleReview.modelId);
  for (const row of rows as (Record<ReviewRatingItem, number> & {
    modelId: number;
    count: number;
    overall: number;
  })[]) {
    summaries.set(row.modelId, {
      count: row.count,
      overall: row.overall,
      averages: Object.fromEntries(reviewRatingItems.map((item) => [item, row[item]])) as Record<
        ReviewRatingItem,
        number
      >,
    });
  }
  return summaries;
}
