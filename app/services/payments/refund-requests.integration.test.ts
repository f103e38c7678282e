import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  adminAudit,
  meeting,
  meetingMessage,
  memberCoupon,
  notification,
  paymentOrder,
  paymentRefund,
  refundRequest,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { HOUR_MS } from "#app/platform/seoul-calendar";
import { issueCoupon } from "#app/services/coupons/console.server";
import { auditLedger } from "#app/services/ledger/audit.server";
import { balanceOf as storedBalance } from "#app/services/ledger/reads.server";
import {
  memberPendingEarningsCode,
  PLATFORM_FEES_KRW,
  PROMOTIONS_KRW,
} from "#app/services/ledger/accounts.server";
import { reportNoShow, reviewNoShow } from "#app/services/meetings/conduct/no-shows.server";
import { endMeeting } from "#app/services/meetings/meeting/meetings.server";
import { makeCoupon, outcome } from "#tests/setup/coupons";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import {
  localGateway,
  payingMeeting,
  payThroughLocalGateway,
  runPaymentJobs,
  type PayingMeeting,
} from "#tests/setup/payments";
import { HOLD_MS } from "./payment-rules";
import { decideRefundRequest, hasOpenRefundRequest, requestRefund } from "./refund-requests.server";

let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

const balanceOf = (source: Database, code: string) =>
  storedBalance(source, code).catch((error: unknown) => {
    if (error instanceof Error && error.message === "ledger.unknown_account") return 0;
    throw error;
  });

const meetingRow = async (id: number) => (await db.select().from(meeting).where(eq(meeting.id, id)))[0]!;
const paidOrder = async (meetingId: number) =>
  (
    await db
      .select()
      .from(paymentOrder)
      .where(and(eq(paymentOrder.meetingId, meetingId), eq(paymentOrder.status, "paid")))
  )[0]!;
const requestOf = async (meetingId: number) =>
  (await db.select().from(refundRequest).where(eq(refundRequest.meetingId, meetingId)))[0];

async function couponFor(rider: TestMember, value: number): Promise<number> {
  const made = await makeCoupon(db, clock, admin, { value, meetingKinds: ["pickup"], minAmount: 0 });
  await issueCoupon(db, clock, admin, { couponId: made.id, members: [rider.id] });
  const [row] = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));
  return row!.id;
}

/** A meeting paid (with a coupon when given) whose provider has ended it just now. */
async function endedPaidMeeting(
  options: { amount?: number; coupon?: number; beforeEnd?: (paying: PayingMeeting) => Promise<unknown> } = {},
) {
  const paying = await payingMeeting(db, clock, {
    amount: options.amount ?? 30_000,
    status: "reserved",
    appointmentAt: new Date(clock.now().getTime() - HOUR_MS),
  });
  const memberCouponId = options.coupon ? await couponFor(paying.requester, options.coupon) : null;
  const paid = await payThroughLocalGateway(db, clock, gateway, paying.requester, paying.meetingId, {
    memberCouponId,
  });
  expect(paid.status).toBe("paid");
  await options.beforeEnd?.(paying);
  await endMeeting(db, clock, paying.provider, paying.meetingId);
  return paying;
}

describe("asking for a refund", () => {
  it("is the requester's, with a reason of at most 200 characters, once per meeting", async () => {
    const { meetingId, requester, provider } = await endedPaidMeeting();
    const stranger = await insertMember(db);
    const ask = (by: TestMember, reason = "약속 시간에 늦게 오셨어요") =>
      outcome(requestRefund(db, clock, by, meetingId, reason));
    expect(await ask(provider)).toBe("payment.requester_only");
    expect(await ask(stranger)).toBe("meeting.not_participant");
    expect(await ask(requester, "   ")).toBe("payment.refund_reason_required");
    expect(await ask(requester, "가".repeat(201))).toBe("payment.refund_reason_length");
    expect(await ask(requester, "가".repeat(200))).toBe("ok");
    expect(await ask(requester)).toBe("payment.refund_already_requested");
    expect(await requestOf(meetingId)).toMatchObject({ status: "open", reason: "가".repeat(200) });
    expect(await hasOpenRefundRequest(db, meetingId)).toBe(true);
    const lines = await db
      .select()
      .from(meetingMessage)
      .where(and(eq(meetingMessage.meetingId, meetingId), eq(meetingMessage.event, "refundRequested")));
    expect(lines).toHaveLength(1);
    const told = await db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientId, provider.id), eq(notification.type, "refundRequested")));
    expect(told).toHaveLength(1);
  });

  it("is refused before the meeting ended, without a charge, and after the 8-day hold", async () => {
    const open = await payingMeeting(db, clock, { amount: 30_000 });
    await payThroughLocalGateway(db, clock, gateway, open.requester, open.meetingId);
    expect(await outcome(requestRefund(db, clock, open.requester, open.meetingId, "사유"))).toBe(
      "payment.refund_window_closed",
    );
    const covered = await endedPaidMeeting({ amount: 5_000, coupon: 5_000 });
    expect(await outcome(requestRefund(db, clock, covered.requester, covered.meetingId, "사유"))).toBe(
      "payment.refund_nothing_paid",
    );
    const late = await endedPaidMeeting();
    const endedAt = (await meetingRow(late.meetingId)).endedAt!;
    const at = new FixedClock(new Date(endedAt.getTime() + HOLD_MS));
    expect(await outcome(requestRefund(db, at, late.requester, late.meetingId, "사유"))).toBe(
      "payment.refund_window_closed",
    );
    const justInTime = new FixedClock(new Date(endedAt.getTime() + HOLD_MS - 1));
    expect(await outcome(requestRefund(db, justInTime, late.requester, late.meetingId, "사유"))).toBe("ok");
  });

  it("stores one request when the requester sends it twice at once", { tags: ["concurrency"] }, async () => {
    const { meetingId, requester } = await endedPaidMeeting();
    const results = await Promise.all(
      [1, 2, 3].map(() => outcome(requestRefund(db, clock, requester, meetingId, "두 번 눌렀어요"))),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result !== "ok")).toEqual([
      "payment.refund_already_requested",
      "payment.refund_already_requested",
    ]);
    expect(await db.select().from(refundRequest).where(eq(refundRequest.meetingId, meetingId))).toHaveLength(
      1,
    );
  });
});

