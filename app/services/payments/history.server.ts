import { aliasedTable, and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  coupon,
  meeting,
  member,
  memberCoupon,
  paymentOrder,
  paymentRefund,
  refundRequest,
  type MeetingKind,
  type MeetingPaymentStatus,
  type PaymentRefundStatus,
  type RefundRequestStatus,
} from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { displayName } from "#app/services/members/display-name.server";
import { allowedPaymentActions } from "./payment-rules";

/**
 * What members read of their payments (ADR 061): the payment of each of their meetings on /my/meeting (both sides
 * see it), and the requester's purchase history on /setting/purchases.
 */

/** How a payment stands for its two sides: the payment's state, or `refundRequested` while a request is open. */
type PaymentState = MeetingPaymentStatus | "refundRequested";

const stateOf = (status: MeetingPaymentStatus, request: RefundRequestStatus | null): PaymentState =>
  request === "open" ? "refundRequested" : status;

export interface MeetingPayment {
  state: PaymentState;
  /** The requested price, in won. */
  price: number;
  /** What the card was charged, and how much of it came back; null while nothing is paid. */
  charged: number | null;
  refunded: number;
  /** The viewer (the requester) may still ask for a refund. */
  mayRequestRefund: boolean;
}

/**
 * The payment of each of the viewer's meetings, by meeting id: the state, the price asked, the charge and refunds.
 * Meetings without a payment request are left out. Answers only for meetings the viewer is a side of.
 */
export async function paymentsOfMeetings(
  db: Database,
  actor: Actor,
  meetingIds: number[],
  now: Date,
): Promise<Map<number, MeetingPayment>> {
  const found = new Map<number, MeetingPayment>();
  if (meetingIds.length === 0) return found;
  const rows = await db
    .select({
      row: meeting,
      charged: paymentOrder.amount,
      refunded: paymentOrder.refundedAmount,
      request: refundRequest.status,
    })
    .from(meeting)
    .leftJoin(paymentOrder, and(eq(paymentOrder.meetingId, meeting.id), eq(paymentOrder.status, "paid")))
    .leftJoin(refundRequest, eq(refundRequest.meetingId, meeting.id))
    .where(inArray(meeting.id, meetingIds));
  for (const { row, charged, refunded, request } of rows) {
    if (row.paymentStatus === "none") continue;
    if (row.requesterId !== actor.id && row.providerId !== actor.id) continue;
    const facts = {
      status: row.status,
      paymentStatus: row.paymentStatus,
      endedAt: row.endedAt,
      charged,
      refundRequested: request !== null,
      // Asked only about the refund, which a confirmation in progress does not bear on.
      confirming: false,
    };
    found.set(row.id, {
      state: stateOf(row.paymentStatus, request),
      price: row.amount,
      charged,
      refunded: refunded ?? 0,
      mayRequestRefund:
        row.requesterId === actor.id &&
        allowedPaymentActions(facts, "requester", now).includes("requestRefund"),
    });
  }
  return found;
}

interface PurchaseRefund {
  amount: number;
  status: PaymentRefundStatus;
  createdAt: Date;
}

export interface Purchase {
  id: number;
  orderId: string;
  meeting: { id: number; kind: MeetingKind; chatPath: string; providerNickname: string };
  state: PaymentState;
  price: number;
  couponName: string | null;
  discount: number;
  charged: number;
  refunded: number;
  method: string | null;
  receiptUrl: string | null;
  paidAt: Date;
  refundRequest: { status: RefundRequestStatus; reason: string; decisionReason: string | null } | null;
  refunds: PurchaseRefund[];
}

const PURCHASES_PAGE_SIZE = 10;

/**
 * The member's purchase history, newest first, a page at a time. Only payments that were captured are listed: an
 * order that failed or expired charged nothing (the card was never debited, a coupon it held came back), and
 * listing every abandoned payment window would bury the payments that did happen.
 */
export async function listPurchases(
  db: Database,
  actor: Actor,
  query: { page: number },
): Promise<{ rows: Purchase[]; hasNext: boolean }> {
  const provider = aliasedTable(member, "provider");
  const rows = await db
    .select({
      order: paymentOrder,
      meeting: {
        id: meeting.id,
        kind: meeting.kind,
        code: meeting.code,
        paymentStatus: meeting.paymentStatus,
      },
      provider: { nickname: provider.nickname, name: provider.name },
      couponName: coupon.name,
      request: {
        status: refundRequest.status,
        reason: refundRequest.reason,
        decisionReason: refundRequest.decisionReason,
      },
    })
    .from(paymentOrder)
    .innerJoin(meeting, eq(meeting.id, paymentOrder.meetingId))
    .innerJoin(provider, eq(provider.id, meeting.providerId))
    .leftJoin(memberCoupon, eq(memberCoupon.id, paymentOrder.memberCouponId))
    .leftJoin(coupon, eq(coupon.id, memberCoupon.couponId))
    .leftJoin(refundRequest, eq(refundRequest.orderId, paymentOrder.id))
    .where(and(eq(paymentOrder.requesterId, actor.id), eq(paymentOrder.status, "paid")))
    .orderBy(desc(paymentOrder.id))
    .limit(PURCHASES_PAGE_SIZE + 1)
    .offset((query.page - 1) * PURCHASES_PAGE_SIZE);
  const page = rows.slice(0, PURCHASES_PAGE_SIZE);
  const refunds =
    page.length === 0
      ? []
      : await db
          .select()
          .from(paymentRefund)
          .where(
            inArray(
              paymentRefund.orderId,
              page.map(({ order }) => order.id),
            ),
          )
          .orderBy(paymentRefund.id);
  return {
    hasNext: rows.length > PURCHASES_PAGE_SIZE,
    rows: page.map(({ order, meeting: row, provider: other, couponName, request }) => ({
      id: order.id,
      orderId: order.orderId,
      meeting: {
        id: row.id,
        kind: row.kind,
        chatPath: meetingChatPath(row),
        providerNickname: displayName(other),
      },
      state: stateOf(row.paymentStatus, request?.status ?? null),
      price: order.price,
      couponName,
      discount: order.discount,
      charged: order.amount,
      refunded: order.refundedAmount,
      method: order.method,
      receiptUrl: order.receiptUrl,
      paidAt: order.approvedAt ?? order.createdAt,
      refundRequest: request,
      refunds: refunds
        .filter((refund) => refund.orderId === order.id)
        .map(({ amount, status, createdAt }) => ({ amount, status, createdAt })),
    })),
  };
}
