/**
 * The payment gateway behind the product's payments (ADR 059): what the browser needs to open the gateway's payment
 * window, and the server's calls that confirm, cancel and look up a payment. Amounts are whole won.
 */

/** A payment's state at the gateway, in Toss Payments' words. */
export const gatewayPaymentStatuses = [
  "READY",
  "IN_PROGRESS",
  "WAITING_FOR_DEPOSIT",
  "DONE",
  "CANCELED",
  "PARTIAL_CANCELED",
  "ABORTED",
  "EXPIRED",
] as const;
export type GatewayPaymentStatus = (typeof gatewayPaymentStatuses)[number];

/** The order a payment window is opened for. */
export interface CheckoutOrder {
  /** 6–64 of A–Z, a–z, 0–9, `-`, `_`, `=`; one payment per order id. */
  orderId: string;
  /** Whole won, at least 1. */
  amount: number;
  /** What is bought, as the payment window shows it (at most 100 characters). */
  orderName: string;
  customer: { id: string; name: string };
  /** Same-origin paths (`/meeting/…/paid`) the window returns to; anything else is refused. */
  successUrl: string;
  failUrl: string;
}

/** What the browser does to open the payment window. */
type Checkout =
  /** Go to this same-origin address (the local gateway's checkout page). */
  | { kind: "redirect"; url: string }
  /** Load Toss Payments' browser SDK and call its payment window with these values. */
  | {
      kind: "toss-sdk";
      clientKey: string;
      scriptUrl: string;
      orderId: string;
      amount: number;
      orderName: string;
      /** Absolute URLs on the product's public origin, as the SDK requires. */
      successUrl: string;
      failUrl: string;
      /** The buyer as the gateway knows them: derived from the member, not guessable from their id. */
      customerKey: string;
    };

/** The values the payment window returned to the success URL, to be confirmed by the server. */
export interface ConfirmRequest {
  paymentKey: string;
  orderId: string;
  /** The amount of the server's own order, never the one in the address. */
  amount: number;
}

export interface CancelRequest {
  reason: string;
  /** Whole won to refund; without it the whole balance is cancelled. */
  amount?: number;
}

interface GatewayCancel {
  amount: number;
  reason: string;
  canceledAt: Date;
  transactionKey: string | null;
}

/** A payment as the gateway reports it. */
export interface GatewayPayment {
  paymentKey: string;
  orderId: string;
  status: GatewayPaymentStatus;
  totalAmount: number;
  /** What is left after cancellations. */
  balanceAmount: number;
  approvedAt: Date | null;
  /** The method as the gateway names it ("카드", "간편결제" …), null before one was chosen. */
  method: string | null;
  receiptUrl: string | null;
  cancels: GatewayCancel[];
}

/** A webhook's news of a payment: only a hint, since the webhook is not signed. Fetch the payment before acting. */
export interface PaymentStatusHint {
  eventType: "PAYMENT_STATUS_CHANGED";
  orderId: string;
  paymentKey: string;
  status: GatewayPaymentStatus;
}

export interface PaymentGateway {
  /** Which adapter this is, for logs and for the pages that belong to one adapter. */
  readonly kind: "local" | "toss";
  /** What the browser needs to open the payment window for `order`; refuses a malformed order (GatewayError). */
  createCheckout(order: CheckoutOrder): Promise<Checkout>;
  /**
   * Captures an authorised payment. The key is the caller's, kept with its order: a retry after an unknown outcome
   * sends the same key, so the gateway answers it once.
   */
  confirm(request: ConfirmRequest, idempotencyKey: string): Promise<GatewayPayment>;
  /** Refunds part of a payment or all of what is left of it. */
  cancel(paymentKey: string, request: CancelRequest, idempotencyKey: string): Promise<GatewayPayment>;
  /** The payment of an order, or null when the gateway has none. */
  getByOrderId(orderId: string): Promise<GatewayPayment | null>;
  /** The hint a webhook body carries, or null for anything else (another event, a malformed body). Never throws. */
  parseWebhook(body: string, headers: Headers): PaymentStatusHint | null;
}

/**
 * How a call ended when it did not succeed:
 * - `declined`: the gateway answered, and the call changed nothing there (a refused card, a payment already
 *   confirmed, an unknown key, a malformed request).
 * - `unknown`: no answer that says what happened (a timeout, a network error, a 5xx, a request still being
 *   processed). The call may have taken effect: never guess, ask `getByOrderId` (or retry with the same idempotency
 *   key).
 */
export type GatewayOutcome = "declined" | "unknown";

/** The gateway did not do what was asked, or may not have. Never carries credentials. */
export class GatewayError extends Error {
  readonly outcome: GatewayOutcome;
  /** The gateway's code (`REJECT_CARD_PAYMENT`, `NOT_FOUND_PAYMENT` …), or the adapter's own for no answer. */
  readonly code: string;
  /** The HTTP status the gateway answered, null when none arrived. */
  readonly status: number | null;

  constructor(
    details: { outcome: GatewayOutcome; code: string; message: string; status: number | null },
    options?: { cause?: unknown },
  ) {
    // The gateway's message, safe to show a customer.
    super(details.message, options);
    this.name = "GatewayError";
    this.outcome = details.outcome;
    this.code = details.code;
    this.status = details.status;
  }

  /** Whether the call may have taken effect at the gateway: then ask it, never assume either way. */
  get unknown(): boolean {
    return this.outcome === "unknown";
  }
}

/** The adapters' own codes, for calls that got no gateway answer. */
export const NO_ANSWER_CODES = {
  timeout: "GATEWAY_TIMEOUT",
  unreachable: "GATEWAY_UNREACHABLE",
  malformed: "GATEWAY_MALFORMED_ANSWER",
} as const;

/** A request the adapter refuses before calling the gateway, with the code the gateway would give it. */
export function invalidRequest(message: string): GatewayError {
  return new GatewayError({ outcome: "declined", code: "INVALID_REQUEST", message, status: null });
}
