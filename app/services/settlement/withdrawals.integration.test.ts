import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { adminAudit, earningLine, job, notification, settlementInfo, withdrawal } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { createManualPayouts } from "#app/platform/payouts/manual.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { isDomainError } from "#app/services/errors";
import { auditLedger } from "#app/services/ledger/audit.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { localGateway, runPaymentJobs, silentLogger, testKeyring } from "#tests/setup/payments";
import {
  MemoryPayouts,
  registerSettlementInfo,
  TEST_ACCOUNT_NUMBER,
  withdrawableLines,
  withdrawalBalances,
} from "#tests/setup/settlement";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { PayoutRefused, type PayoutService, type SellerRegistration } from "#app/platform/payouts/types";
import { adjustEarnings, reverseReleasedEarnings } from "./adjustments.server";
import { settleFromPayoutHint, withdrawalJobs } from "./payouts.server";
import {
  cancelWithdrawal,
  exportWithdrawals,
  holdWithdrawal,
  markWithdrawalFailed,
  markWithdrawalPaid,
  quoteWithdrawal,
  requestWithdrawal,
  unholdWithdrawal,
} from "./withdrawals.server";

const clock = new FixedClock(new Date("2026-07-01T03:00:00Z"));
let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;
const manual = { bankFee: 500, payoutMode: "manual" as const };

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

/** A provider with settlement information and `count` withdrawable lines of 30,000원 (27,000원 earned each). */
async function provider(count = 2, category: "individual" | "business" = "individual") {
  const requester = await insertMember(db);
  const member = await insertMember(db, category === "business" ? { memberType: "business" } : {});
  await registerSettlementInfo(db, clock, testKeyring, member.id, category);
  const lineIds = await withdrawableLines(db, clock, gateway, { requester, provider: member }, count);
  return { member, requester, lineIds };
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return `${error.area}.${error.code}`;
    throw error;
  }
  return null;
};

const linesOf = (ids: number[]) =>
  db
    .select({ id: earningLine.id, status: earningLine.status, withdrawalId: earningLine.withdrawalId })
    .from(earningLine)
    .where(inArray(earningLine.id, ids))
    .orderBy(earningLine.id);

/** One more withdrawable line of 30,000원 for a provider who has settlement information already. */
async function withdrawableMore(member: TestMember) {
  const requester = await insertMember(db);
  return { lineIds: await withdrawableLines(db, clock, gateway, { requester, provider: member }, 1) };
}

const rowOf = async (id: number) => (await db.select().from(withdrawal).where(eq(withdrawal.id, id)))[0]!;

async function expectCleanLedger() {
  const audit = await auditLedger(db);
  expect(audit.unbalancedTransactions).toEqual([]);
  expect(audit.negativeAccounts).toEqual([]);
  expect(audit.balanceMismatches).toEqual([]);
  expect(audit.reversalMismatches).toEqual([]);
}

