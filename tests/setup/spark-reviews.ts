import type { Database } from "#app/db/client.server";
import { motorcycleReview, reviewRatingItems } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { insertMotorcycle, type TestMotorcycle } from "./motorcycles";

/**
 * An owner review written straight into `motorcycle_review` (every rating 8, one image), for tests of what happens
 * around reviews (sparks, the podium, gifts) without going through the review form.
 */
export async function insertReview(
  db: Database,
  clock: Clock,
  authorId: string,
  options: { motorcycle?: TestMotorcycle; createdAt?: Date; deleted?: boolean } = {},
): Promise<number> {
  const bike = await insertMotorcycle(db, clock, options.motorcycle ?? "forza350");
  const at = options.createdAt ?? clock.now();
  const ratings = {
    ratingPerformance: 8,
    ratingBraking: 8,
    ratingEngine: 8,
    ratingDurability: 8,
    ratingDesign: 8,
    ratingFinish: 8,
    ratingConvenience: 8,
    ratingMaintenance: 8,
    ratingValue: 8,
  };
  const [row] = await db
    .insert(motorcycleReview)
    .values({
      authorId,
      motorcycleId: bike.id,
      modelId: bike.modelId,
      ...ratings,
      ratingAverage: 8,
      itemTexts: Object.fromEntries(reviewRatingItems.map((item) => [item, "좋아요"])) as Record<
        (typeof reviewRatingItems)[number],
        string
      >,
      disadvantage: "시트가 높습니다",
      images: [{ url: "/uploads/review/a.webp", thumbnailUrl: "/uploads/review/a-thumb.webp" }],
      tags: ["commuting", "touring", "comfortable"],
      createdAt: at,
      updatedAt: at,
      deletedAt: options.deleted ? at : null,
    })
    .returning({ id: motorcycleReview.id });
  return row!.id;
}
