import { DomainError } from "#app/services/errors";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { actorOf, systemActor } from "#app/services/actor";
import { createTestDatabase } from "#tests/setup/database";
import {
  BANK_FEES_KRW,
  ensureMemberAccount,
  ensureMemberPointsAccount,
  ensurePlatformAccount,
  ensurePromotionsAccount,
  GATEWAY_CLEARING_KRW,
  memberPendingEarningsCode,
  memberPointsCode,
  memberWithdrawableEarningsCode,
  PLATFORM_FEES_KRW,
  PROMOTIONS_POINTS,
  SPENT_POINTS,
} from "./accounts.server";
import {
  grantWelcomePoints,
  post,
  reversalKey,
  reverseTransaction,
  transfer,
  type PostInput,
  type TransferInput,
} from "./posting.server";
import { balanceOf, history, postingsOf } from "./reads.server";
import { auditLedger, derivedBalance } from "./audit.server";
import type { LedgerErrorCode } from "./errors";

let db: Database;
const clock = new FixedClock(new Date("2026-11-21T03:00:00Z"));
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await inUnit((uow) => ensurePromotionsAccount(uow));
  for (const kind of ["platform_spent", "gateway_clearing", "platform_fees", "bank_fees"] as const)
    await inUnit((uow) => ensurePlatformAccount(uow, kind));
});

/** Runs `work` in a unit of work of its own, as an operation of the application would. */
const inUnit = <T>(work: (uow: UnitOfWork) => Promise<T>) => runInTransaction(db, clock, work);

type Posting = Omit<PostInput, "actor"> & Partial<Pick<PostInput, "actor">>;
/** A posting in a unit of its own, by the system unless an actor is given. */
const postNow = (input: Posting) => inUnit((uow) => post(uow, { actor: systemActor, ...input }));
const transferNow = (input: Omit<TransferInput, "actor"> & Partial<Pick<TransferInput, "actor">>) =>
  inUnit((uow) => transfer(uow, { actor: systemActor, ...input }));
const welcome = (userId: string, amount: number) => inUnit((uow) => grantWelcomePoints(uow, userId, amount));
const reverse = (transactionId: number, reason = "refund") =>
  inUnit((uow) => reverseTransaction(uow, transactionId, systemActor, reason));

let members = 0;
const stamp = () => ({ createdAt: clock.now(), updatedAt: clock.now() });
/** A fresh member with a points account and both earnings accounts. */
async function newMember(
  nickname: string | null = `rider${members + 1}`,
  role: "member" | "admin" = "member",
) {
  const id = `ledger-member-${++members}`;
  await db.insert(member).values({ id, name: id, email: `${id}@example.com`, nickname, role, ...stamp() });
  await inUnit((uow) => ensureMemberPointsAccount(uow, id));
  await inUnit((uow) => ensureMemberAccount(uow, id, "member_pending_earnings"));
  await inUnit((uow) => ensureMemberAccount(uow, id, "member_withdrawable_earnings"));
  return {
    id,
    points: memberPointsCode(id),
    pending: memberPendingEarningsCode(id),
    withdrawable: memberWithdrawableEarningsCode(id),
  };
}

let keys = 0;
const key = (label = "test") => `${label}:${++keys}`;

async function grant(code: string, amount: number) {
  return transferNow({
    from: PROMOTIONS_POINTS,
    to: code,
    amount,
    kind: "adjustment",
    idempotencyKey: key("grant"),
  });
}

/** A paid meeting's payment taken by the gateway: the member's pending earnings and the platform's fee. */
function capture(memberId: string, gross: number, fee: number, payment = key("payment")) {
  return postNow({
    idempotencyKey: `capture:${payment}`,
    kind: "payment_captured",
    subject: { type: "payment", id: payment },
    entries: [
      { accountCode: GATEWAY_CLEARING_KRW, amount: -gross },
      { accountCode: memberPendingEarningsCode(memberId), amount: gross - fee },
      { accountCode: PLATFORM_FEES_KRW, amount: fee },
    ],
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
    reversalMismatches: [],
  });
}