describe("deciding a refund request", () => {
  it("needs money staff, a reason and an amount below what is left", async () => {
    const { meetingId, requester } = await endedPaidMeeting();
    const { id } = await requestRefund(db, clock, requester, meetingId, "서비스가 부족했어요");
    const moderator = await insertMember(db, { role: "moderator", twoFactorEnabled: true });
    const noTwoStep = await insertMember(db, { role: "admin", twoFactorEnabled: false });
    const decide = (by: TestMember | null, decision: Parameters<typeof decideRefundRequest>[4]) =>
      outcome(decideRefundRequest(db, clock, by, id, decision));
    expect(await decide(requester, { kind: "full", reason: "확인" })).toBe("payment.forbidden");
    expect(await decide(moderator, { kind: "full", reason: "확인" })).toBe("payment.forbidden");
    expect(await decide(noTwoStep, { kind: "full", reason: "확인" })).toBe("payment.forbidden");
    expect(await decide(null, { kind: "full", reason: "확인" })).toBe("payment.forbidden");
    expect(await decide(admin, { kind: "full", reason: " " })).toBe("payment.decision_reason_required");
    expect(await decide(admin, { kind: "declined", reason: "가".repeat(201) })).toBe(
      "payment.decision_reason_length",
    );
    expect(await decide(admin, { kind: "partial", amount: 0, reason: "일부" })).toBe(
      "payment.refund_amount_invalid",
    );
    expect(await decide(admin, { kind: "partial", amount: 30_000, reason: "일부" })).toBe(
      "payment.refund_amount_invalid",
    );
    expect(await requestOf(meetingId)).toMatchObject({ status: "open" });
  });

  it("grants in full: the card refunded, the coupon back, the request and the audit row", async () => {
    const { meetingId, requester, provider } = await endedPaidMeeting({ coupon: 5_000 });
    const { id } = await requestRefund(db, clock, requester, meetingId, "오지 않으셨어요");
    const { refunded } = await decideRefundRequest(db, clock, admin, id, { kind: "full", reason: "확인됨" });
    expect(refunded).toBe(25_000);
    expect((await meetingRow(meetingId)).paymentStatus).toBe("refunded");
    expect(await requestOf(meetingId)).toMatchObject({
      status: "granted",
      refundAmount: 25_000,
      decidedBy: admin.id,
      decisionReason: "확인됨",
    });
    expect(await hasOpenRefundRequest(db, meetingId)).toBe(false);
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(0);
    const order = await paidOrder(meetingId);
    const [coupon] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, order.memberCouponId!));
    expect(coupon!.usedAt).toBeNull();
    await runPaymentJobs(db, clock, gateway);
    const [refund] = await db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order.id));
    expect(refund).toMatchObject({ amount: 25_000, status: "done" });
    const [act] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "payment.refund.decide"), eq(adminAudit.subjectId, String(id))));
    expect(act).toMatchObject({
      adminId: admin.id,
      reason: "확인됨",
      before: { status: "open" },
      after: { status: "granted", refundAmount: 25_000, meetingId },
    });
  });

  it("grants in part: pending earnings and the fee reduced in proportion, the ledger balanced", async () => {
    const { meetingId, requester, provider } = await endedPaidMeeting({ amount: 30_000, coupon: 5_000 });
    // Settled on the full price: 27,000 to the provider, 3,000 in fees; 25,000 charged to the card.
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(27_000);
    const feesBefore = await balanceOf(db, PLATFORM_FEES_KRW);
    const promotionsBefore = await balanceOf(db, PROMOTIONS_KRW);
    const { id } = await requestRefund(db, clock, requester, meetingId, "절반만 받았어요");
    const { refunded } = await decideRefundRequest(db, clock, admin, id, {
      kind: "partial",
      amount: 10_000,
      reason: "절반 진행",
    });
    expect(refunded).toBe(10_000);
    // 10,000 of 25,000 charged is 40%: 10,800 of the provider's 27,000 and 1,200 of the 3,000 fee come back.
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(27_000 - 10_800);
    expect(feesBefore - (await balanceOf(db, PLATFORM_FEES_KRW))).toBe(1_200);
    expect((await balanceOf(db, PROMOTIONS_KRW)) - promotionsBefore).toBe(10_800 + 1_200 - 10_000);
    expect((await meetingRow(meetingId)).paymentStatus).toBe("partiallyRefunded");
    expect(await paidOrder(meetingId)).toMatchObject({ refundedAmount: 10_000 });
    expect(await requestOf(meetingId)).toMatchObject({ status: "partial", refundAmount: 10_000 });
    // A part keeps the coupon used.
    const order = await paidOrder(meetingId);
    const [coupon] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, order.memberCouponId!));
    expect(coupon!.usedAt).not.toBeNull();
    expect(await auditLedger(db)).toEqual({
      unbalancedTransactions: [],
      mixedCurrencyTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
      reversalMismatches: [],
    });
  });

  it("declines with a reason: the chat line and the requester told, nothing refunded", async () => {
    const { meetingId, requester, provider } = await endedPaidMeeting();
    const { id } = await requestRefund(db, clock, requester, meetingId, "마음이 바뀌었어요");
    const { refunded } = await decideRefundRequest(db, clock, admin, id, {
      kind: "declined",
      reason: "정상적으로 진행된 만남입니다",
    });
    expect(refunded).toBe(0);
    expect(await requestOf(meetingId)).toMatchObject({ status: "declined", refundAmount: 0 });
    expect((await meetingRow(meetingId)).paymentStatus).toBe("paid");
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(27_000);
    const [line] = await db
      .select()
      .from(meetingMessage)
      .where(and(eq(meetingMessage.meetingId, meetingId), eq(meetingMessage.event, "refundDeclined")));
    expect(line!.eventValues).toEqual({ reason: "정상적으로 진행된 만남입니다" });
    const told = await db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientId, requester.id), eq(notification.type, "refundDeclined")));
    expect(told).toHaveLength(1);
    expect(await outcome(decideRefundRequest(db, clock, admin, id, { kind: "full", reason: "다시" }))).toBe(
      "payment.refund_not_open",
    );
  });

  it("decides once when two administrators decide at once", { tags: ["concurrency"] }, async () => {
    const { meetingId, requester } = await endedPaidMeeting();
    const { id } = await requestRefund(db, clock, requester, meetingId, "환불해 주세요");
    const other = await insertAdmin(db);
    const results = await Promise.all([
      outcome(decideRefundRequest(db, clock, admin, id, { kind: "full", reason: "전액" })),
      outcome(decideRefundRequest(db, clock, other, id, { kind: "partial", amount: 5_000, reason: "일부" })),
      outcome(decideRefundRequest(db, clock, other, id, { kind: "declined", reason: "거절" })),
    ]);
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result !== "ok")).toEqual([
      "payment.refund_not_open",
      "payment.refund_not_open",
    ]);
    const order = await paidOrder(meetingId);
    const refunds = await db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order.id));
    expect(refunds.length).toBeLessThanOrEqual(1);
    const decided = await requestOf(meetingId);
    expect(order.refundedAmount).toBe(decided!.refundAmount);
    const acts = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "payment.refund.decide"), eq(adminAudit.subjectId, String(id))));
    expect(acts).toHaveLength(1);
  });

  it("is granted by the system when the expert's no-show is confirmed while it waits", async () => {
    // Reported while reserved; the expert ended the meeting before the report was decided.
    let reportId = 0;
    const { meetingId, requester, provider } = await endedPaidMeeting({
      beforeEnd: async (paying) => {
        ({ id: reportId } = await reportNoShow(
          db,
          clock,
          paying.requester,
          paying.meetingId,
          "오지 않으셨어요",
        ));
      },
    });
    const { id } = await requestRefund(db, clock, requester, meetingId, "노쇼였어요");
    await reviewNoShow(db, clock, admin, reportId, "confirm");
    expect(await requestOf(meetingId)).toMatchObject({
      status: "granted",
      refundAmount: 30_000,
      decidedBy: null,
    });
    expect(await hasOpenRefundRequest(db, meetingId)).toBe(false);
    expect((await meetingRow(meetingId)).paymentStatus).toBe("refunded");
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(0);
    expect(
      await outcome(decideRefundRequest(db, clock, admin, id, { kind: "declined", reason: "늦음" })),
    ).toBe("payment.refund_not_open");
  });
});