describe("a member's withdrawal", () => {
  it("quotes the selected lines: the platform's fee shown, the bank's fee and the tax taken from the deposit", async () => {
    const { member, lineIds } = await provider(2);
    expect(await quoteWithdrawal(db, clock, member, lineIds, manual)).toMatchObject({
      lineIds,
      category: "individual",
      gross: 54_000,
      platformFee: 6_000,
      bankFee: 500,
      incomeTax: 1_620,
      localTax: 160,
      deposit: 51_720,
      accountMasked: "110-***-***789",
    });
    const business = await provider(1, "business");
    expect(await quoteWithdrawal(db, clock, business.member, business.lineIds, manual)).toMatchObject({
      gross: 28_500,
      platformFee: 1_500,
      incomeTax: 0,
      localTax: 0,
      deposit: 28_000,
    });
  });

  it("refuses nothing selected, another's line, a line not withdrawable, no settlement information, no deposit", async () => {
    const { member, lineIds } = await provider(1);
    const other = await provider(1);
    expect(await refusal(quoteWithdrawal(db, clock, member, [], manual))).toBe("settlement.nothing_selected");
    expect(await refusal(requestWithdrawal(db, clock, member, [other.lineIds[0]!], manual))).toBe(
      "settlement.line_not_withdrawable",
    );
    expect(await refusal(requestWithdrawal(db, clock, member, [999_999], manual))).toBe(
      "settlement.line_not_withdrawable",
    );
    expect(await refusal(quoteWithdrawal(db, clock, member, lineIds, { bankFee: 30_000 }))).toBe(
      "settlement.deposit_too_small",
    );
    const requester = await insertMember(db);
    const unregistered = await insertMember(db);
    const theirs = await withdrawableLines(db, clock, gateway, { requester, provider: unregistered });
    expect(await refusal(requestWithdrawal(db, clock, unregistered, theirs, manual))).toBe(
      "settlement.no_settlement_info",
    );
    expect(await linesOf([...lineIds, ...theirs])).toEqual([
      { id: lineIds[0], status: "withdrawable", withdrawalId: null },
      { id: theirs[0], status: "withdrawable", withdrawalId: null },
    ]);
  });

  it("is requested in one unit with one posting, refused a second time, and cancelled back while requested", async () => {
    const { member, lineIds } = await provider(2);
    const before = await withdrawalBalances(db, member.id);
    expect(before.withdrawable).toBe(54_000);
    const made = await requestWithdrawal(db, clock, member, lineIds, manual);
    expect(made).toMatchObject({
      status: "requested",
      gross: 54_000,
      deposit: 51_720,
      accountMasked: "110-***-***789",
    });
    expect(made.payoutKey).toMatch(/^wd-[\w-]{24}$/);
    expect(made.accountSealed).not.toContain(TEST_ACCOUNT_NUMBER);
    expect(await linesOf(lineIds)).toEqual(
      lineIds.map((id) => ({ id, status: "withdrawing", withdrawalId: made.id })),
    );
    const after = await withdrawalBalances(db, member.id);
    expect(after.withdrawable).toBe(0);
    expect(after.clearing - before.clearing).toBe(51_720);
    expect(after.bankFees - before.bankFees).toBe(500);
    expect(after.tax - before.tax).toBe(1_780);

    // A double click: the lines are being withdrawn already.
    expect(await refusal(requestWithdrawal(db, clock, member, lineIds, manual))).toBe(
      "settlement.line_not_withdrawable",
    );
    const stranger = await insertMember(db);
    expect(await refusal(cancelWithdrawal(db, clock, stranger, made.id))).toBe("settlement.not_found");

    await cancelWithdrawal(db, clock, member, made.id);
    expect(await rowOf(made.id)).toMatchObject({ status: "cancelled" });
    expect(await linesOf(lineIds)).toEqual(
      lineIds.map((id) => ({ id, status: "withdrawable", withdrawalId: null })),
    );
    expect(await withdrawalBalances(db, member.id)).toEqual(before);
    expect(await refusal(cancelWithdrawal(db, clock, member, made.id))).toBe("settlement.not_requested");
    await expectCleanLedger();
  });

  it("is held and released, exported as a bulk-transfer file (audited), then paid", async () => {
    const { member, lineIds } = await provider(1);
    const made = await requestWithdrawal(db, clock, member, lineIds, manual);
    expect(await refusal(holdWithdrawal(db, clock, member, made.id, "확인 필요"))).toBe(
      "settlement.forbidden",
    );
    expect(await refusal(holdWithdrawal(db, clock, admin, made.id, "   "))).toBe(
      "settlement.reason_required",
    );
    await holdWithdrawal(db, clock, admin, made.id, "예금주 확인 필요");
    expect(await rowOf(made.id)).toMatchObject({ status: "held", holdReason: "예금주 확인 필요" });
    expect(await refusal(cancelWithdrawal(db, clock, member, made.id))).toBe("settlement.not_requested");

    // A held withdrawal is left out of the file.
    const first = await exportWithdrawals(db, clock, admin, testKeyring, "manual");
    expect(first.ids).not.toContain(made.id);

    await unholdWithdrawal(db, clock, admin, made.id);
    expect(await refusal(unholdWithdrawal(db, clock, admin, made.id))).toBe("settlement.not_held");
    expect(await refusal(markWithdrawalPaid(db, clock, admin, made.id, "manual"))).toBe(
      "settlement.not_processing",
    );
    const exported = await exportWithdrawals(db, clock, admin, testKeyring, "manual");
    expect(exported.ids).toEqual([made.id]);
    expect(exported.csv).toContain(TEST_ACCOUNT_NUMBER);
    expect(exported.csv).toContain(String(made.deposit));
    expect(await rowOf(made.id)).toMatchObject({ status: "processing" });
    const [audit] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "withdrawal.export"), eq(adminAudit.adminId, admin.id)))
      .orderBy(adminAudit.id);
    expect(JSON.stringify(audit)).not.toContain(TEST_ACCOUNT_NUMBER);
    expect(audit!.after).toMatchObject({ count: 1, ids: [made.id] });
    // Nothing requested is left: the next file is empty.
    expect((await exportWithdrawals(db, clock, admin, testKeyring, "manual")).count).toBe(0);

    const before = await withdrawalBalances(db, member.id);
    await markWithdrawalPaid(db, clock, admin, made.id, "manual");
    expect(await rowOf(made.id)).toMatchObject({ status: "paid" });
    expect(await linesOf(lineIds)).toEqual([{ id: lineIds[0], status: "paid", withdrawalId: made.id }]);
    const after = await withdrawalBalances(db, member.id);
    expect(after.clearing - before.clearing).toBe(-made.deposit);
    expect(after.paid - before.paid).toBe(made.deposit);
    expect(await refusal(markWithdrawalPaid(db, clock, admin, made.id, "manual"))).toBe(
      "settlement.not_processing",
    );
    expect(await refusal(markWithdrawalFailed(db, clock, admin, made.id, "늦음", "manual"))).toBe(
      "settlement.not_processing",
    );
    expect(await refusal(markWithdrawalPaid(db, clock, admin, 987_654, "manual"))).toBe(
      "settlement.not_found",
    );
    const told = await db
      .select({ type: notification.type, params: notification.params })
      .from(notification)
      .where(and(eq(notification.recipientId, member.id), eq(notification.type, "withdrawalPaid")));
    expect(told).toEqual([{ type: "withdrawalPaid", params: { amount: made.deposit } }]);
    await expectCleanLedger();
  });

  it("fails: the money back to withdrawable, the lines withdrawable, the member told", async () => {
    const { member, lineIds } = await provider(1);
    const start = await withdrawalBalances(db, member.id);
    const made = await requestWithdrawal(db, clock, member, lineIds, manual);
    await exportWithdrawals(db, clock, admin, testKeyring, "manual");
    expect(await refusal(markWithdrawalFailed(db, clock, admin, made.id, "", "manual"))).toBe(
      "settlement.reason_required",
    );
    await markWithdrawalFailed(db, clock, admin, made.id, "계좌 오류", "manual");
    expect(await rowOf(made.id)).toMatchObject({ status: "failed", failReason: "계좌 오류" });
    expect(await linesOf(lineIds)).toEqual([{ id: lineIds[0], status: "withdrawable", withdrawalId: null }]);
    expect(await withdrawalBalances(db, member.id)).toEqual(start);
    const [told] = await db
      .select({ type: notification.type })
      .from(notification)
      .where(and(eq(notification.recipientId, member.id), eq(notification.type, "withdrawalFailed")));
    expect(told).toEqual({ type: "withdrawalFailed" });
    // Withdrawn again after the failure.
    expect((await requestWithdrawal(db, clock, member, lineIds, manual)).status).toBe("requested");
    await expectCleanLedger();
  });

  it("refuses the manual acts while an automatic payout service answers", async () => {
    const { member, lineIds } = await provider(1);
    const made = await requestWithdrawal(db, clock, member, lineIds, { bankFee: 500, payoutMode: "toss" });
    expect(await refusal(markWithdrawalPaid(db, clock, admin, made.id, "toss"))).toBe(
      "settlement.automatic_payouts",
    );
    expect(await refusal(exportWithdrawals(db, clock, admin, testKeyring, "toss"))).toBe(
      "settlement.automatic_payouts",
    );
  });
});