describe("accounts", () => {
  it(
    "creates an account once, also when asked concurrently, with its kind's currency and negative rule",
    { tags: ["concurrency"] },
    async () => {
      const id = `ledger-member-${++members}`;
      await db.insert(member).values({ id, name: id, email: `${id}@example.com`, ...stamp() });
      const accounts = await Promise.all(
        Array.from({ length: 5 }, () =>
          inUnit((uow) => ensureMemberAccount(uow, id, "member_withdrawable_earnings")),
        ),
      );
      expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
      expect(accounts[0]).toMatchObject({
        code: `member:${id}:withdrawable-earnings`,
        kind: "member_withdrawable_earnings",
        currency: "KRW",
        ownerId: id,
        allowNegative: false,
        balance: 0,
      });
      expect(await inUnit((uow) => ensurePlatformAccount(uow, "bank_fees"))).toMatchObject({
        code: BANK_FEES_KRW,
        currency: "KRW",
        ownerId: null,
        allowNegative: true,
      });
      expect(await inUnit((uow) => ensurePlatformAccount(uow, "platform_spent"))).toMatchObject({
        code: SPENT_POINTS,
        currency: "P",
      });
    },
  );

  it("refuses an account stored under the code with other properties", async () => {
    const id = `ledger-member-${++members}`;
    await db.insert(member).values({ id, name: id, email: `${id}@example.com`, ...stamp() });
    await db.insert(ledgerAccount).values({
      code: memberPendingEarningsCode(id),
      kind: "member_pending_earnings",
      currency: "P",
      ownerId: id,
      allowNegative: false,
      createdAt: clock.now(),
    });
    await refusal(
      inUnit((uow) => ensureMemberAccount(uow, id, "member_pending_earnings")),
      "account_mismatch",
    );
  });
});

describe("posting", () => {
  it("posts a balanced transaction at the unit's time, with its actor and subject, updating balances", async () => {
    const a = await newMember();
    const b = await newMember();
    const admin = await newMember("관리자", "admin");
    const actor = actorOf({ id: admin.id, role: "admin", twoFactorEnabled: true });
    clock.set(new Date("2026-11-21T05:00:00Z"));
    const result = await postNow({
      idempotencyKey: key(),
      kind: "adjustment",
      memo: "launch event",
      actor,
      subject: { type: "review", id: "review-7" },
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
      actorKind: "admin",
      actorId: admin.id,
      subjectType: "review",
      subjectId: "review-7",
      reversesTransactionId: null,
      createdAt: new Date("2026-11-21T05:00:00Z"),
    });
    const entries = await db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.transactionId, result.transactionId));
    expect(entries.map((entry) => entry.amount).sort((x, y) => x - y)).toEqual([-300, 100, 200]);
    expect(entries.every((entry) => entry.currency === "P")).toBe(true);

    const gift = await transferNow({
      from: a.points,
      to: b.points,
      amount: 50,
      kind: "gift",
      idempotencyKey: key(),
      actor: actorOf({ id: a.id, role: "member", twoFactorEnabled: false }),
    });
    const [giftRow] = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.id, gift.transactionId));
    expect(giftRow).toMatchObject({ actorKind: "member", actorId: a.id, subjectType: null, subjectId: null });
    expect(await balanceOf(db, a.points)).toBe(150);
    expect(await balanceOf(db, b.points)).toBe(150);
    await expectConsistent();
  });

  it("refuses unbalanced, invalid, unknown and mixed-currency postings without writing anything", async () => {
    const a = await newMember();
    await grant(a.points, 100);
    const before = await transactionCount();
    const attempt = (entries: { accountCode: string; amount: number }[]) =>
      postNow({ idempotencyKey: key(), kind: "adjustment", entries });

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
      transferNow({ from: a.points, to: a.points, amount: 1, kind: "gift", idempotencyKey: key() }),
      "same_account",
    );
    await refusal(
      transferNow({ from: a.points, to: PROMOTIONS_POINTS, amount: -5, kind: "use", idempotencyKey: key() }),
      "invalid_amount",
    );
    await refusal(balanceOf(db, "member:nobody:points"), "unknown_account");

    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, a.points)).toBe(100);
    await expectConsistent();
  });

  it("keeps points and won apart: a posting moves one currency", async () => {
    const a = await newMember();
    await grant(a.points, 1000);
    const before = await transactionCount();
    await refusal(
      postNow({
        idempotencyKey: key(),
        kind: "adjustment",
        entries: [
          { accountCode: a.points, amount: -1000 },
          { accountCode: a.pending, amount: 1000 },
        ],
      }),
      "mixed_currency",
    );
    await refusal(
      transferNow({
        from: PROMOTIONS_POINTS,
        to: PLATFORM_FEES_KRW,
        amount: 10,
        kind: "adjustment",
        idempotencyKey: key(),
      }),
      "mixed_currency",
    );
    expect(await transactionCount()).toBe(before);

    const captured = await capture(a.id, 10_000, 1_000);
    const entries = await db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.transactionId, captured.transactionId));
    expect(entries.every((entry) => entry.currency === "KRW")).toBe(true);
    expect(await balanceOf(db, a.pending)).toBe(9_000);
    expect(await balanceOf(db, a.points)).toBe(1000);
    expect((await history(db, a.id, { currency: "P", limit: 10 })).map((row) => row.amount)).toEqual([1000]);
    expect((await history(db, a.id, { currency: "KRW", limit: 10 })).map((row) => row.amount)).toEqual([
      9_000,
    ]);
    await expectConsistent();
  });

  it("moves won from capture to pending, withdrawable and out through the gateway less the bank's fee", async () => {
    const a = await newMember();
    const clearing = await balanceOf(db, GATEWAY_CLEARING_KRW);
    const fees = await balanceOf(db, PLATFORM_FEES_KRW);
    const bankFees = await balanceOf(db, BANK_FEES_KRW);
    await capture(a.id, 30_000, 3_000);
    await transferNow({
      from: a.pending,
      to: a.withdrawable,
      amount: 27_000,
      kind: "hold_released",
      idempotencyKey: key("release"),
    });
    await refusal(
      transferNow({
        from: a.pending,
        to: a.withdrawable,
        amount: 1,
        kind: "hold_released",
        idempotencyKey: key(),
      }),
      "insufficient_balance",
    );
    await postNow({
      idempotencyKey: key("withdrawal"),
      kind: "withdrawal",
      actor: actorOf({ id: a.id, role: "member", twoFactorEnabled: false }),
      subject: { type: "withdrawal", id: "w-1" },
      entries: [
        { accountCode: a.withdrawable, amount: -20_000 },
        { accountCode: BANK_FEES_KRW, amount: 500 },
        { accountCode: GATEWAY_CLEARING_KRW, amount: 19_500 },
      ],
    });
    expect(await balanceOf(db, a.pending)).toBe(0);
    expect(await balanceOf(db, a.withdrawable)).toBe(7_000);
    expect((await balanceOf(db, GATEWAY_CLEARING_KRW)) - clearing).toBe(-10_500);
    expect((await balanceOf(db, PLATFORM_FEES_KRW)) - fees).toBe(3_000);
    expect((await balanceOf(db, BANK_FEES_KRW)) - bankFees).toBe(500);
    await expectConsistent();
  });
});

