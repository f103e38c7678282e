import { describe, expect, it } from "vitest";
import { listingServiceLog, reviewRunningCost, serviceLogEntry } from "#app/db/schema";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { attachedServiceLog } from "#app/services/service-log/listing-log.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoMarket } from "./demo-market.server";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoMotorcycles } from "./demo-motorcycles.server";
import { seedDemoServiceLog } from "./demo-service-log.server";

describe("the demo service log", () => {
  it(
    "fills a demo garage bike's log, attaches it to a demo vehicle listing and shows its costs on a review, once",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db, clock } = runtime;
      expect(await seedDemoServiceLog(runtime)).toBe(0);
      await seedCatalogue(db, clock);
      await seedDemoMembers(runtime);
      await seedDemoMarket(runtime);
      await seedDemoMotorcycles(runtime);
      expect(await seedDemoServiceLog(runtime)).toBe(8);
      expect(await seedDemoServiceLog(runtime)).toBe(0);

      const entries = await db.select().from(serviceLogEntry);
      expect(entries.every((entry) => entry.demo)).toBe(true);
      const [link] = await db.select().from(listingServiceLog);
      expect(await attachedServiceLog(db, link!.listingId)).toMatchObject({
        bike: { nameEn: "PCX 125" },
        totals: { entries: 8, totalCostWon: 391_000 },
      });
      expect(await db.select().from(reviewRunningCost)).toHaveLength(1);
    },
  );
});
