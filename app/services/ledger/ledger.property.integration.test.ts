import { isDomainError } from "#app/services/errors";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor } from "#app/services/actor";
import { createTestDatabase } from "#tests/setup/database";
import {
  BANK_FEES_KRW,
  ensureMemberAccount,
  ensurePlatformAccount,
  GATEWAY_CLEARING_KRW,
  memberPendingEarningsCode,
  memberPointsCode,
  memberWithdrawableEarningsCode,
  PLATFORM_FEES_KRW,
  PROMOTIONS_POINTS,
} from "./accounts.server";
import {
  grantWelcomePoints,
  post,
  reverseTransaction,
  welcomeGrantKey,
  type PostEntry,
} from "./posting.server";
import { balanceOf } from "./reads.server";
import { auditLedger, derivedBalance } from "./audit.server";
import type { LedgerKind } from "./kinds";
import type { LedgerErrorCode } from "./errors";

/**
 * Random sequences of postings between a few members, issued concurrently in batches with some idempotency keys
 * repeated (within and across batches), must keep the ledger's invariants: balanced transactions in one currency,
 * cached balances equal to the entries, no negative member balance, one transaction per key, at most one reversal
 * per transaction and exactly opposite to it, every account's balance following from what was reported as posted,
 * and conservation in each currency: points granted from the promotions account and won taken in through the
 * gateway are all somewhere (members' points; pending or withdrawable earnings, the platform's fees, bank fees).
 *
 * Points: promotional grants, welcome grants, gifts between members. Won: a payment captured (the gateway's clearing
 * account pays the member's pending earnings and the platform's fee), a hold released (pending to withdrawable), a
 * withdrawal (withdrawable out through the gateway, less the bank's fee). Either: a reversal of an earlier posting.
 */

const MEMBERS = 5;
const memberIds = Array.from({ length: MEMBERS }, (_, n) => `prop-member-${n}`);
const points = (m: number) => memberPointsCode(memberIds[m]!);
const pending = (m: number) => memberPendingEarningsCode(memberIds[m]!);
const withdrawable = (m: number) => memberWithdrawableEarningsCode(memberIds[m]!);

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await db.insert(member).values(
    memberIds.map((id, n) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      nickname: `prop${n}`,
      createdAt: new Date(),
      updatedAt: new Date(),
    })),
  );
});

type Op =
  /** A promotional grant under one of the run's grant keys, each with a fixed member and amount. */
  | { type: "grant"; slot: number }
  | { type: "welcome"; member: number }
  | { type: "transfer"; from: number; to: number; amount: number }
  /** The same request as an earlier (or concurrent) transfer, under its key. */
  | { type: "repeat"; of: number }
  | { type: "capture"; member: number; gross: number; feePercent: number }
  /** A share of the member's pending earnings, as they stand when the batch begins. */
  | { type: "release"; member: number; percent: number }
  /** A share of the member's withdrawable earnings, as they stand when the batch begins. */
  | { type: "withdraw"; member: number; percent: number; bankFee: number }
  /** A reversal of one of the postings of earlier batches (the same one may come twice). */
  | { type: "reverse"; of: number };

