import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { listingInspection, marketListing } from "#app/db/schema";
import { listingInspectionPanel } from "#app/services/inspection/inspections.server";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoInspection } from "./demo-inspection.server";
import { seedDemoMarket } from "./demo-market.server";
import { seedDemoMeetings } from "./demo-meetings.server";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoSkills } from "./demo-skills.server";

/** The listing page's inspection part, from the listing as its page reads it. */
async function panelOf(db: Database, reader: Actor | null, articleId: number) {
  const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, articleId));
  return listingInspectionPanel(db, reader, { ...listing!, id: articleId });
}

describe("demo inspection", () => {
  it(
    "publishes one inspection report on a demo motorcycle listing, once",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db, clock } = runtime;
      expect(await seedDemoInspection(runtime)).toBe(0);

      await seedCatalogue(db, clock);
      await seedDemoMembers(runtime);
      await seedDemoMarket(runtime);
      await seedDemoSkills(db, clock);
      await seedDemoMeetings(db, clock);
      expect(await seedDemoInspection(runtime)).toBe(1);
      expect(await seedDemoInspection(runtime)).toBe(0);

      const [row] = await db.select().from(listingInspection);
      expect(row).toMatchObject({ status: "published", verdict: "withCare" });
      expect(row!.photos).toHaveLength(2);
      const panel = await panelOf(db, null, row!.articleId);
      expect(panel?.published).toMatchObject([{ id: row!.id, status: "published", expert: "성수모토정비" }]);
      const [again] = await db.select().from(listingInspection).where(eq(listingInspection.id, row!.id));
      expect(again?.publishedAt?.getTime()).toBeLessThan(clock.now().getTime());
    },
  );
});