describe("automatic payouts", () => {
  it("sends from the job outside the unit, and settles the answer the service gives later", async () => {
    const payouts = new MemoryPayouts();
    const setup = { payouts, keyring: testKeyring };
    const { member, lineIds } = await provider(1);
    const made = await requestWithdrawal(db, clock, member, lineIds, { bankFee: 500, payoutMode: "toss" });
    // Processing with its job from the request's own unit.
    expect(made.status).toBe("processing");
    expect(await rowOf(made.id)).toMatchObject({ status: "processing" });
    const [scheduled] = await db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `withdrawal-payout:${made.id}`));
    expect(scheduled).toMatchObject({ kind: "withdrawal.payout", status: "pending" });

    await runPaymentJobs(db, clock, gateway, setup);
    expect(payouts.payouts.get(made.payoutKey)?.request).toMatchObject({
      amount: made.deposit,
      accountNumber: TEST_ACCOUNT_NUMBER,
      bankCode: "088",
    });
    expect(await rowOf(made.id)).toMatchObject({ status: "processing" });

    payouts.settle(made.payoutKey, "paid");
    clock.advance(60 * 60_000);
    await runPaymentJobs(db, clock, gateway, setup);
    expect(await rowOf(made.id)).toMatchObject({ status: "paid", payoutRef: `ref-${made.payoutKey}` });
    expect(await linesOf(lineIds)).toEqual([{ id: lineIds[0], status: "paid", withdrawalId: made.id }]);
    expect(payouts.sent.filter((key) => key === made.payoutKey)).toHaveLength(1);
    await expectCleanLedger();
  });

  it("is refused in words, not as a server error, when an adjustment left less than the lines selected", async () => {
    const { member, lineIds } = await provider(1);
    await adjustEarnings(db, clock, admin, member.id, -1_000, "이중 정산 회수");
    expect(await refusal(requestWithdrawal(db, clock, member, lineIds, manual))).toBe(
      "settlement.balance_short",
    );
    expect(await db.select().from(withdrawal).where(eq(withdrawal.userId, member.id))).toEqual([]);
    expect(await linesOf(lineIds)).toEqual([{ id: lineIds[0], status: "withdrawable", withdrawalId: null }]);
    expect(await refusal(reverseReleasedEarnings(db, clock, admin, lineIds[0]!, "회수"))).toBe(
      "earnings.insufficient",
    );
  });

  it("registers the member as a seller of the service once, pays to that seller, and fails the payout when the service refuses the seller", async () => {
    const registrations: SellerRegistration[] = [];
    let refuse = false;
    const payouts = Object.assign(new MemoryPayouts(), {
      registerSeller: (registration: SellerRegistration) => {
        registrations.push(registration);
        if (refuse)
          return Promise.reject(new PayoutRefused("INVALID_BANK_ACCOUNT", "예금주가 일치하지 않습니다."));
        return Promise.resolve({ sellerId: `seller-${registrations.length}`, status: "approved" as const });
      },
    });
    const setup = { payouts, keyring: testKeyring };
    const { member, lineIds } = await provider(2);
    const first = await requestWithdrawal(db, clock, member, [lineIds[0]!], {
      bankFee: 500,
      payoutMode: "toss",
    });
    await runPaymentJobs(db, clock, gateway, setup);
    const second = await requestWithdrawal(db, clock, member, [lineIds[1]!], {
      bankFee: 500,
      payoutMode: "toss",
    });
    await runPaymentJobs(db, clock, gateway, setup);
    // One registration for both payouts, with the account opened for it; each payout names the seller.
    expect(registrations).toHaveLength(1);
    expect(registrations[0]).toMatchObject({
      memberId: member.id,
      kind: "individual",
      bankCode: "088",
      accountNumber: TEST_ACCOUNT_NUMBER,
    });
    for (const made of [first, second])
      expect(payouts.payouts.get(made.payoutKey)?.request.sellerId).toBe("seller-1");
    const [info] = await db.select().from(settlementInfo).where(eq(settlementInfo.userId, member.id));
    expect(info!.payoutSellerId).toBe("seller-1");

    // A changed account is registered again; a refusal fails the payout and gives the earnings back.
    await db
      .update(settlementInfo)
      .set({ payoutSellerId: null, updatedAt: new Date(clock.now().getTime() + 1) })
      .where(eq(settlementInfo.userId, member.id));
    refuse = true;
    payouts.settle(first.payoutKey, "paid");
    payouts.settle(second.payoutKey, "paid");
    clock.advance(60 * 60_000);
    await runPaymentJobs(db, clock, gateway, setup);
    const { lineIds: more } = await withdrawableMore(member);
    const third = await requestWithdrawal(db, clock, member, more, { bankFee: 500, payoutMode: "toss" });
    await runPaymentJobs(db, clock, gateway, setup);
    expect(registrations).toHaveLength(2);
    expect(await rowOf(third.id)).toMatchObject({ status: "failed" });
    expect((await rowOf(third.id)).failReason).toContain("INVALID_BANK_ACCOUNT");
    expect(await linesOf(more)).toEqual([{ id: more[0], status: "withdrawable", withdrawalId: null }]);
    expect(payouts.payouts.has(third.payoutKey)).toBe(false);
    await expectCleanLedger();
  });

  it("leaves a withdrawal processing after a crash between the send and the commit; the next run asks, never sends twice", async () => {
    const payouts = new MemoryPayouts();
    const { member, lineIds } = await provider(1);
    const made = await requestWithdrawal(db, clock, member, lineIds, { bankFee: 500, payoutMode: "toss" });
    // The service pays at once; the process dies after the call and before the answer is recorded.
    const paysAtOnce: PayoutService = {
      mode: payouts.mode,
      send: async (requests) => {
        const answers = await payouts.send(requests);
        for (const request of requests) payouts.settle(request.payoutKey, "paid");
        return answers;
      },
      lookup: (key, ref) => payouts.lookup(key, ref),
      balance: () => payouts.balance(),
      parseWebhook: (body) => payouts.parseWebhook(body),
    };
    const [kind] = withdrawalJobs(paysAtOnce, testKeyring);
    await new JobWorker({
      db,
      clock,
      logger: silentLogger,
      registry: composeJobRegistry([
        { ...kind!, handle: () => Promise.reject(new Error("process killed after the send")) },
      ]),
      pollIntervalMs: 1000,
    }).drain();
    expect(payouts.sent.filter((key) => key === made.payoutKey)).toHaveLength(1);
    expect(await rowOf(made.id)).toMatchObject({ status: "processing" });
    expect(await linesOf(lineIds)).toEqual([
      { id: lineIds[0], status: "withdrawing", withdrawalId: made.id },
    ]);

    // The retry asks the service and records what it says.
    clock.advance(60 * 60_000);
    await runPaymentJobs(db, clock, gateway, { payouts: paysAtOnce, keyring: testKeyring });
    expect(await rowOf(made.id)).toMatchObject({ status: "paid" });
    expect(payouts.sent.filter((key) => key === made.payoutKey)).toHaveLength(1);
    // Asked once, by the reference its answer to the send gave (kept before the process died).
    expect(payouts.looked.filter((key) => key === made.payoutKey)).toHaveLength(1);
    expect((await rowOf(made.id)).payoutRef).toBe(`ref-${made.payoutKey}`);
    await expectCleanLedger();
  });

  it("stays processing while the service cannot be reached, and gives the lines back when it says failed", async () => {
    const payouts = new MemoryPayouts();
    const setup = { payouts, keyring: testKeyring };
    const { member, lineIds } = await provider(1);
    const start = await withdrawalBalances(db, member.id);
    const made = await requestWithdrawal(db, clock, member, lineIds, { bankFee: 500, payoutMode: "toss" });
    payouts.unavailable = true;
    await runPaymentJobs(db, clock, gateway, setup);
    expect(await rowOf(made.id)).toMatchObject({ status: "processing" });
    payouts.unavailable = false;
    clock.advance(60 * 60_000);
    await runPaymentJobs(db, clock, gateway, setup);
    payouts.settle(made.payoutKey, "failed");
    clock.advance(60 * 60_000);
    await runPaymentJobs(db, clock, gateway, setup);
    expect(await rowOf(made.id)).toMatchObject({ status: "failed" });
    expect(await linesOf(lineIds)).toEqual([{ id: lineIds[0], status: "withdrawable", withdrawalId: null }]);
    expect(await withdrawalBalances(db, member.id)).toEqual(start);
    await expectCleanLedger();
  });

  it("settles from the webhook's hint by asking the service; an unknown or finished withdrawal is refused", async () => {
    const payouts = new MemoryPayouts();
    const { member, lineIds } = await provider(1);
    const made = await requestWithdrawal(db, clock, member, lineIds, { bankFee: 500, payoutMode: "toss" });
    await runPaymentJobs(db, clock, gateway, { payouts, keyring: testKeyring });
    expect(
      await refusal(
        settleFromPayoutHint(db, clock, payouts, silentLogger, { payoutKey: "wd-nope", ref: null }),
      ),
    ).toBe("settlement.payout_unknown");
    // The hint alone changes nothing: the service still says processing.
    expect(
      await settleFromPayoutHint(db, clock, payouts, silentLogger, { payoutKey: made.payoutKey, ref: null }),
    ).toBe("processing");
    payouts.settle(made.payoutKey, "paid");
    expect(
      await settleFromPayoutHint(db, clock, payouts, silentLogger, { payoutKey: made.payoutKey, ref: null }),
    ).toBe("paid");
    expect(await rowOf(made.id)).toMatchObject({ status: "paid" });
    expect(
      await refusal(
        settleFromPayoutHint(db, clock, payouts, silentLogger, { payoutKey: made.payoutKey, ref: null }),
      ),
    ).toBe("settlement.payout_final");
    await expectCleanLedger();
    expect(createManualPayouts().mode).toBe("manual");
  });
});
