import {
  gatewayPaymentStatuses,
  invalidRequest,
  type CancelRequest,
  type CheckoutOrder,
  type ConfirmRequest,
  type GatewayPaymentStatus,
  type PaymentStatusHint,
} from "./types";

/** Rules every adapter applies before it calls its gateway, and the webhook body they share. */

/** An order id as Toss Payments accepts it: 6–64 of letters, digits, `-`, `_` and `=`. */
const ORDER_ID = /^[A-Za-z0-9_=-]{6,64}$/;
const ORDER_NAME_MAX = 100;
/** Toss Payments keeps an idempotency key of at most 300 characters. */
const IDEMPOTENCY_KEY_MAX = 300;
const CANCEL_REASON_MAX = 200;
const RETURN_URL_MAX = 2_000;

const SAME_ORIGIN_PROBE = "http://same-origin.invalid";

/**
 * Whether `value` is a path on this site (`/meeting/1/paid?x=1`): never another origin (`//evil.example`, `https:…`),
 * a backslash some browsers read as a slash, or a control character. The return addresses of a payment are such
 * paths, so that no payment window sends a customer elsewhere.
 */
export function isSameOriginPath(value: string): boolean {
  if (value.length > RETURN_URL_MAX || !value.startsWith("/") || value.startsWith("//")) return false;
  if (/[\\\s\p{Cc}]/u.test(value)) return false;
  try {
    return new URL(value, SAME_ORIGIN_PROBE).origin === SAME_ORIGIN_PROBE;
  } catch {
    return false;
  }
}

export function isOrderId(value: string): boolean {
  return ORDER_ID.test(value);
}

/** Whole won from 1 up to the largest whole number a double holds exactly. */
export function isWon(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

export function assertCheckoutOrder(order: CheckoutOrder): void {
  if (!isOrderId(order.orderId)) throw invalidRequest("orderId must be 6–64 of A–Z a–z 0–9 - _ =");
  if (!isWon(order.amount)) throw invalidRequest("amount must be whole won, at least 1");
  const name = order.orderName.trim();
  if (name === "" || [...name].length > ORDER_NAME_MAX)
    throw invalidRequest(`orderName must have 1–${ORDER_NAME_MAX} characters`);
  if (!isSameOriginPath(order.successUrl) || !isSameOriginPath(order.failUrl))
    throw invalidRequest("successUrl and failUrl must be paths on this site");
}

export function assertConfirmRequest(request: ConfirmRequest, idempotencyKey: string): void {
  assertIdempotencyKey(idempotencyKey);
  if (request.paymentKey === "" || request.paymentKey.length > 200)
    throw invalidRequest("paymentKey is missing");
  if (!isOrderId(request.orderId)) throw invalidRequest("orderId must be 6–64 of A–Z a–z 0–9 - _ =");
  if (!isWon(request.amount)) throw invalidRequest("amount must be whole won, at least 1");
}

export function assertCancelRequest(paymentKey: string, request: CancelRequest, idempotencyKey: string) {
  assertIdempotencyKey(idempotencyKey);
  if (paymentKey === "" || paymentKey.length > 200) throw invalidRequest("paymentKey is missing");
  const reason = request.reason.trim();
  if (reason === "" || [...reason].length > CANCEL_REASON_MAX)
    throw invalidRequest(`a cancel reason of 1–${CANCEL_REASON_MAX} characters is required`);
  if (request.amount !== undefined && !isWon(request.amount))
    throw invalidRequest("a cancel amount must be whole won, at least 1");
}

function assertIdempotencyKey(key: string): void {
  if (key === "" || key.length > IDEMPOTENCY_KEY_MAX || /[\s\p{Cc}]/u.test(key))
    throw invalidRequest(`an idempotency key of 1–${IDEMPOTENCY_KEY_MAX} visible characters is required`);
}

function isStatus(value: unknown): value is GatewayPaymentStatus {
  return typeof value === "string" && (gatewayPaymentStatuses as readonly string[]).includes(value);
}

/**
 * The hint of a `PAYMENT_STATUS_CHANGED` body: `{eventType, createdAt, data: Payment}` (older bodies carried only
 * `paymentKey`, `orderId` and `status` in `data`). Anything else is null.
 */
export function parsePaymentStatusHint(body: string): PaymentStatusHint | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { eventType, data } = parsed as { eventType?: unknown; data?: unknown };
  if (eventType !== "PAYMENT_STATUS_CHANGED" || typeof data !== "object" || data === null) return null;
  const { paymentKey, orderId, status } = data as Record<string, unknown>;
  if (typeof paymentKey !== "string" || paymentKey === "" || typeof orderId !== "string" || orderId === "")
    return null;
  if (!isStatus(status)) return null;
  return { eventType, orderId, paymentKey, status };
}
