import { DomainError } from "#app/services/errors";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { ledgerEntry, ledgerTransaction, member } from "#app/db/schema";
import { createTestDatabase } from "../../../tests/setup/database";
import {
  auditLedger,
  balanceOf,
  derivedBalance,
  ensureAccount,
  ensureMemberPointsAccount,
  ensurePromotionsAccount,
  grantWelcomePoints,
  history,
  memberEarningsCode,
  memberPointsCode,
  post,
  PROMOTIONS_POINTS,
  transfer,
  type LedgerErrorCode,
} from "./ledger.server";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await ensurePromotionsAccount(db);
  await ensureAccount(db, { code: SPENT, kind: "platform_spent", currency: "P", allowNegative: true });
  await ensureAccount(db, { code: FEES, kind: "platform_fees", currency: "KRW", allowNegative: true });
  await ensureAccount(db, { code: CLEARING, kind: "gateway_clearing", currency: "KRW", allowNegative: true });
});

const SPENT = "platform:spent:points";
const FEES = "platform:fees:krw";
const CLEARING = "platform:gateway:krw";

let members = 0;
/** A fresh member with a points account. */
async function newMember(nickname: string | null = `rider${members + 1}`) {
  const id = `ledger-member-${++members}`;
  await db.insert(member).values({ id, name: id, email: `${id}@example.com`, nickname });
  await ensureMemberPointsAccount(db, id);
  return { id, points: memberPointsCode(id) };
}

let keys = 0;
const key = (label = "test") => `${label}:${++keys}`;

async function grant(code: string, amount: number) {
  return transfer(db, {
    from: PROMOTIONS_POINTS,
    to: code,
    amount,
    kind: "adjustment",
    idempotencyKey: key("grant"),
  });
}

async function refusal(promise: Promise<unknown>, code: LedgerErrorCode): Promise<DomainError<"ledger">> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError<"ledger">).code).toBe(code);
  return error as DomainError<"ledger">;
}

async function transactionCount() {
  const [row] = await db.select({ n: count() }).from(ledgerTransaction);
  return row!.n;
}

async function expectConsistent() {
  expect(await auditLedger(db)).toEqual({
    unbalancedTransactions: [],
    mixedCurrencyTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
  });
}

describe("accounts", () => {
  it(
    "creates an account once, also when asked concurrently, and refuses other properties for its code",
    { tags: ["concurrency"] },
    async () => {
      const spec = {
        code: "platform:bank:krw",
        kind: "bank_fees",
        currency: "KRW",
        allowNegative: true,
      } as const;
      const accounts = await Promise.all(Array.from({ length: 5 }, () => ensureAccount(db, spec)));
      expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
      expect(accounts[0]).toMatchObject({ ...spec, ownerId: null, balance: 0 });
      await refusal(ensureAccount(db, { ...spec, currency: "P" }), "account_mismatch");
      await refusal(ensureAccount(db, { ...spec, allowNegative: false }), "account_mismatch");
    },
  );
});