const memberIndex = fc.integer({ min: 0, max: MEMBERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant("grant" as const), slot: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("welcome" as const), member: memberIndex }) },
  {
    weight: 4,
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
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("capture" as const),
      member: memberIndex,
      gross: fc.integer({ min: 100, max: 50_000 }),
      feePercent: fc.integer({ min: 1, max: 30 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("release" as const),
      member: memberIndex,
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("withdraw" as const),
      member: memberIndex,
      percent: fc.integer({ min: 1, max: 100 }),
      bankFee: fc.integer({ min: 1, max: 999 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("reverse" as const), of: fc.nat(50) }) },
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
  type: Exclude<Op["type"], "repeat">;
  kind: LedgerKind;
  key: string;
  entries: PostEntry[];
  /** For a reversal: the index, among the postings reported as created so far, of the one it reverses. */
  of?: number;
  /** For a release or a withdrawal: the member, the share and the bank's fee, made into entries later. */
  share?: { member: number; percent: number; bankFee: number };
}

interface Outcome {
  request: Request;
  /** undefined when the posting was refused (for want of money, or a reversal already made). */
  result?: { transactionId: number; created: boolean };
}

/** What may refuse a request that the scenario makes; anything else fails the property. */
const refusals: Partial<Record<Request["type"], LedgerErrorCode[]>> = {
  transfer: ["insufficient_balance"],
  release: ["insufficient_balance"],
  withdraw: ["insufficient_balance"],
  reverse: ["insufficient_balance", "already_reversed"],
};

let run = 0;

/** The concrete requests of each batch, with their idempotency keys and entries. */
function plan(s: Scenario, runId: number): Request[][] {
  const transfers: Request[] = [];
  let n = 0;
  const next = (label: string) => `${label}:${runId}:${++n}`;
  const move = (from: string, to: string, amount: number): PostEntry[] => [
    { accountCode: from, amount: -amount },
    { accountCode: to, amount },
  ];
  return s.batches.map((batch) =>
    batch.flatMap((o): Request[] => {
      switch (o.type) {
        case "grant": {
          const slot = o.slot % s.grants.length;
          const { member: m, amount } = s.grants[slot]!;
          const entries = move(PROMOTIONS_POINTS, points(m), amount);
          return [{ type: "grant", kind: "adjustment", key: `grant:${runId}:${slot}`, entries }];
        }
        case "welcome": {
          const entries = move(PROMOTIONS_POINTS, points(o.member), s.welcomeAmount);
          const key = welcomeGrantKey(memberIds[o.member]!);
          return [{ type: "welcome", kind: "welcome_grant", key, entries }];
        }
        case "transfer": {
          const request: Request = {
            type: "transfer",
            kind: "gift",
            key: `gift:${runId}:${transfers.length}`,
            entries: move(points(o.from), points(o.to), o.amount),
          };
          transfers.push(request);
          return [request];
        }
        case "repeat": {
          const earlier = transfers[o.of % Math.max(1, transfers.length)];
          return earlier ? [{ ...earlier }] : [];
        }
        case "capture": {
          const fee = Math.floor((o.gross * o.feePercent) / 100) || 1;
          const entries = [
            { accountCode: GATEWAY_CLEARING_KRW, amount: -o.gross },
            { accountCode: pending(o.member), amount: o.gross - fee },
            { accountCode: PLATFORM_FEES_KRW, amount: fee },
          ];
          return [{ type: "capture", kind: "payment_captured", key: next("capture"), entries }];
        }
        case "release": {
          const share = { member: o.member, percent: o.percent, bankFee: 0 };
          return [{ type: "release", kind: "hold_released", key: next("release"), entries: [], share }];
        }
        case "withdraw": {
          const share = { member: o.member, percent: o.percent, bankFee: o.bankFee };
          return [{ type: "withdraw", kind: "withdrawal", key: next("withdrawal"), entries: [], share }];
        }
        case "reverse":
          return [{ type: "reverse", kind: "reversal", key: "", entries: [], of: o.of }];
      }
    }),
  );
}

const inUnit = <T>(work: (uow: UnitOfWork) => Promise<T>) => runInTransaction(db, systemClock, work);

/**
 * Reversals name their original, and releases and withdrawals their amount, now that the earlier batches have run
 * (the requests of one batch may together ask for more than there is); the others are as planned.
 */
async function resolve(request: Request, reversible: Outcome[]): Promise<Request | undefined> {
  if (request.share) {
    const { percent, bankFee } = request.share;
    const account = request.type === "release" ? pending : withdrawable;
    // Among the members who have some, so that the flow gets past its first step.
    const balances = await Promise.all(memberIds.map((_, m) => balanceOf(db, account(m))));
    const having = memberIds.map((_, m) => m).filter((m) => balances[m]! > 0);
    const m = having.length > 0 ? having[request.share.member % having.length]! : request.share.member;
    const from = account(m);
    const amount = Math.max(bankFee + 1, Math.floor((balances[m]! * percent) / 100));
    const entries =
      request.type === "release"
        ? [
            { accountCode: from, amount: -amount },
            { accountCode: withdrawable(m), amount },
          ]
        : [
            { accountCode: from, amount: -amount },
            { accountCode: BANK_FEES_KRW, amount: bankFee },
            { accountCode: GATEWAY_CLEARING_KRW, amount: amount - bankFee },
          ];
    return { ...request, entries };
  }
  if (request.type !== "reverse") return request;
  const original = reversible[request.of! % Math.max(1, reversible.length)];
  if (!original) return undefined;
  return {
    ...request,
    key: `reversal:${original.result!.transactionId}`,
    of: original.result!.transactionId,
    entries: original.request.entries.map((entry) => ({ ...entry, amount: -entry.amount })),
  };
}

async function execute(request: Request): Promise<Outcome> {
  try {
    if (request.type === "welcome") {
      const userId = request.key.slice("welcome:".length);
      const { granted } = await inUnit((uow) => grantWelcomePoints(uow, userId, request.entries[1]!.amount));
      return { request, result: { transactionId: 0, created: granted } };
    }
    if (request.type === "reverse") {
      const result = await inUnit((uow) => reverseTransaction(uow, request.of!, systemActor, "refund"));
      return { request, result };
    }
    const result = await inUnit((uow) =>
      post(uow, {
        idempotencyKey: request.key,
        kind: request.kind,
        actor: systemActor,
        subject: request.type === "capture" ? { type: "payment", id: request.key } : null,
        entries: request.entries,
      }),
    );
    return { request, result };
  } catch (error) {
    if (isDomainError(error, "ledger") && refusals[request.type]?.includes(error.code)) return { request };
    throw error;
  }
}

async function reset() {
  await db.delete(ledgerEntry);
  await db.delete(ledgerTransaction);
  await db.delete(ledgerAccount);
  for (const kind of ["platform_promotions", "gateway_clearing", "platform_fees", "bank_fees"] as const)
    await inUnit((uow) => ensurePlatformAccount(uow, kind));
  for (const id of memberIds) {
    await inUnit((uow) => ensureMemberAccount(uow, id, "member_points"));
    await inUnit((uow) => ensureMemberAccount(uow, id, "member_pending_earnings"));
    await inUnit((uow) => ensureMemberAccount(uow, id, "member_withdrawable_earnings"));
  }
}

async function checkInvariants(outcomes: Outcome[]) {
  // Every transaction's entries sum to zero (and it has at least two) in one currency; cached balances equal the
  // sums of their entries; no account below zero that may not be; every reversal is the opposite of its original.
  expect(await auditLedger(db)).toEqual({
    unbalancedTransactions: [],
    mixedCurrencyTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
    reversalMismatches: [],
  });
  const unbalanced = await queryRows<{ id: string }>(
    db,
    sql`select t.id from ${ledgerTransaction} t left join ${ledgerEntry} e on e.transaction_id = t.id
        group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  );
  expect(unbalanced).toEqual([]);

  // Each key posted at most one transaction, reported as created to exactly one caller when it was posted; every
  // key that cannot be refused (grants, welcome grants, captures) posted exactly one.
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
    if (!refusals[type]) {
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

  // A transaction is reversed at most once, and the link is stored.
  const links = await queryRows<{ reverses: string | number; n: string | number }>(
    db,
    sql`select reverses_transaction_id as reverses, count(*) as n from ${ledgerTransaction}
        where reverses_transaction_id is not null group by reverses_transaction_id`,
  );
  const reversedIds = outcomes
    .filter((outcome) => outcome.request.type === "reverse" && outcome.result?.created)
    .map((outcome) => outcome.request.of!);
  expect(new Set(reversedIds).size).toBe(reversedIds.length);
  expect(links.map((row) => Number(row.reverses)).sort((a, b) => a - b)).toEqual(
    [...reversedIds].sort((a, b) => a - b),
  );
  expect(links.every((row) => Number(row.n) === 1)).toBe(true);

  // Every account's balance follows from what was reported as posted.
  const expected = new Map<string, number>();
  for (const { request, result } of outcomes) {
    if (!result?.created) continue;
    for (const entry of request.entries)
      expected.set(entry.accountCode, (expected.get(entry.accountCode) ?? 0) + entry.amount);
  }
  const accounts = await db
    .select({ code: ledgerAccount.code, currency: ledgerAccount.currency, balance: ledgerAccount.balance })
    .from(ledgerAccount);
  for (const account of accounts) {
    expect(account.balance, account.code).toBe(expected.get(account.code) ?? 0);
    expect(await derivedBalance(db, account.code), account.code).toBe(account.balance);
  }

  // Conservation, per currency: what the promotions account gave is in the members' points; what came in through
  // the gateway is in earnings, fees and bank fees.
  const sum = async (codes: string[]) => {
    let total = 0;
    for (const code of codes) total += await balanceOf(db, code);
    return total;
  };
  const indexes = memberIds.map((_, m) => m);
  expect((await sum(indexes.map(points))) + (await balanceOf(db, PROMOTIONS_POINTS))).toBe(0);
  const earnings = await sum([...indexes.map(pending), ...indexes.map(withdrawable)]);
  const platform = await sum([PLATFORM_FEES_KRW, BANK_FEES_KRW]);
  expect(earnings + platform + (await balanceOf(db, GATEWAY_CLEARING_KRW))).toBe(0);
  for (const currency of ["P", "KRW"] as const) {
    const total = accounts
      .filter((account) => account.currency === currency)
      .reduce((acc, account) => acc + account.balance, 0);
    expect(total, currency).toBe(0);
  }
}

it(
  "keeps the ledger's invariants under random concurrent point and money flows, with reversals",
  { timeout: 180_000, tags: ["concurrency"] },
  async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await reset();
        const runId = ++run;
        const outcomes: Outcome[] = [];
        for (const batch of plan(s, runId)) {
          // What a reversal may name: postings of earlier batches that were created and are not reversals.
          const reversible = outcomes.filter(
            (o) => o.result?.created && o.request.type !== "welcome" && o.request.type !== "reverse",
          );
          const requests: Request[] = [];
          for (const request of batch) {
            const resolved = await resolve(request, reversible);
            if (resolved) requests.push(resolved);
          }
          // Settle the whole batch before failing, so that no call of this run overlaps the next run's reset.
          const settled = await Promise.allSettled(requests.map(execute));
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
