import { DomainError } from "#app/services/errors";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member } from "#app/db/schema";
import { createTestDatabase } from "../../../tests/setup/database";
import {
  balanceOf,
  derivedBalance,
  ensureMemberPointsAccount,
  ensurePromotionsAccount,
  grantWelcomePoints,
  memberPointsCode,
  PROMOTIONS_POINTS,
  transfer,
  welcomeGrantKey,
} from "./ledger.server";

/**
 * Random sequences of grants and transfers between a few members, issued concurrently in batches with some
 * idempotency keys repeated (within and across batches), must keep the ledger's invariants: balanced transactions,
 * cached balances equal to the entries, no negative member balance, one transaction per key, and every point in a
 * member's account accounted for by a grant from the promotions account.
 */

const MEMBERS = 5;
const memberIds = Array.from({ length: MEMBERS }, (_, n) => `prop-member-${n}`);

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await db
    .insert(member)
    .values(memberIds.map((id, n) => ({ id, name: id, email: `${id}@example.com`, nickname: `prop${n}` })));
});

type Op =
  /** A promotional grant under one of the run's grant keys, each with a fixed member and amount. */
  | { type: "grant"; slot: number }
  | { type: "welcome"; member: number }
  | { type: "transfer"; from: number; to: number; amount: number }
  /** The same request as an earlier (or concurrent) transfer, under its key. */
  | { type: "repeat"; of: number };

const memberIndex = fc.integer({ min: 0, max: MEMBERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant("grant" as const), slot: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("welcome" as const), member: memberIndex }) },
  {
    weight: 5,
    arbitrary: fc
      .record({
        type: fc.constant("transfer" as const),
        from: memberIndex,
        shift: fc.integer({ min: 1, max: MEMBERS - 1 }),
        amount: fc.integer({ min: 1, max: 400 }),
      })
      .map(({ type, from, shift, amount }) => ({ type, from, to: (from + shift) % MEMBERS, amount })),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("repeat" as const), of: fc.nat(50) }) },
);

