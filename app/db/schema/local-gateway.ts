import { sql } from "drizzle-orm";
import { bigint, boolean, check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** A payment's state at the gateway, as the local gateway keeps it (Toss Payments' statuses). */
export const localGatewayStatuses = [
  "READY",
  "IN_PROGRESS",
  "WAITING_FOR_DEPOSIT",
  "DONE",
  "CANCELED",
  "PARTIAL_CANCELED",
  "ABORTED",
  "EXPIRED",
] as const;
type LocalGatewayStatus = (typeof localGatewayStatuses)[number];

/** One refund of a local payment, kept in the order it was made. */
export interface LocalGatewayCancel {
  amount: number;
  reason: string;
  /** ISO 8601 in UTC. */
  canceledAt: string;
  transactionKey: string;
  /** The caller's key: the same key again answers without refunding twice. */
  idempotencyKey: string;
}

/**
 * The built-in payment gateway's own records (ADR 059): what a real gateway would keep on its side, so that the local
 * checkout behaves like one across restarts. Not the product's payments; those are the payment service's.
 */
export const localGatewayPayment = pgTable(
  "local_gateway_payment",
  {
    paymentKey: text("payment_key").primaryKey(),
    orderId: text("order_id").notNull().unique(),
    orderName: text("order_name").notNull(),
    customerName: text("customer_name").notNull(),
    status: text("status").$type<LocalGatewayStatus>().notNull(),
    totalAmount: bigint("total_amount", { mode: "number" }).notNull(),
    balanceAmount: bigint("balance_amount", { mode: "number" }).notNull(),
    /** Masked as on a receipt: the first six and the last four digits. */
    cardNumber: text("card_number").notNull(),
    /** When the customer authorised the payment in the checkout window. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The key of the confirmation that captured it: the same key again gets the same answer. */
    confirmKey: text("confirm_key"),
    /** A test card whose confirmation is stored but answered as if it timed out (see the adapter). */
    confirmTimesOut: boolean("confirm_times_out").notNull().default(false),
    cancels: jsonb("cancels").$type<LocalGatewayCancel[]>().notNull().default([]),
  },
  (t) => [
    check(
      "local_gateway_payment_status_check",
      sql`${t.status} in (${sql.raw(localGatewayStatuses.map((status) => `'${status}'`).join(", "))})`,
    ),
    check("local_gateway_payment_amount_check", sql`${t.totalAmount} > 0`),
    check(
      "local_gateway_payment_balance_check",
      sql`${t.balanceAmount} >= 0 and ${t.balanceAmount} <= ${t.totalAmount}`,
    ),
  ],
);
