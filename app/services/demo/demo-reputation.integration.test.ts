import { describe, expect, it } from "vitest";
import { memberReputation } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { reputationOf } from "#app/services/reputation/reputation.server";
import { reputationScore } from "#app/services/reputation/rules";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoReputations } from "./demo-reputation.server";

describe("the demo members' manner temperatures", () => {
  it("need the demo members", async () => {
    const { db, clock } = await createTestRuntime();
    expect(await seedDemoReputations(db, clock)).toBe(0);
  });

  it(
    "are computed from the seeded records by the services' own recompute, once",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const clock = new FixedClock(new Date());
      const runtime = await createTestRuntime({ clock });
      const { db } = runtime;
      const members = await seedDemoMembers(runtime);
      // As a seed that wrote its rows directly would leave them: nothing computed yet.
      await db.delete(memberReputation);
      expect(await seedDemoReputations(db, clock)).toBe(members);
      expect(await seedDemoReputations(db, clock)).toBe(0);
      const rows = await db.select().from(memberReputation);
      expect(rows).toHaveLength(members);
      for (const row of rows) {
        const { counts, score } = await reputationOf(db, row.memberId);
        expect(counts.phoneVerified).toBe(1);
        expect(score).toBe(reputationScore(counts));
      }
      // The demo shops' checked registration numbers warm them a little more than the riders.
      expect(new Set(rows.map((row) => row.businessVerified))).toEqual(new Set([0, 1]));
    },
  );
});
