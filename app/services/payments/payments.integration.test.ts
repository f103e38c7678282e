import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  localGatewayPayment,
  meeting,
  meetingMessage,
  memberCoupon,
  notification,
  paymentOrder,
  paymentRefund,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { MINUTE_MS, DAY_MS } from "#app/platform/seoul-calendar";
import { issueCoupon } from "#app/services/coupons/console.server";
import { auditLedger } from "#app/services/ledger/audit.server";
import { balanceOf as storedBalance } from "#app/services/ledger/reads.server";
import {
  GATEWAY_CLEARING_KRW,
  HELD_FOR_MEETINGS_KRW,
  memberPendingEarningsCode,
  PLATFORM_FEES_KRW,
  PROMOTIONS_KRW,
} from "#app/services/ledger/accounts.server";
import { cancelMeeting, endMeeting } from "#app/services/meetings/meeting/meetings.server";
import { reportNoShow, reviewNoShow } from "#app/services/meetings/conduct/no-shows.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { refundPayment } from "./refunds.server";
import { makeCoupon, outcome } from "#tests/setup/coupons";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, type TestMember } from "#tests/setup/members";
import {
  localGateway,
  payingMeeting,
  payThroughLocalGateway,
  runPaymentJobs,
  silentLogger,
} from "#tests/setup/payments";
import { confirmCheckout, openCheckout } from "./orders.server";
import { editPaymentRequest, requestPayment, withdrawPaymentRequest } from "./request.server";

let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

/** An account's balance, 0 before its first posting. */
const balanceOf = (source: Database, code: string) =>
  storedBalance(source, code).catch((error: unknown) => {
    if (error instanceof Error && error.message === "ledger.unknown_account") return 0;
    throw error;
  });

const meetingRow = async (id: number) => (await db.select().from(meeting).where(eq(meeting.id, id)))[0]!;
const ordersOf = (meetingId: number) =>
  db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId)).orderBy(paymentOrder.id);

async function couponFor(rider: TestMember, value = 5_000): Promise<number> {
  const made = await makeCoupon(db, clock, admin, {
    value,
    meetingKinds: ["pickup", "repair"],
    minAmount: 0,
  });
  await issueCoupon(db, clock, admin, { couponId: made.id, members: [rider.id] });
  const [row] = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));
  return row!.id;
}

describe("the provider's payment request", () => {
  it("is sent once per meeting, by the provider only, within the amount rules", async () => {
    const { meetingId, requester, provider } = await payingMeeting(db, clock, { kind: "pickup" });
    const ask = (amount: number, by = provider) =>
      outcome(requestPayment(db, clock, by, meetingId, { amount, memo: "", freeInspection: false }));
    expect(await ask(30_000, requester)).toBe("payment.provider_only");
    expect(await ask(-1)).toBe("payment.amount_invalid");
    expect(await ask(1.5)).toBe("payment.amount_invalid");
    expect(await ask(5_000_001)).toBe("payment.amount_too_large");
    expect(await ask(32_000)).toBe("payment.pickup_step");
    expect(await ask(30_000)).toBe("ok");
    expect(await ask(35_000)).toBe("payment.already_requested");
    expect(await meetingRow(meetingId)).toMatchObject({ paymentStatus: "requested", amount: 30_000 });
  });

  it("is changed between paid and free and withdrawn until it is paid", async () => {
    const { meetingId, provider } = await payingMeeting(db, clock, { kind: "repair", amount: 20_000 });
    await editPaymentRequest(db, clock, provider, meetingId, {
      amount: 0,
      memo: "무료 점검",
      freeInspection: true,
    });
    expect(await meetingRow(meetingId)).toMatchObject({
      paymentStatus: "free",
      amount: 0,
      freeInspection: true,
    });
    await editPaymentRequest(db, clock, provider, meetingId, {
      amount: 25_000,
      memo: "",
      freeInspection: false,
    });
    expect((await meetingRow(meetingId)).paymentStatus).toBe("requested");
    await withdrawPaymentRequest(db, clock, provider, meetingId);
    expect(await meetingRow(meetingId)).toMatchObject({ paymentStatus: "none", amount: 0 });
    expect(
      await outcome(
        requestPayment(db, clock, provider, meetingId, { amount: 10_000, memo: "", freeInspection: true }),
      ),
    ).toBe("payment.free_inspection_paid");
  });
});

