import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  boardArticle,
  marketListing,
  motorcycleReview,
  reviewRatingItems,
  type MarketStatus,
  type ReviewRatingItem,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import { insertListing } from "./market";

/**
 * Owner reviews with chosen ratings and market listings pointing at a model year, written straight into their
 * tables, for the pages that summarise them (model page, spec comparison, search).
 */

export async function insertRatedReview(
  db: Database,
  clock: Clock,
  authorId: string,
  bike: { id: number; modelId: number },
  options: {
    ratings?: Partial<Record<ReviewRatingItem, number>>;
    disadvantage?: string;
    itemTexts?: Partial<Record<ReviewRatingItem, string>>;
    createdAt?: Date;
    deleted?: boolean;
  } = {},
): Promise<number> {
  const ratings = Object.fromEntries(
    reviewRatingItems.map((item) => [item, options.ratings?.[item] ?? 7]),
  ) as Record<ReviewRatingItem, number>;
  const at = options.createdAt ?? clock.now();
  const [row] = await db
    .insert(motorcycleReview)
    .values({
      authorId,
      motorcycleId: bike.id,
      modelId: bike.modelId,
      ratingPerformance: ratings.performance,
      ratingBraking: ratings.braking,
      ratingEngine: ratings.engine,
      ratingDurability: ratings.durability,
      ratingDesign: ratings.design,
      ratingFinish: ratings.finish,
      ratingConvenience: ratings.convenience,
      ratingMaintenance: ratings.maintenance,
      ratingValue: ratings.value,
      ratingAverage:
        reviewRatingItems.reduce((sum, item) => sum + ratings[item], 0) / reviewRatingItems.length,
      itemTexts: Object.fromEntries(
        reviewRatingItems.map((item) => [item, options.itemTexts?.[item] ?? "무난합니다"]),
      ) as Record<ReviewRatingItem, string>,
      disadvantage: options.disadvantage ?? "시트가 조금 높습니다",
      images: [{ url: "/uploads/review/a.webp", thumbnailUrl: "/uploads/review/a-thumb.webp" }],
      tags: ["commuting", "touring", "comfortable"],
      createdAt: at,
      updatedAt: at,
      deletedAt: options.deleted ? at : null,
    })
    .returning({ id: motorcycleReview.id });
  return row!.id;
}

/** A scooter sale listing of a model year at a price, in a status, deleted when told. */
export async function insertModelListing(
  db: Database,
  clock: Clock,
  seller: Actor,
  motorcycleId: number,
  options: { price: number; status?: MarketStatus; deleted?: boolean; title?: string },
): Promise<number> {
  const id = await insertListing(db, clock, seller, "over125Scooter", {
    price: options.price,
    ...(options.title ? { title: options.title } : {}),
  });
  const deletedAt = options.deleted ? clock.now() : null;
  await db
    .update(marketListing)
    .set({ motorcycleId, status: options.status ?? "selling", deletedAt })
    .where(eq(marketListing.articleId, id));
  if (deletedAt) await db.update(boardArticle).set({ deletedAt }).where(eq(boardArticle.id, id));
  return id;
}