describe("posting", () => {
  it("posts a balanced transaction, updating cached balances in step with the entries", async () => {
    const a = await newMember();
    const b = await newMember();
    const now = new Date("2026-11-21T03:00:00Z");
    const result = await post(db, {
      idempotencyKey: key(),
      kind: "adjustment",
      memo: "launch event",
      createdBy: "admin-1",
      now,
      entries: [
        { accountCode: PROMOTIONS_POINTS, amount: -300 },
        { accountCode: a.points, amount: 200 },
        { accountCode: b.points, amount: 100 },
      ],
    });
    expect(result.created).toBe(true);
    expect(await balanceOf(db, a.points)).toBe(200);
    expect(await balanceOf(db, b.points)).toBe(100);
    expect(await derivedBalance(db, a.points)).toBe(200);
    expect(await derivedBalance(db, b.points)).toBe(100);

    const [row] = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.id, result.transactionId));
    expect(row).toMatchObject({
      kind: "adjustment",
      memo: "launch event",
      createdBy: "admin-1",
      createdAt: now,
    });
    const entries = await db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.transactionId, result.transactionId));
    expect(entries.map((entry) => entry.amount).sort((x, y) => x - y)).toEqual([-300, 100, 200]);
    expect(entries.every((entry) => entry.currency === "P")).toBe(true);

    await transfer(db, { from: a.points, to: b.points, amount: 50, kind: "gift", idempotencyKey: key() });
    expect(await balanceOf(db, a.points)).toBe(150);
    expect(await balanceOf(db, b.points)).toBe(150);
    await expectConsistent();
  });

  it("refuses unbalanced, invalid, unknown and mixed-currency postings without writing anything", async () => {
    const a = await newMember();
    await grant(a.points, 100);
    const before = await transactionCount();
    const attempt = (entries: { accountCode: string; amount: number }[]) =>
      post(db, { idempotencyKey: key(), kind: "adjustment", entries });

    await refusal(attempt([]), "unbalanced");
    await refusal(attempt([{ accountCode: a.points, amount: 10 }]), "unbalanced");
    await refusal(
      attempt([
        { accountCode: PROMOTIONS_POINTS, amount: -10 },
        { accountCode: a.points, amount: 9 },
      ]),
      "unbalanced",
    );
    for (const amount of [0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      await refusal(
        attempt([
          { accountCode: PROMOTIONS_POINTS, amount: -amount },
          { accountCode: a.points, amount },
        ]),
        "invalid_amount",
      );
    }
    const unknown = await refusal(
      attempt([
        { accountCode: PROMOTIONS_POINTS, amount: -10 },
        { accountCode: "member:nobody:points", amount: 10 },
      ]),
      "unknown_account",
    );
    expect(unknown.details.accountCode).toBe("member:nobody:points");
    await refusal(
      transfer(db, { from: a.points, to: a.points, amount: 1, kind: "gift", idempotencyKey: key() }),
      "same_account",
    );
    await refusal(
      transfer(db, { from: a.points, to: PROMOTIONS_POINTS, amount: -5, kind: "use", idempotencyKey: key() }),
      "invalid_amount",
    );
    await refusal(balanceOf(db, "member:nobody:points"), "unknown_account");

    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, a.points)).toBe(100);
    await expectConsistent();
  });

  it("keeps points and won apart: a posting moves one currency", async () => {
    const a = await newMember();
    const earnings = await ensureAccount(db, {
      code: memberEarningsCode(a.id),
      kind: "member_earnings",
      currency: "KRW",
      ownerId: a.id,
      allowNegative: false,
    });
    await grant(a.points, 1000);
    const before = await transactionCount();
    await refusal(
      post(db, {
        idempotencyKey: key(),
        kind: "adjustment",
        entries: [
          { accountCode: a.points, amount: -1000 },
          { accountCode: earnings.code, amount: 1000 },
        ],
      }),
      "mixed_currency",
    );
    await refusal(
      transfer(db, {
        from: PROMOTIONS_POINTS,
        to: FEES,
        amount: 10,
        kind: "adjustment",
        idempotencyKey: key(),
      }),
      "mixed_currency",
    );
    expect(await transactionCount()).toBe(before);

    // A paid meeting's settlement: the gateway's clearing account pays the member's earnings and the platform fee.
    const settled = await post(db, {
      idempotencyKey: key("settle"),
      kind: "settlement",
      entries: [
        { accountCode: CLEARING, amount: -10_000 },
        { accountCode: earnings.code, amount: 9_000 },
        { accountCode: FEES, amount: 1_000 },
      ],
    });
    const entries = await db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.transactionId, settled.transactionId));
    expect(entries.every((entry) => entry.currency === "KRW")).toBe(true);
    expect(await balanceOf(db, earnings.code)).toBe(9_000);
    expect(await balanceOf(db, a.points)).toBe(1000);
    expect((await history(db, a.id, { currency: "P", limit: 10 })).map((row) => row.amount)).toEqual([1000]);
    expect((await history(db, a.id, { currency: "KRW", limit: 10 })).map((row) => row.amount)).toEqual([
      9_000,
    ]);
    await expectConsistent();
  });
});