describe("the unit of work", () => {
  it("posts inside the caller's unit: the posting commits and rolls back with the operation", async () => {
    const a = await newMember();
    const failed = inUnit(async (uow) => {
      await transfer(uow, {
        from: PROMOTIONS_POINTS,
        to: a.points,
        amount: 70,
        kind: "adjustment",
        idempotencyKey: key(),
        actor: systemActor,
      });
      expect(await balanceOf(uow, a.points)).toBe(70);
      throw new Error("the operation failed after posting");
    });
    await expect(failed).rejects.toThrow("the operation failed after posting");
    expect(await balanceOf(db, a.points)).toBe(0);

    const nickname = `unit${members}`;
    await inUnit(async (uow) => {
      await transfer(uow, {
        from: PROMOTIONS_POINTS,
        to: a.points,
        amount: 70,
        kind: "adjustment",
        idempotencyKey: key(),
        actor: systemActor,
      });
      await uow.tx.update(member).set({ nickname }).where(eq(member.id, a.id));
    });
    expect(await balanceOf(db, a.points)).toBe(70);
    await expectConsistent();
  });

  it("leaves nothing of a refused posting and the caller's unit usable when it handles the refusal", async () => {
    // b's account is older (a lower id), so its credit is applied before a's debit is refused.
    const b = await newMember();
    const a = await newMember();
    await grant(a.points, 100);
    const before = await transactionCount();
    const nickname = `handled${members}`;
    const outcome = await inUnit(async (uow) => {
      const refused = await post(uow, {
        idempotencyKey: key("split"),
        kind: "gift",
        actor: systemActor,
        entries: [
          { accountCode: b.points, amount: 150 },
          { accountCode: a.points, amount: -150 },
        ],
      }).catch((error: unknown) => error);
      await uow.tx.update(member).set({ nickname }).where(eq(member.id, a.id));
      return refused;
    });
    expect(outcome).toBeInstanceOf(DomainError);
    expect((outcome as DomainError<"ledger">).code).toBe("insufficient_balance");
    const [row] = await db.select({ nickname: member.nickname }).from(member).where(eq(member.id, a.id));
    expect(row!.nickname).toBe(nickname);
    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, b.points)).toBe(0);
    expect(await balanceOf(db, a.points)).toBe(100);
    await expectConsistent();
  });
});

