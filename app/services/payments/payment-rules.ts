import type { MeetingKind, MeetingPaymentStatus, MeetingStatus } from "#app/db/schema";
import type { PaymentErrorCode } from "./errors";

/**
 * The rules of a meeting's payment (ADR 061) that pages and services share: the limits of an amount, what each side
 * may do with the payment now, and how long the requester may ask for a refund.
 */

/** The largest payment request, in won. */
export const PAYMENT_AMOUNT_MAX = 5_000_000;
/** Pickup is priced in steps of this many won. */
export const PICKUP_STEP = 5_000;
/** The longest note on a payment request, in characters. */
export const PAYMENT_MEMO_MAX = 200;
/** The longest reason of a refund request or of its decision, in characters. */
export const REFUND_REASON_MAX = 200;
/** The provider's earnings are held this long after the meeting ends; a refund may be asked for until then. */
const HOLD_DAYS = 8;
export const HOLD_MS = HOLD_DAYS * 24 * 60 * 60 * 1000;
/** How long the gateway accepts the confirmation of a checkout, and so how long an order stays open. */
export const ORDER_WINDOW_MS = 10 * 60 * 1000;

export interface PaymentRequestInput {
  /** Whole won, 0 for a free meeting. */
  amount: number;
  memo: string;
  /** Repair only: the inspection is free (the amount is then 0). */
  freeInspection: boolean;
}

/** The refusal of a payment request's amount and flags for a meeting of `kind`, or null when it may be sent. */
export function paymentRequestRefusal(
  kind: MeetingKind,
  input: PaymentRequestInput,
): PaymentErrorCode | null {
  const { amount, memo, freeInspection } = input;
  if (!Number.isSafeInteger(amount) || amount < 0) return "amount_invalid";
  if (amount > PAYMENT_AMOUNT_MAX) return "amount_too_large";
  if (kind === "pickup" && amount % PICKUP_STEP !== 0) return "pickup_step";
  if ([...memo.trim()].length > PAYMENT_MEMO_MAX) return "memo_length";
  if (freeInspection && kind !== "repair") return "free_inspection_repair_only";
  if (freeInspection && amount !== 0) return "free_inspection_paid";
  return null;
}

/** What a viewer may do with a meeting's payment: the plus controller's payment part and the requester's panel. */
export type PaymentAction = "requestPayment" | "editPayment" | "withdrawPayment" | "pay" | "requestRefund";

export interface PaymentFacts {
  status: MeetingStatus;
  paymentStatus: MeetingPaymentStatus;
  endedAt: Date | null;
  /** The paid order's charge (0 when a coupon paid all of it); null without a paid order. */
  charged: number | null;
  /** The meeting already has a refund request. */
  refundRequested: boolean;
  /** An order of the meeting is being confirmed at the gateway: nothing more is paid until it is settled. */
  confirming: boolean;
}

const arranging: ReadonlySet<MeetingStatus> = new Set(["chatting", "reserved"]);

/**
 * The one resolver of what each side may do with the payment now: the provider sends, changes or withdraws the
 * request while the meeting is being arranged and the request is not paid; the requester pays a requested amount
 * while it is being arranged and no payment of it is being confirmed, and asks for a refund of a paid meeting within the hold after it ended, once.
 */
export function allowedPaymentActions(
  facts: PaymentFacts,
  role: "requester" | "provider" | "admin",
  now: Date,
): PaymentAction[] {
  const actions: PaymentAction[] = [];
  const open = arranging.has(facts.status);
  if (role === "provider" && open) {
    if (facts.paymentStatus === "none") actions.push("requestPayment");
    if (facts.paymentStatus === "requested" || facts.paymentStatus === "free")
      actions.push("editPayment", "withdrawPayment");
  }
  if (role === "requester") {
    if (open && facts.paymentStatus === "requested" && !facts.confirming) actions.push("pay");
    if (
      facts.status === "ended" &&
      facts.paymentStatus === "paid" &&
      (facts.charged ?? 0) > 0 &&
      !facts.refundRequested &&
      facts.endedAt !== null &&
      now.getTime() < facts.endedAt.getTime() + HOLD_MS
    )
      actions.push("requestRefund");
  }
  return actions;
}