describe("what the sides are told", () => {
  it("tells the requester of the request and the provider of the payment, each naming the other", async () => {
    const { meetingId, requester, provider } = await payingMeeting(db, clock, { amount: 30_000 });
    await payThroughLocalGateway(db, clock, gateway, requester, meetingId);
    const told = await db
      .select({ to: notification.recipientId, type: notification.type, params: notification.params })
      .from(notification)
      .where(inArray(notification.type, ["paymentRequested", "paymentCompleted"]))
      .orderBy(notification.id);
    const mine = told.filter((row) => row.to === requester.id || row.to === provider.id);
    expect(mine).toEqual([
      { to: requester.id, type: "paymentRequested", params: { nickname: provider.nickname, amount: 30_000 } },
      { to: provider.id, type: "paymentCompleted", params: { nickname: requester.nickname, amount: 30_000 } },
    ]);
    const lines = await db
      .select({ event: meetingMessage.event, values: meetingMessage.eventValues })
      .from(meetingMessage)
      .where(and(eq(meetingMessage.meetingId, meetingId), eq(meetingMessage.kind, "system")))
      .orderBy(meetingMessage.id);
    expect(lines.slice(-2)).toEqual([
      { event: "paymentRequested", values: { amount: 30_000 } },
      { event: "paymentCompleted", values: { amount: 30_000 } },
    ]);
  });
});

describe("paying", () => {
  it("captures the server's amount less the coupon once, and holds the price for the meeting", async () => {
    const { meetingId, requester, provider } = await payingMeeting(db, clock, { amount: 30_000 });
    const coupon = await couponFor(requester);
    const heldBefore = await balanceOf(db, HELD_FOR_MEETINGS_KRW);
    const paid = await payThroughLocalGateway(db, clock, gateway, requester, meetingId, {
      memberCouponId: coupon,
    });
    expect(paid.status).toBe("paid");
    const [order] = await ordersOf(meetingId);
    expect(order).toMatchObject({ status: "paid", price: 30_000, discount: 5_000, amount: 25_000 });
    expect((await meetingRow(meetingId)).paymentStatus).toBe("paid");
    expect((await balanceOf(db, HELD_FOR_MEETINGS_KRW)) - heldBefore).toBe(30_000);
    // The same redirect again changes nothing.
    const again = await confirmCheckout(db, clock, gateway, silentLogger, requester, {
      orderId: order!.orderId,
      paymentKey: order!.paymentKey!,
      amount: 25_000,
    });
    expect(again.status).toBe("paid");
    expect((await balanceOf(db, HELD_FOR_MEETINGS_KRW)) - heldBefore).toBe(30_000);
    expect(
      await outcome(
        openCheckout(db, clock, gateway, requester, meetingId, {
          memberCouponId: null,
          successUrl: "/s",
          failUrl: "/f",
        }),
      ),
    ).toBe("payment.already_paid");
    expect(
      await outcome(
        requestPayment(db, clock, provider, meetingId, { amount: 5_000, memo: "", freeInspection: false }),
      ),
    ).toBe("payment.already_requested");
  });

  it("refuses a forged amount or another member's order without asking the gateway", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
    const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
      memberCouponId: null,
      successUrl: "/s",
      failUrl: "/f",
    });
    if (opened.kind !== "checkout") throw new Error("expected a checkout");
    const forged = { orderId: opened.orderId, paymentKey: "lgk_forged", amount: 100 };
    expect(await outcome(confirmCheckout(db, clock, gateway, silentLogger, requester, forged))).toBe(
      "payment.order_mismatch",
    );
    const other = await payingMeeting(db, clock);
    expect(
      await outcome(
        confirmCheckout(db, clock, gateway, silentLogger, other.requester, { ...forged, amount: 30_000 }),
      ),
    ).toBe("payment.order_not_found");
    expect((await ordersOf(meetingId))[0]!.status).toBe("pending");
  });

  it("lets the requester pay again after a declined card, and gives the coupon back meanwhile", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
    const coupon = await couponFor(requester);
    const declined = await payThroughLocalGateway(db, clock, gateway, requester, meetingId, {
      card: "declines",
      memberCouponId: coupon,
    });
    expect(declined.status).toBe("declined");
    const paid = await payThroughLocalGateway(db, clock, gateway, requester, meetingId, {
      memberCouponId: coupon,
    });
    expect(paid.status).toBe("paid");
    const orders = await ordersOf(meetingId);
    expect(orders.map((order) => order.status)).toEqual(["failed", "paid"]);
  });

  it("settles a confirmation that timed out by asking the gateway, once", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
    const answer = await payThroughLocalGateway(db, clock, gateway, requester, meetingId, {
      card: "timesOut",
    });
    expect(answer.status).toBe("confirming");
    expect((await meetingRow(meetingId)).paymentStatus).toBe("requested");
    clock.advance(2 * MINUTE_MS);
    await runPaymentJobs(db, clock, gateway);
    const [order] = await ordersOf(meetingId);
    expect(order!.status).toBe("paid");
    expect((await meetingRow(meetingId)).paymentStatus).toBe("paid");
    const [atGateway] = await db
      .select()
      .from(localGatewayPayment)
      .where(eq(localGatewayPayment.orderId, order!.orderId));
    expect(atGateway!.status).toBe("DONE");
  });

  it("expires an order nobody confirmed within ten minutes and gives its coupon back", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
    const coupon = await couponFor(requester);
    await openCheckout(db, clock, gateway, requester, meetingId, {
      memberCouponId: coupon,
      successUrl: "/s",
      failUrl: "/f",
    });
    const [held] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, coupon));
    expect(held!.usedAt).not.toBeNull();
    clock.advance(11 * MINUTE_MS);
    await runPaymentJobs(db, clock, gateway);
    expect((await ordersOf(meetingId))[0]!.status).toBe("expired");
    const [back] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, coupon));
    expect(back!.usedAt).toBeNull();
  });
});