describe("idempotency", () => {
  it("posts a key once and returns the same transaction when it comes again", async () => {
    const a = await newMember();
    const request = {
      idempotencyKey: key("review"),
      kind: "review_reward",
      subject: { type: "review", id: "review-1" },
      entries: [
        { accountCode: PROMOTIONS_POINTS, amount: -30 },
        { accountCode: a.points, amount: 30 },
      ],
    } satisfies Posting;
    const first = await postNow(request);
    const again = await postNow({ ...request, entries: [...request.entries].reverse(), memo: "retried" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    expect(await balanceOf(db, a.points)).toBe(30);
    const rows = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);

    const conflict = await refusal(
      postNow({
        ...request,
        entries: [
          { accountCode: PROMOTIONS_POINTS, amount: -31 },
          { accountCode: a.points, amount: 31 },
        ],
      }),
      "idempotency_conflict",
    );
    expect(conflict.details.idempotencyKey).toBe(request.idempotencyKey);
    await refusal(postNow({ ...request, kind: "adjustment" }), "idempotency_conflict");
    await refusal(
      postNow({ ...request, subject: { type: "review", id: "review-2" } }),
      "idempotency_conflict",
    );
    await refusal(postNow({ ...request, subject: null }), "idempotency_conflict");
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
        transferNow({ from: a.points, to: b.points, amount: 60, kind: "gift", idempotencyKey }),
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
    } satisfies Posting;
    const error = await refusal(postNow(request), "insufficient_balance");
    expect(error.details.accountCode).toBe(a.points);
    expect(await transactionCount()).toBe(before);
    expect(await balanceOf(db, a.points)).toBe(100);
    expect(await balanceOf(db, b.points)).toBe(0);
    expect(await balanceOf(db, c.points)).toBe(0);
    await expectConsistent();

    // The refused key was not used up: once the points are there, the same request posts.
    await grant(a.points, 50);
    expect((await postNow(request)).created).toBe(true);
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
          transferNow({
            from: a.points,
            to: SPENT_POINTS,
            amount: 30,
            kind: "use",
            idempotencyKey: key("use"),
          }),
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

describe("reversal", () => {
  it("posts the opposite entries once, linked to the original and about its subject", async () => {
    const a = await newMember();
    const payment = key("payment");
    const captured = await capture(a.id, 20_000, 2_000, payment);
    const fees = await balanceOf(db, PLATFORM_FEES_KRW);
    const admin = await newMember("정산담당", "admin");
    const actor = actorOf({ id: admin.id, role: "admin", twoFactorEnabled: true });
    clock.set(new Date("2026-11-22T01:00:00Z"));
    const reversal = await inUnit((uow) =>
      reverseTransaction(uow, captured.transactionId, actor, "meeting cancelled"),
    );
    expect(reversal.created).toBe(true);
    expect(await balanceOf(db, a.pending)).toBe(0);
    expect(await balanceOf(db, PLATFORM_FEES_KRW)).toBe(fees - 2_000);

    const postings = await postingsOf(db, { type: "payment", id: payment });
    expect(
      postings.map(({ transactionId, kind, reversesTransactionId }) => ({
        transactionId,
        kind,
        reversesTransactionId,
      })),
    ).toEqual([
      { transactionId: captured.transactionId, kind: "payment_captured", reversesTransactionId: null },
      {
        transactionId: reversal.transactionId,
        kind: "reversal",
        reversesTransactionId: captured.transactionId,
      },
    ]);
    expect(postings[1]).toMatchObject({
      actor: { kind: "admin", id: admin.id },
      memo: "meeting cancelled",
      createdAt: new Date("2026-11-22T01:00:00Z"),
    });
    expect(postings[1]!.entries).toEqual(
      postings[0]!.entries.map((entry) => ({ ...entry, amount: -entry.amount })),
    );
    expect(await postingsOf(db, { type: "payment", id: "no-such-payment" })).toEqual([]);

    await refusal(reverse(captured.transactionId), "already_reversed");
    await refusal(reverse(reversal.transactionId), "not_reversible");
    await refusal(reverse(2 ** 40), "unknown_transaction");
    const [row] = await db
      .select({ key: ledgerTransaction.idempotencyKey })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.id, reversal.transactionId));
    expect(row!.key).toBe(reversalKey(captured.transactionId));
    await expectConsistent();
  });

  it("refuses to reverse what was already spent, and can reverse it once it is back", async () => {
    const a = await newMember();
    const b = await newMember();
    await grant(a.points, 100);
    const gift = await transferNow({
      from: a.points,
      to: b.points,
      amount: 80,
      kind: "gift",
      idempotencyKey: key(),
    });
    await transferNow({ from: b.points, to: SPENT_POINTS, amount: 50, kind: "use", idempotencyKey: key() });
    const before = await transactionCount();
    const error = await refusal(reverse(gift.transactionId), "insufficient_balance");
    expect(error.details.accountCode).toBe(b.points);
    expect(await transactionCount()).toBe(before);
    await grant(b.points, 50);
    expect((await reverse(gift.transactionId)).created).toBe(true);
    expect(await balanceOf(db, a.points)).toBe(100);
    expect(await balanceOf(db, b.points)).toBe(0);
    await expectConsistent();
  });

  it(
    "lets one of concurrent reversals through and refuses the others",
    { tags: ["concurrency"] },
    async () => {
      const a = await newMember();
      const captured = await capture(a.id, 5_000, 500);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, (_, n) => reverse(captured.transactionId, `refund ${n}`)),
      );
      const posted = outcomes.filter((outcome) => outcome.status === "fulfilled");
      expect(posted).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") {
          expect(outcome.reason).toBeInstanceOf(DomainError);
          expect((outcome.reason as DomainError<"ledger">).code).toBe("already_reversed");
        }
      }
      const reversals = await db
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.reversesTransactionId, captured.transactionId));
      expect(reversals).toHaveLength(1);
      expect(await balanceOf(db, a.pending)).toBe(0);
      await expectConsistent();
    },
  );
});