describe("idempotency", () => {
  it("posts a key once and returns the same transaction when it comes again", async () => {
    const a = await newMember();
    const request = {
      idempotencyKey: key("review"),
      kind: "review_reward",
      entries: [
        { accountCode: PROMOTIONS_POINTS, amount: -30 },
        { accountCode: a.points, amount: 30 },
      ],
    };
    const first = await post(db, request);
    const again = await post(db, { ...request, entries: [...request.entries].reverse(), memo: "retried" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    expect(await balanceOf(db, a.points)).toBe(30);
    const rows = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);

    const conflict = await refusal(
      post(db, {
        ...request,
        entries: [
          { accountCode: PROMOTIONS_POINTS, amount: -31 },
          { accountCode: a.points, amount: 31 },
        ],
      }),
      "idempotency_conflict",
    );
    expect(conflict.details.idempotencyKey).toBe(request.idempotencyKey);
    await refusal(post(db, { ...request, kind: "adjustment" }), "idempotency_conflict");
    expect(await balanceOf(db, a.points)).toBe(30);
    await expectConsistent();
  });

  it("posts once when the same key comes concurrently", { tags: ["concurrency"] }, async () => {
    const a = await newMember();
    const b = await newMember();
    await grant(a.points, 100);
    const idempotencyKey = key("gift");
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        transfer(db, { from: a.points, to: b.points, amount: 60, kind: "gift", idempotencyKey }),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(await balanceOf(db, a.points)).toBe(40);
    expect(await balanceOf(db, b.points)).toBe(60);
    await expectConsistent();
  });
});

describe("balances", () => {
  it("refuses to take a member below zero and rolls back every entry of the posting", async () => {
    // b's account is older (a lower id), so its credit is applied before a's debit is refused.
    const b = await newMember();
    const a = await newMember();
    const c = await newMember();
    await grant(a.points, 100);
    const before = await transactionCount();
    const idempotencyKey = key("split");
    const request = {
      idempotencyKey,
      kind: "gift",
      entries: [
        { accountCode: a.points, amount: -150 },
        { accountCode: b.points, amount: 100 },
        { accountCode: c.points, amount: 50 },
      ],
    };
    const error = await refusal(post(db, request), "insufficient_balance");
    expect(error.details.accountCode).toBe(a.points);
    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, a.points)).toBe(100);
    expect(await balanceOf(db, b.points)).toBe(0);
    expect(await balanceOf(db, c.points)).toBe(0);
    await expectConsistent();

    // The refused key was not used up: once the points are there, the same request posts.
    await grant(a.points, 50);
    expect((await post(db, request)).created).toBe(true);
    expect(await balanceOf(db, a.points)).toBe(0);
    expect(await balanceOf(db, b.points)).toBe(100);
  });

  it(
    "lets only as many concurrent spends through as the balance covers",
    { tags: ["concurrency"] },
    async () => {
      const a = await newMember();
      await grant(a.points, 100);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          transfer(db, { from: a.points, to: SPENT, amount: 30, kind: "use", idempotencyKey: key("use") }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") {
          expect(outcome.reason).toBeInstanceOf(DomainError);
          expect((outcome.reason as DomainError<"ledger">).code).toBe("insufficient_balance");
        }
      }
      expect(await balanceOf(db, a.points)).toBe(10);
      expect(await derivedBalance(db, a.points)).toBe(10);
      await expectConsistent();
    },
  );
});

