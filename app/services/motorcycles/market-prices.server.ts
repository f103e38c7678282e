import { and, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { boardArticle, marketListing, motorcycle, type MarketStatus } from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { MarketKind } from "#app/services/market/kinds";

/**
 * What riders ask for a model on the market right now: listings pointing at any model year of it that are still for
 * sale (selling or reserved), not deleted and not free giveaways, whose price says nothing about the value.
 */
const askingStatuses = ["selling", "reserved"] as const satisfies readonly MarketStatus[];

export interface AskingPrice {
  /** Won: the median asking price, rounded to a whole won (the mean of the middle two for an even count). */
  median: number;
  /** Listings it was taken over. */
  count: number;
}

const current = and(
  isNull(marketListing.deletedAt),
  inArray(marketListing.status, [...askingStatuses]),
  gt(marketListing.price, 0),
);

/** The median asking price of each model asked for that has current listings, in one statement. */
export async function askingPrices(
  source: DatabaseOrUnit,
  modelIds: readonly number[],
): Promise<Map<number, AskingPrice>> {
  const prices = new Map<number, AskingPrice>();
  if (modelIds.length === 0) return prices;
  const rows = await executor(source)
    .select({
      modelId: motorcycle.modelId,
      median: sql<number>`percentile_cont(0.5) within group (order by ${marketListing.price})`,
      count: count(),
    })
    .from(marketListing)
    .innerJoin(motorcycle, eq(motorcycle.id, marketListing.motorcycleId))
    .where(and(current, inArray(motorcycle.modelId, [...new Set(modelIds)])))
    .groupBy(motorcycle.modelId);
  for (const row of rows)
    prices.set(row.modelId, { median: Math.round(Number(row.median)), count: row.count });
  return prices;
}

export interface ModelListing {
  articleId: number;
  kind: MarketKind;
  title: string;
  price: number;
  status: (typeof askingStatuses)[number];
  year: number;
  /** ISO time of the listing's place in the latest order. */
  bumpedAt: string;
}

/** The current listings of a model (any year), latest first, at most `limit`. */
export async function currentListingsOfModel(
  source: DatabaseOrUnit,
  modelId: number,
  limit = 10,
): Promise<ModelListing[]> {
  const rows = await executor(source)
    .select({
      articleId: marketListing.articleId,
      kind: marketListing.kind,
      title: boardArticle.title,
      price: marketListing.price,
      status: marketListing.status,
      year: motorcycle.modelYear,
      bumpedAt: marketListing.bumpedAt,
    })
    .from(marketListing)
    .innerJoin(motorcycle, eq(motorcycle.id, marketListing.motorcycleId))
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(and(current, eq(motorcycle.modelId, modelId), isNull(boardArticle.deletedAt)))
    .orderBy(desc(marketListing.bumpedAt), desc(marketListing.articleId))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as MarketKind,
    status: row.status as ModelListing["status"],
    bumpedAt: row.bumpedAt.toISOString(),
  }));
}
