import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { coupon, memberCoupon, paymentOrder, refundRequest, type MeetingPaymentStatus } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { usableCouponsFor } from "#app/services/coupons/use.server";
import type { Meeting, MeetingRole } from "#app/services/meetings/meeting/participants.server";
import { allowedPaymentActions, type PaymentAction } from "./payment-rules";

/**
 * A meeting's payment as its chat room shows it (ADR 061): the provider's request, the paid order, and what the
 * viewer may do with it now, from the one resolver (`allowedPaymentActions`). Every amount is the server's.
 */

/** A coupon the requester may use on the payment, with what it takes off and what is left to pay. */
interface PaymentCouponChoice {
  memberCouponId: number;
  name: string;
  discount: number;
  /** What the card is charged with this coupon: the request's amount less the discount. */
  total: number;
}

/** The captured order: its price, and (for the requester and administrators) how it was paid. */
interface PaidOrderView {
  /** The requested amount the order paid (the provider's price). */
  price: number;
  /** Won given back so far (of the charge). */
  refunded: number;
  /** How the requester paid: the card's charge, the coupon's part and the receipt; null for the provider. */
  charge: {
    charged: number;
    discount: number;
    couponName: string | null;
    receiptUrl: string | null;
  } | null;
}

export interface MeetingPaymentView {
  status: MeetingPaymentStatus;
  /** The requested amount in won; 0 for none or a free meeting. */
  amount: number;
  memo: string;
  freeInspection: boolean;
  paid: PaidOrderView | null;
  /** What the viewer may do with the payment now. */
  actions: PaymentAction[];
  /** The requester's coupons that apply to this payment (only while they may pay), the largest discount first. */
  coupons: PaymentCouponChoice[];
  /** The requester's last payment window, when the gateway refused it: its message, so they may try again. */
  lastFailure: string | null;
  /** A payment of it is being confirmed at the gateway (its answer is awaited); nobody pays meanwhile. */
  confirming: boolean;
}

/** The paid order and the latest one of a meeting, in one statement (none before a payment was requested). */
function ordersOf(db: Database, meetingId: number) {
  const latest = sql`(select max(${paymentOrder.id}) from ${paymentOrder} where ${paymentOrder.meetingId} = ${meetingId})`;
  return db
    .select({
      id: paymentOrder.id,
      status: paymentOrder.status,
      price: paymentOrder.price,
      discount: paymentOrder.discount,
      amount: paymentOrder.amount,
      refundedAmount: paymentOrder.refundedAmount,
      receiptUrl: paymentOrder.receiptUrl,
      failMessage: paymentOrder.failMessage,
      couponName: coupon.name,
      refundRequestId: refundRequest.id,
    })
    .from(paymentOrder)
    .leftJoin(memberCoupon, eq(memberCoupon.id, paymentOrder.memberCouponId))
    .leftJoin(coupon, eq(coupon.id, memberCoupon.couponId))
    .leftJoin(refundRequest, eq(refundRequest.orderId, paymentOrder.id))
    .where(
      and(
        eq(paymentOrder.meetingId, meetingId),
        or(eq(paymentOrder.status, "paid"), eq(paymentOrder.id, latest)),
      ),
    )
    .orderBy(desc(paymentOrder.id));
}

/**
 * The payment part of a meeting's room for a viewer entitled to it (`role`): one statement once a payment was
 * requested, and one more for the requester's usable coupons while they may pay.
 */
export async function paymentViewOf(
  db: Database,
  actor: Actor,
  subject: Meeting,
  role: MeetingRole,
  now: Date,
): Promise<MeetingPaymentView> {
  const orders = subject.paymentStatus === "none" ? [] : await ordersOf(db, subject.id);
  const paidOrder = orders.find((order) => order.status === "paid") ?? null;
  const latest = orders[0] ?? null;
  // At most one order of a meeting is ever confirming, and none is opened after it: it is the latest.
  const confirming = latest?.status === "confirming";
  const actions = allowedPaymentActions(
    {
      status: subject.status,
      paymentStatus: subject.paymentStatus,
      endedAt: subject.endedAt,
      charged: paidOrder?.amount ?? null,
      refundRequested: paidOrder?.refundRequestId !== null && paidOrder?.refundRequestId !== undefined,
      confirming,
    },
    role,
    now,
  );
  const coupons = actions.includes("pay")
    ? (await usableCouponsFor(db, actor, subject.kind, subject.amount, now)).map((usable) => ({
        memberCouponId: usable.memberCouponId,
        name: usable.name,
        discount: usable.discount,
        total: subject.amount - usable.discount,
      }))
    : [];
  const seesCharge = role !== "provider";
  return {
    status: subject.paymentStatus,
    amount: subject.amount,
    memo: subject.paymentMemo,
    freeInspection: subject.freeInspection,
    paid: paidOrder
      ? {
          price: paidOrder.price,
          refunded: paidOrder.refundedAmount,
          charge: seesCharge
            ? {
                charged: paidOrder.amount,
                discount: paidOrder.discount,
                couponName: paidOrder.couponName,
                receiptUrl: paidOrder.receiptUrl,
              }
            : null,
        }
      : null,
    actions,
    coupons,
    lastFailure:
      role === "requester" &&
      subject.paymentStatus === "requested" &&
      latest?.status === "failed" &&
      latest.failMessage
        ? latest.failMessage
        : null,
    confirming,
  };
}
