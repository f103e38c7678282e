import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articleFrameNumber, boardArticle, notification, theftHold } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoMembers } from "./demo-members.server";
import { DEMO_STOLEN_VIN, seedDemoTheft } from "./demo-theft.server";

describe("the stolen-vehicle check's demo", () => {
  it(
    "is a theft report with a frame number and a listing held for it, its reporter notified, written once",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime({ clock: new FixedClock(new Date()) });
      const { db } = runtime;
      expect(await seedDemoTheft(runtime)).toBe(0);
      await seedDemoMembers(runtime);
      expect(await seedDemoTheft(runtime)).toBe(2);
      expect(await seedDemoTheft(runtime)).toBe(0);

      const numbers = await db.select().from(articleFrameNumber).orderBy(articleFrameNumber.articleId);
      expect(numbers.map((row) => [row.role, row.tail])).toEqual([
        ["theftReport", DEMO_STOLEN_VIN.slice(-4)],
        ["listing", DEMO_STOLEN_VIN.slice(-4)],
      ]);
      const [hold] = await db.select().from(theftHold);
      expect(hold).toMatchObject({
        reportId: numbers[0]!.articleId,
        listingId: numbers[1]!.articleId,
        state: "held",
      });
      const articles = await db.select().from(boardArticle).orderBy(boardArticle.id);
      expect(articles.map((row) => [row.kind, row.demo, row.isPrivate])).toEqual([
        ["reportTheft", true, false],
        ["under125Scooter", true, true],
      ]);
      const [report] = articles;
      expect(
        await db
          .select({ type: notification.type })
          .from(notification)
          .where(eq(notification.recipientId, report!.authorId)),
      ).toEqual([{ type: "theftMatch" }]);
    },
  );
});