describe("history", () => {
  it("lists a member's points newest first with counterparts, a page at a time, and by direction", async () => {
    const me = await newMember("달리는라이더");
    const friend = await newMember("바이크친구");
    const quiet = await newMember(null);
    await welcome(friend.id, 1000);
    await welcome(quiet.id, 1000);

    const welcomed = await welcome(me.id, 500);
    expect(welcomed.granted).toBe(true);
    const gift = (to: string, from: string, amount: number) =>
      transferNow({ from, to, amount, kind: "gift", idempotencyKey: key("gift") });
    await gift(me.points, friend.points, 200);
    await transferNow({
      from: me.points,
      to: SPENT_POINTS,
      amount: 300,
      kind: "use",
      idempotencyKey: key("use"),
    });
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
    const results = await Promise.all(Array.from({ length: 10 }, () => welcome(a.id, 3000)));
    expect(results.filter((result) => result.granted)).toHaveLength(1);
    expect(await balanceOf(db, a.points)).toBe(3000);
    const rows = await db
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `welcome:${a.id}`));
    expect(rows).toHaveLength(1);
    // The system grants them; the transaction is about the member.
    expect(rows[0]).toMatchObject({
      kind: "welcome_grant",
      actorKind: "system",
      actorId: null,
      subjectType: "member",
      subjectId: a.id,
      createdAt: clock.now(),
    });

    expect(await welcome(a.id, 3000)).toEqual({ granted: false });
    // A later change of the welcome amount does not grant again.
    expect(await welcome(a.id, 5000)).toEqual({ granted: false });
    expect(await balanceOf(db, a.points)).toBe(3000);
    await refusal(welcome(a.id, 0), "invalid_amount");
    await expectConsistent();
  });

  it("creates the member's points account on the first grant", { tags: ["concurrency"] }, async () => {
    const id = `ledger-member-${++members}`;
    await db.insert(member).values({ id, name: id, email: `${id}@example.com`, ...stamp() });
    const [first, second] = await Promise.all([welcome(id, 700), welcome(id, 700)]);
    expect([first!.granted, second!.granted].sort()).toEqual([false, true]);
    expect(await balanceOf(db, memberPointsCode(id))).toBe(700);
    expect(await balanceOf(db, PROMOTIONS_POINTS)).toBeLessThan(0);
    await expectConsistent();
  });
});
