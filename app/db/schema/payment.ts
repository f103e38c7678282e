import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { member } from "./auth";
import { memberCoupon } from "./coupon";
import { meeting } from "./meeting";

/**
 * Payments of meetings (ADR 061). The provider's payment request lives on the meeting (`meeting.payment_status`,
 * `amount`, `payment_memo`, `free_inspection`); what the requester pays through the gateway is an order here, one
 * per payment window opened, of which at most one per meeting is ever captured. Refunds the gateway still has to
 * make are kept until it made them, and the requester's refund requests wait here for an administrator's decision.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** The order machine's states: opened, being confirmed at the gateway, captured, or over without a capture. */
export const paymentOrderStatuses = ["pending", "confirming", "paid", "failed", "expired"] as const;
export type PaymentOrderStatus = (typeof paymentOrderStatuses)[number];

/**
 * One payment window opened for a meeting's payment request: the amounts the server computed (the requested price,
 * the coupon's discount, what the card is charged), the gateway's key and receipt once authorised, and how much of
 * it was refunded. `orderId` is what the gateway knows it by; `confirmKey` the idempotency key of its confirmation,
 * kept so that a retry after an unknown outcome asks the gateway the same question.
 */
export const paymentOrder = pgTable(
  "payment_order",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: text("order_id").notNull().unique(),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    requesterId: text("requester_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    /** The provider's requested amount when the order was made (the meeting's `amount`). */
    price: integer("price").notNull(),
    /** What the coupon took off; paid by the platform's promotions. */
    discount: integer("discount").notNull().default(0),
    /** What the card is charged: `price - discount`. 0 when a coupon covers all of it (no gateway then). */
    amount: integer("amount").notNull(),
    memberCouponId: integer("member_coupon_id").references(() => memberCoupon.id, { onDelete: "set null" }),
    status: text("status").$type<PaymentOrderStatus>().notNull().default("pending"),
    paymentKey: text("payment_key"),
    confirmKey: text("confirm_key").notNull(),
    /** The gateway's name for the method ("카드" …), its receipt address, and when it approved the payment. */
    method: text("method"),
    receiptUrl: text("receipt_url"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** Won refunded so far (recorded; the gateway's side is `payment_refund`). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** Why it failed: the gateway's code and message, or the product's own. */
    failCode: text("fail_code"),
    failMessage: text("fail_message"),
    /** The gateway's window for confirming closes then (10 minutes after the order). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payment_order_meeting_idx").on(t.meetingId, t.id),
    index("payment_order_requester_idx").on(t.requesterId, t.id.desc()),
    index("payment_order_status_idx").on(t.status, t.expiresAt),
    // A meeting's payment is captured once: of all its orders, one at most is being confirmed or paid.
    uniqueIndex("payment_order_meeting_capture_key")
      .on(t.meetingId)
      .where(sql`${t.status} in ('confirming', 'paid')`),
    check("payment_order_status_check", sql`${t.status} in (${list(paymentOrderStatuses)})`),
    check(
      "payment_order_amount_check",
      sql`${t.price} >= 0 and ${t.discount} >= 0 and ${t.amount} = ${t.price} - ${t.discount} and ${t.amount} >= 0`,
    ),
    check(
      "payment_order_refunded_check",
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

export const paymentRefundStatuses = ["pending", "done", "failed"] as const;
export type PaymentRefundStatus = (typeof paymentRefundStatuses)[number];

/**
 * A refund owed to the requester's card: recorded (and its postings made) in the unit of work that decided it, then
 * made at the gateway by a job with its own idempotency key, so a crash or a gateway outage delays it and never
 * makes it twice. `failed` is a refund the gateway refused; the reconciliation lists it for an administrator.
 */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrder.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<PaymentRefundStatus>().notNull().default("pending"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    failCode: text("fail_code"),
    failMessage: text("fail_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_refund_order_idx").on(t.orderId),
    index("payment_refund_status_idx").on(t.status, t.id),
    check("payment_refund_status_check", sql`${t.status} in (${list(paymentRefundStatuses)})`),
    check("payment_refund_amount_check", sql`${t.amount} > 0`),
  ],
);

/** The refund request machine's states. */
export const refundRequestStatuses = ["open", "granted", "partial", "declined"] as const;
export type RefundRequestStatus = (typeof refundRequestStatuses)[number];

/**
 * The requester's request for a refund after the meeting ended, within the hold: one per meeting, with a reason; it
 * holds the provider's earnings until an administrator decides it (in full, in part, or not) with a reason.
 */
export const refundRequest = pgTable(
  "refund_request",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    meetingId: integer("meeting_id")
      .notNull()
      .unique()
      .references(() => meeting.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => paymentOrder.id, { onDelete: "cascade" }),
    requesterId: text("requester_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status").$type<RefundRequestStatus>().notNull().default("open"),
    /** Won granted (full or partial); null until decided, 0 when declined. */
    refundAmount: integer("refund_amount"),
    decidedBy: text("decided_by"),
    decisionReason: text("decision_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("refund_request_status_idx").on(t.status, t.id),
    check("refund_request_status_check", sql`${t.status} in (${list(refundRequestStatuses)})`),
  ],
);