describe("history", () => {
  it("lists a member's points newest first with counterparts, a page at a time, and by direction", async () => {
    const me = await newMember("달리는라이더");
    const friend = await newMember("바이크친구");
    const quiet = await newMember(null);
    await grantWelcomePoints(db, friend.id, 1000);
    await grantWelcomePoints(db, quiet.id, 1000);

    const welcome = await grantWelcomePoints(db, me.id, 500);
    expect(welcome.granted).toBe(true);
    const gift = (to: string, from: string, amount: number) =>
      transfer(db, { from, to, amount, kind: "gift", idempotencyKey: key("gift") });
    await gift(me.points, friend.points, 200);
    await transfer(db, { from: me.points, to: SPENT, amount: 300, kind: "use", idempotencyKey: key("use") });
    await gift(friend.points, me.points, 100);
    await gift(me.points, quiet.points, 50);
    // Others' transactions do not appear.
    await gift(quiet.points, friend.points, 10);

    const all = await history(db, me.id, { currency: "P", limit: 10 });
    expect(
      all.map(({ kind, amount, counterpartNickname }) => ({ kind, amount, counterpartNickname })),
    ).toEqual([
      { kind: "gift", amount: 50, counterpartNickname: null },
      { kind: "gift", amount: -100, counterpartNickname: "바이크친구" },
      { kind: "use", amount: -300, counterpartNickname: null },
      { kind: "gift", amount: 200, counterpartNickname: "바이크친구" },
      { kind: "welcome_grant", amount: 500, counterpartNickname: null },
    ]);
    expect(all.every((row) => row.createdAt instanceof Date && !Number.isNaN(row.createdAt.getTime()))).toBe(
      true,
    );
    const ids = all.map((row) => row.transactionId);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    expect(all.reduce((sum, row) => sum + row.amount, 0)).toBe(await balanceOf(db, me.points));

    const pages: number[][] = [];
    let before: number | undefined;
    for (;;) {
      const page = await history(db, me.id, { currency: "P", limit: 2, before });
      if (page.length === 0) break;
      pages.push(page.map((row) => row.transactionId));
      before = page.at(-1)!.transactionId;
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(ids);

    const earned = await history(db, me.id, { currency: "P", direction: "earn", limit: 10 });
    expect(earned.map((row) => row.amount)).toEqual([50, 200, 500]);
    const used = await history(db, me.id, { currency: "P", direction: "use", limit: 1 });
    expect(used.map((row) => row.amount)).toEqual([-100]);
    const usedNext = await history(db, me.id, {
      currency: "P",
      direction: "use",
      limit: 10,
      before: used[0]!.transactionId,
    });
    expect(usedNext.map((row) => row.amount)).toEqual([-300]);

    expect(await history(db, "ledger-member-none", { currency: "P", limit: 10 })).toEqual([]);
    await expect(history(db, me.id, { currency: "P", limit: 0 })).rejects.toThrow(RangeError);
  });
});

describe("welcome points", () => {
  it("grants once per member, also under ten concurrent calls", { tags: ["concurrency"] }, async () => {
    const a = await newMember();
    const results = await Promise.all(Array.from({ length: 10 }, () => grantWelcomePoints(db, a.id, 3000)));
    expect(results.filter((result) => result.granted)).toHaveLength(1);
    expect(await balanceOf(db, a.points)).toBe(3000);
    const rows = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `welcome:${a.id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe("welcome_grant");

    expect(await grantWelcomePoints(db, a.id, 3000)).toEqual({ granted: false });
    // A later change of the welcome amount does not grant again.
    expect(await grantWelcomePoints(db, a.id, 5000)).toEqual({ granted: false });
    expect(await balanceOf(db, a.points)).toBe(3000);
    await refusal(grantWelcomePoints(db, a.id, 0), "invalid_amount");
    await expectConsistent();
  });

  it("creates the member's points account on the first grant", { tags: ["concurrency"] }, async () => {
    const id = `ledger-member-${++members}`;
    await db.insert(member).values({ id, name: id, email: `${id}@example.com` });
    const [first, second] = await Promise.all([
      grantWelcomePoints(db, id, 700),
      grantWelcomePoints(db, id, 700),
    ]);
    expect([first!.granted, second!.granted].sort()).toEqual([false, true]);
    expect(await balanceOf(db, memberPointsCode(id))).toBe(700);
    expect(await balanceOf(db, PROMOTIONS_POINTS)).toBeLessThan(0);
    await expectConsistent();
  });
});
