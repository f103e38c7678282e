import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { earningLine, withdrawal } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { isDomainError } from "#app/services/errors";
import { auditLedger } from "#app/services/ledger/audit.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertMember } from "#tests/setup/members";
import { localGateway, testKeyring } from "#tests/setup/payments";
import { registerSettlementInfo, withdrawableLines, withdrawalBalances } from "#tests/setup/settlement";
import { requestWithdrawal } from "./withdrawals.server";

// Withdrawals raced on one database: on PostgreSQL (TEST_DATABASE_URL) the calls overlap on a pool of connections;
// on PGlite they run one after another (tests/setup/concurrency.ts says so on each).

let db: Database;
let gateway: PaymentGateway;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));
const manual = { bankFee: 500, payoutMode: "manual" as const };

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
});

async function provider(lines: number) {
  const requester = await insertMember(db);
  const member = await insertMember(db);
  await registerSettlementInfo(db, clock, testKeyring, member.id);
  const lineIds = await withdrawableLines(db, clock, gateway, { requester, provider: member }, lines);
  return { member, lineIds };
}

/** Every call's outcome: the withdrawal, or the refusal's code (anything else is thrown). */
const settled = (calls: Promise<{ id: number; gross: number }>[]) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        (made) => ({ made, refusal: null }),
        (error: unknown) => {
          if (!isDomainError(error)) throw error;
          return { made: null, refusal: `${error.area}.${error.code}` };
        },
      ),
    ),
  );

async function expectCleanLedger() {
  const audit = await auditLedger(db);
  expect(audit.unbalancedTransactions).toEqual([]);
  expect(audit.negativeAccounts).toEqual([]);
  expect(audit.balanceMismatches).toEqual([]);
}

describe("withdrawals raced", () => {
  it("of the same lines, 20 at once: exactly one is made", { tags: ["concurrency"] }, async () => {
    const { member, lineIds } = await provider(2);
    const outcomes = await settled(
      Array.from({ length: 20 }, () => requestWithdrawal(db, clock, member, lineIds, manual)),
    );
    const made = outcomes.flatMap((outcome) => outcome.made ?? []);
    expect(made).toHaveLength(1);
    expect(new Set(outcomes.flatMap((outcome) => outcome.refusal ?? []))).toEqual(
      new Set(["settlement.line_not_withdrawable"]),
    );
    expect(await db.select().from(withdrawal).where(eq(withdrawal.userId, member.id))).toHaveLength(1);
    expect((await withdrawalBalances(db, member.id)).withdrawable).toBe(0);
    await expectCleanLedger();
  });

  it(
    "of overlapping selections, 20 at once: never more than the balance, each line in one withdrawal",
    { tags: ["concurrency"] },
    async () => {
      const { member, lineIds } = await provider(6);
      const balance = (await withdrawalBalances(db, member.id)).withdrawable;
      // Each call takes two or three lines, the selections overlapping.
      const selections = Array.from({ length: 20 }, (_, i) =>
        [lineIds[i % 6]!, lineIds[(i + 1) % 6]!, ...(i % 3 === 0 ? [lineIds[(i + 3) % 6]!] : [])].reverse(),
      );
      const outcomes = await settled(
        selections.map((selection) => requestWithdrawal(db, clock, member, selection, manual)),
      );
      const made = outcomes.flatMap((outcome) => outcome.made ?? []);
      expect(made.length).toBeGreaterThan(0);
      const taken = made.reduce((sum, one) => sum + one.gross, 0);
      expect(taken).toBeLessThanOrEqual(balance);
      const after = await withdrawalBalances(db, member.id);
      expect(after.withdrawable).toBe(balance - taken);
      const lines = await db
        .select({ id: earningLine.id, withdrawalId: earningLine.withdrawalId, amount: earningLine.amount })
        .from(earningLine)
        .where(inArray(earningLine.id, lineIds));
      for (const one of made)
        expect(
          lines.filter((line) => line.withdrawalId === one.id).reduce((sum, line) => sum + line.amount, 0),
        ).toBe(one.gross);
      await expectCleanLedger();
    },
  );
});