const scenario = fc.record({
  grants: fc.array(fc.record({ member: memberIndex, amount: fc.integer({ min: 1, max: 500 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
  welcomeAmount: fc.integer({ min: 1, max: 1000 }),
  batches: fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

interface Request {
  type: "grant" | "welcome" | "transfer";
  key: string;
  from: string;
  to: string;
  amount: number;
}

interface Outcome {
  request: Request;
  /** undefined when the transfer was refused for want of points. */
  result?: { transactionId: number; created: boolean };
}

let run = 0;

/** The concrete requests of each batch, with their idempotency keys. */
function plan(s: Scenario, runId: number): Request[][] {
  const transfers: Request[] = [];
  return s.batches.map((batch) =>
    batch.flatMap((o): Request[] => {
      switch (o.type) {
        case "grant": {
          const slot = o.slot % s.grants.length;
          const { member: m, amount } = s.grants[slot]!;
          const to = memberPointsCode(memberIds[m]!);
          return [{ type: "grant", key: `grant:${runId}:${slot}`, from: PROMOTIONS_POINTS, to, amount }];
        }
        case "welcome": {
          const id = memberIds[o.member]!;
          return [
            {
              type: "welcome",
              key: welcomeGrantKey(id),
              from: PROMOTIONS_POINTS,
              to: memberPointsCode(id),
              amount: s.welcomeAmount,
            },
          ];
        }
        case "transfer": {
          const request: Request = {
            type: "transfer",
            key: `gift:${runId}:${transfers.length}`,
            from: memberPointsCode(memberIds[o.from]!),
            to: memberPointsCode(memberIds[o.to]!),
            amount: o.amount,
          };
          transfers.push(request);
          return [request];
        }
        case "repeat": {
          const earlier = transfers[o.of % Math.max(1, transfers.length)];
          return earlier ? [{ ...earlier }] : [];
        }
      }
    }),
  );
}

async function execute(request: Request): Promise<Outcome> {
  if (request.type === "welcome") {
    const userId = request.key.slice("welcome:".length);
    const { granted } = await grantWelcomePoints(db, userId, request.amount);
    return { request, result: { transactionId: 0, created: granted } };
  }
  try {
    const result = await transfer(db, {
      from: request.from,
      to: request.to,
      amount: request.amount,
      kind: request.type === "grant" ? "adjustment" : "gift",
      idempotencyKey: request.key,
    });
    return { request, result };
  } catch (error) {
    // Only a transfer between members may be refused, and only for want of points.
    if (
      request.type === "transfer" &&
      error instanceof DomainError &&
      error.code === "insufficient_balance"
    ) {
      return { request };
    }
    throw error;
  }
}

async function reset() {
  await db.delete(ledgerEntry);
  await db.delete(ledgerTransaction);
  await db.delete(ledgerAccount);
  await ensurePromotionsAccount(db);
  for (const id of memberIds) await ensureMemberPointsAccount(db, id);
}

async function checkInvariants(outcomes: Outcome[]) {
  // Every transaction's entries sum to zero (and it has at least two).
  const unbalanced = await queryRows<{ id: string }>(
    db,
    sql`select t.id from ${ledgerTransaction} t left join ${ledgerEntry} e on e.transaction_id = t.id
        group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  );
  expect(unbalanced).toEqual([]);

  // Every cached balance equals the sum of its entries; no member balance is negative.
  const accounts = await queryRows<{ code: string; balance: string | number; derived: string | number }>(
    db,
    sql`select a.code, a.balance,
          (select coalesce(sum(e.amount), 0)::bigint from ${ledgerEntry} e where e.account_id = a.id) as derived
        from ${ledgerAccount} a`,
  );
  for (const account of accounts) {
    expect(Number(account.balance), account.code).toBe(Number(account.derived));
    if (account.code !== PROMOTIONS_POINTS)
      expect(Number(account.balance), account.code).toBeGreaterThanOrEqual(0);
  }

  // Each key posted at most one transaction, reported as created to exactly one caller when it was posted; every
  // grant key (never refused) posted exactly one.
  const stored = await queryRows<{ key: string; n: string | number }>(
    db,
    sql`select idempotency_key as key, count(*) as n from ${ledgerTransaction} group by idempotency_key`,
  );
  const storedCount = new Map(stored.map((row) => [row.key, Number(row.n)]));
  const byKey = new Map<string, Outcome[]>();
  for (const outcome of outcomes)
    byKey.set(outcome.request.key, [...(byKey.get(outcome.request.key) ?? []), outcome]);
  for (const [key, calls] of byKey) {
    const created = calls.filter((call) => call.result?.created);
    const type = calls[0]!.request.type;
    if (type !== "transfer") {
      expect(storedCount.get(key), key).toBe(1);
      expect(created, key).toHaveLength(1);
    } else {
      expect(created.length, key).toBe(storedCount.get(key) ?? 0);
      expect(created.length, key).toBeLessThanOrEqual(1);
      const ids = new Set(calls.flatMap((call) => (call.result ? [call.result.transactionId] : [])));
      expect(ids.size, key).toBeLessThanOrEqual(1);
    }
  }
  const posted = [...byKey].filter(([, calls]) => calls.some((call) => call.result)).map(([key]) => key);
  expect(stored.map((row) => row.key).sort()).toEqual(posted.sort());

  // The members' balances follow from what was reported as posted.
  const expected = new Map<string, number>();
  let granted = 0;
  for (const { request, result } of outcomes) {
    if (!result?.created) continue;
    if (request.type !== "transfer") granted += request.amount;
    expected.set(request.from, (expected.get(request.from) ?? 0) - request.amount);
    expected.set(request.to, (expected.get(request.to) ?? 0) + request.amount);
  }
  let inMembers = 0;
  for (const id of memberIds) {
    const code = memberPointsCode(id);
    const balance = await balanceOf(db, code);
    expect(balance, code).toBe(expected.get(code) ?? 0);
    expect(await derivedBalance(db, code), code).toBe(balance);
    inMembers += balance;
  }
  // Conservation: the points in existence are the points granted, which the promotions account owes.
  expect(inMembers).toBe(granted);
  expect((await balanceOf(db, PROMOTIONS_POINTS)) + granted).toBe(0);
}

it(
  "keeps the ledger's invariants under random concurrent grants and transfers",
  { timeout: 120_000, tags: ["concurrency"] },
  async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await reset();
        const runId = ++run;
        const outcomes: Outcome[] = [];
        for (const batch of plan(s, runId)) {
          // Settle the whole batch before failing, so that no call of this run overlaps the next run's reset.
          const settled = await Promise.allSettled(batch.map(execute));
          for (const outcome of settled) {
            if (outcome.status === "rejected") throw outcome.reason;
            outcomes.push(outcome.value);
          }
        }
        await checkInvariants(outcomes);
      }),
      { numRuns: 25 },
    );
  },
);