describe("money when the meeting moves on", () => {
  it("refunds a cancelled reservation in full, at the gateway too, and gives the coupon back", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
    const coupon = await couponFor(requester);
    await payThroughLocalGateway(db, clock, gateway, requester, meetingId, { memberCouponId: coupon });
    await cancelMeeting(db, clock, requester, meetingId, "일정이 바뀌었어요");
    expect((await meetingRow(meetingId)).paymentStatus).toBe("refunded");
    const [order] = await ordersOf(meetingId);
    expect(order!.refundedAmount).toBe(25_000);
    await runPaymentJobs(db, clock, gateway);
    const [refund] = await db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order!.id));
    expect(refund).toMatchObject({ amount: 25_000, status: "done" });
    const [atGateway] = await db
      .select()
      .from(localGatewayPayment)
      .where(eq(localGatewayPayment.orderId, order!.orderId));
    expect(atGateway).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
    const [back] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, coupon));
    expect(back!.usedAt).toBeNull();
  });

  it("settles an ended meeting to the provider less 10% (5% for a business) on the full price", async () => {
    for (const [business, fee] of [
      [false, 3_000],
      [true, 1_500],
    ] as const) {
      const { meetingId, requester, provider } = await payingMeeting(db, clock, {
        amount: 30_000,
        status: "reserved",
        appointmentAt: new Date(clock.now().getTime() - DAY_MS),
        business,
      });
      const coupon = await couponFor(requester);
      await payThroughLocalGateway(db, clock, gateway, requester, meetingId, { memberCouponId: coupon });
      const feesBefore = await balanceOf(db, PLATFORM_FEES_KRW);
      await endMeeting(db, clock, provider, meetingId);
      expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(30_000 - fee);
      expect((await balanceOf(db, PLATFORM_FEES_KRW)) - feesBefore).toBe(fee);
    }
    const audit = await auditLedger(db);
    expect(audit).toEqual({
      unbalancedTransactions: [],
      mixedCurrencyTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
      reversalMismatches: [],
    });
    expect(await balanceOf(db, GATEWAY_CLEARING_KRW)).toBeLessThan(0);
    expect(await balanceOf(db, PROMOTIONS_KRW)).toBeLessThan(0);
  });

  it("refunds in full when the provider's no-show is confirmed", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, {
      amount: 30_000,
      status: "reserved",
      appointmentAt: new Date(clock.now().getTime() - DAY_MS),
    });
    await payThroughLocalGateway(db, clock, gateway, requester, meetingId);
    const { id } = await reportNoShow(db, clock, requester, meetingId, "약속 장소에 나타나지 않았습니다.");
    await reviewNoShow(db, clock, admin, id, "confirm");
    expect((await meetingRow(meetingId)).paymentStatus).toBe("refunded");
    expect((await ordersOf(meetingId))[0]!.refundedAmount).toBe(30_000);
  });

  it("takes back the settlement and the capture on a whole refund after the meeting ended", async () => {
    const { meetingId, requester, provider } = await payingMeeting(db, clock, {
      amount: 40_000,
      status: "reserved",
      appointmentAt: new Date(clock.now().getTime() - DAY_MS),
    });
    const coupon = await couponFor(requester);
    await payThroughLocalGateway(db, clock, gateway, requester, meetingId, { memberCouponId: coupon });
    await endMeeting(db, clock, provider, meetingId);
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(36_000);
    const refunded = await runInTransaction(db, clock, async (uow) => {
      const row = (await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)))[0]!;
      return refundPayment(uow, row, null, { role: "admin", id: admin.id }, admin, "서비스 미제공");
    });
    expect(refunded).toBe(35_000);
    expect(await balanceOf(db, memberPendingEarningsCode(provider.id))).toBe(0);
    expect((await meetingRow(meetingId)).paymentStatus).toBe("refunded");
    const [back] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, coupon));
    expect(back!.usedAt).toBeNull();
    expect((await auditLedger(db)).reversalMismatches).toEqual([]);
  });

  it("pays a price a coupon covers whole without the gateway, and undoes it on cancellation", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 5_000 });
    const coupon = await couponFor(requester, 5_000);
    const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
      memberCouponId: coupon,
      successUrl: "/s",
      failUrl: "/f",
    });
    expect(opened.kind).toBe("paid");
    expect((await ordersOf(meetingId))[0]).toMatchObject({ status: "paid", amount: 0, discount: 5_000 });
    await cancelMeeting(db, clock, requester, meetingId, "다른 날로 할게요");
    expect((await meetingRow(meetingId)).paymentStatus).toBe("refunded");
    const [order] = await ordersOf(meetingId);
    expect(await db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order!.id))).toEqual([]);
    expect((await auditLedger(db)).unbalancedTransactions).toEqual([]);
  });

  it("closes an order opened for an amount the provider then changed", async () => {
    const { meetingId, requester, provider } = await payingMeeting(db, clock, { amount: 30_000 });
    const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
      memberCouponId: null,
      successUrl: "/s",
      failUrl: "/f",
    });
    await editPaymentRequest(db, clock, provider, meetingId, {
      amount: 35_000,
      memo: "",
      freeInspection: false,
    });
    if (opened.kind !== "checkout") throw new Error("expected a checkout");
    expect(
      await outcome(
        confirmCheckout(db, clock, gateway, silentLogger, requester, {
          orderId: opened.orderId,
          paymentKey: "lgk_any",
          amount: 30_000,
        }),
      ),
    ).toBe("payment.request_changed");
    expect((await meetingRow(meetingId)).paymentStatus).toBe("requested");
  });

  it("withdraws an unpaid request when the meeting is cancelled", async () => {
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 30_000 });
    await cancelMeeting(db, clock, requester, meetingId, "취소합니다");
    expect(await meetingRow(meetingId)).toMatchObject({ status: "cancelled", paymentStatus: "none" });
  });

  it("gives back at once a capture the gateway made after the meeting was cancelled", async () => {
    const { meetingId, requester, provider } = await payingMeeting(db, clock, { amount: 30_000 });
    const answer = await payThroughLocalGateway(db, clock, gateway, requester, meetingId, {
      card: "timesOut",
    });
    expect(answer.status).toBe("confirming");
    // While the gateway's answer is unknown the request cannot change under it.
    expect(
      await outcome(
        editPaymentRequest(db, clock, provider, meetingId, {
          amount: 35_000,
          memo: "",
          freeInspection: false,
        }),
      ),
    ).toBe("payment.payment_processing");
    expect(
      await outcome(
        openCheckout(db, clock, gateway, requester, meetingId, {
          memberCouponId: null,
          successUrl: "/s",
          failUrl: "/f",
        }),
      ),
    ).toBe("payment.payment_processing");
    await cancelMeeting(db, clock, requester, meetingId, "급한 일이 생겼어요");
    clock.advance(2 * MINUTE_MS);
    await runPaymentJobs(db, clock, gateway);
    const [order] = await ordersOf(meetingId);
    expect(order).toMatchObject({ status: "paid", refundedAmount: 30_000 });
    expect((await meetingRow(meetingId)).paymentStatus).toBe("none");
    const [refund] = await db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order!.id));
    expect(refund).toMatchObject({ amount: 30_000, status: "done" });
    const audit = await auditLedger(db);
    expect(audit.unbalancedTransactions).toEqual([]);
    expect(audit.reversalMismatches).toEqual([]);
  });
});
