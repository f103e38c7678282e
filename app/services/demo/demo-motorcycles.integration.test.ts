import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { garageBike, ledgerTransaction, motorcycleReview, reviewSpark } from "#app/db/schema";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoMotorcycles } from "./demo-motorcycles.server";

describe("demo reviews, garages, sparks and a gift", () => {
  it("needs the demo members", async () => {
    const runtime = await createTestRuntime();
    expect(await seedDemoMotorcycles(runtime)).toBe(0);
  });

  it(
    "writes owner reviews with a photo of bikes in their authors' garages, sparks between them and a gift, once",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db, storage, clock } = runtime;
      await seedCatalogue(db, clock);
      await seedDemoMembers(runtime);
      const written = await seedDemoMotorcycles(runtime);
      expect(written).toBe(4);
      expect(await seedDemoMotorcycles(runtime)).toBe(0);

      const reviews = await db.select().from(motorcycleReview);
      expect(reviews).toHaveLength(4);
      const bikes = await db.select().from(garageBike);
      for (const review of reviews) {
        expect(review.demo).toBe(true);
        expect(review.images).toHaveLength(1);
        expect(await storage.get(review.images[0]!.thumbnailUrl.replace(/^\/uploads\//, ""))).toBeDefined();
        expect(
          bikes.some(
            (bike) => bike.memberId === review.authorId && bike.motorcycleId === review.motorcycleId,
          ),
        ).toBe(true);
      }
      expect(bikes.every((bike) => bike.demo)).toBe(true);
      const [sparks] = await db.select({ n: sql<number>`sum(amount)::int` }).from(reviewSpark);
      expect(sparks!.n).toBe(18);
      expect(reviews.reduce((sum, review) => sum + review.sparkCount, 0)).toBe(18);
      const gifts = await db.select().from(ledgerTransaction).where(eq(ledgerTransaction.kind, "gift"));
      expect(gifts).toHaveLength(1);
    },
  );
});
