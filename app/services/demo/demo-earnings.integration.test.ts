import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earningLine, member, settlementInfo, withdrawal } from "#app/db/schema";
import { auditLedger } from "#app/services/ledger/audit.server";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoCoupons } from "./demo-coupons.server";
import { seedDemoEarnings } from "./demo-earnings.server";
import { seedDemoMeetings } from "./demo-meetings.server";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoMotorcycles } from "./demo-motorcycles.server";
import { seedDemoSkills } from "./demo-skills.server";

describe("demo earnings", () => {
  it(
    "give the demo shop earnings in every state, its account and a paid withdrawal, once",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db, clock } = runtime;
      const options = { keyring: runtime.config.personalDataKeys, bankFee: 500 };
      expect(await seedDemoEarnings(db, clock, options)).toBe(0);

      await seedCatalogue(db, clock);
      await seedDemoMembers(runtime);
      await seedDemoMotorcycles(runtime);
      await seedDemoSkills(db, clock);
      await seedDemoCoupons(db, clock);
      await seedDemoMeetings(db, clock, { payments: true });
      expect(await seedDemoEarnings(db, clock, options)).toBe(4);
      expect(await seedDemoEarnings(db, clock, options)).toBe(0);

      const [shop] = await db.select().from(member).where(eq(member.email, "garage@demo.motomate.kr"));
      expect(shop?.memberType).toBe("business");
      const lines = await db
        .select()
        .from(earningLine)
        .where(eq(earningLine.providerId, shop!.id))
        .orderBy(asc(earningLine.id));
      expect(lines.map((line) => line.status)).toEqual(["paid", "withdrawing", "withdrawable", "pending"]);
      // 5% of a business's price.
      expect(lines[0]).toMatchObject({ price: 60_000, fee: 3_000, amount: 57_000 });
      const made = await db
        .select()
        .from(withdrawal)
        .where(eq(withdrawal.userId, shop!.id))
        .orderBy(asc(withdrawal.id));
      expect(made.map((row) => row.status)).toEqual(["paid", "requested"]);
      expect(made[0]).toMatchObject({
        gross: 57_000,
        bankFee: 500,
        incomeTax: 0,
        localTax: 0,
        deposit: 56_500,
      });
      const [info] = await db.select().from(settlementInfo).where(eq(settlementInfo.userId, shop!.id));
      expect(info).toMatchObject({ category: "business", bankCode: "004", accountMasked: "********9012" });
      expect(JSON.stringify(info)).not.toContain("123456789012");
      expect(await auditLedger(db)).toEqual({
        unbalancedTransactions: [],
        mixedCurrencyTransactions: [],
        balanceMismatches: [],
        negativeAccounts: [],
        reversalMismatches: [],
      });
    },
  );
});
