import { createHmac } from "node:crypto";
import { z } from "zod";
import {
  assertCancelRequest,
  assertCheckoutOrder,
  assertConfirmRequest,
  isOrderId,
  parsePaymentStatusHint,
} from "./rules";
import {
  GatewayError,
  gatewayPaymentStatuses,
  invalidRequest,
  NO_ANSWER_CODES,
  type GatewayPayment,
  type PaymentGateway,
} from "./types";

/**
 * The Toss Payments adapter (API v1 for the server's calls, the v2 browser SDK for the payment window), spoken with
 * the global `fetch` (ADR 059):
 *
 *     Authorization: Basic base64(secretKey + ":")
 *     POST /v1/payments/confirm               {paymentKey, orderId, amount}      Idempotency-Key: …
 *     POST /v1/payments/{paymentKey}/cancel   {cancelReason, cancelAmount?}      Idempotency-Key: …
 *     GET  /v1/payments/orders/{orderId}
 *
 * answered with a Payment object, or with `{code, message}` and a 4xx/5xx status.
 */

const TOSS_API_URL = "https://api.tosspayments.com";
export const TOSS_SDK_URL = "https://js.tosspayments.com/v2/standard";

/** What a page that opens the Toss payment window must allow in its Content-Security-Policy. */
export const TOSS_PAGE_SOURCES = {
  script: new URL(TOSS_SDK_URL).origin,
  frame: "https://*.tosspayments.com",
  connect: "https://*.tosspayments.com",
} as const;

export interface TossGatewayOptions {
  /** `test_sk_…` or `live_sk_…`: never leaves the server. */
  secretKey: string;
  /** `test_ck_…` or `live_ck_…`: handed to the browser SDK. */
  clientKey: string;
  /** The product's public origin: the SDK returns to absolute addresses on it. */
  publicUrl: string;
  apiUrl?: string;
  /** How long one call may take before its outcome counts as unknown. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/**
 * Codes that say nothing about whether the call took effect: the same key's first request is still running, or a
 * card company's temporary failure. Like a 5xx, they are an unknown outcome, never a refusal.
 */
const UNCERTAIN_CODES = new Set(["IDEMPOTENT_REQUEST_PROCESSING", "PROVIDER_ERROR"]);

/** "Not found" answers of the lookup: the gateway has no payment for the order. */
const NOT_FOUND_CODES = new Set(["NOT_FOUND_PAYMENT", "NOT_FOUND"]);

const tossPaymentSchema = z.object({
  paymentKey: z.string().min(1),
  orderId: z.string().min(1),
  status: z.enum(gatewayPaymentStatuses),
  totalAmount: z.number(),
  balanceAmount: z.number(),
  approvedAt: z.string().nullish(),
  method: z.string().nullish(),
  receipt: z.object({ url: z.string() }).nullish(),
  cancels: z
    .array(
      z.object({
        cancelAmount: z.number(),
        cancelReason: z.string().nullish(),
        canceledAt: z.string(),
        transactionKey: z.string().nullish(),
      }),
    )
    .nullish(),
});

const tossErrorSchema = z.object({ code: z.string().min(1), message: z.string() });

function dateOf(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new TypeError(`not a date: ${text}`);
  return date;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createTossGateway({
  secretKey,
  clientKey,
  publicUrl,
  apiUrl = TOSS_API_URL,
  timeoutMs = 30_000,
  fetch = globalThis.fetch,
}: TossGatewayOptions): PaymentGateway {
  const base = apiUrl.replace(/\/+$/, "");
  const credentials = Buffer.from(`${secretKey}:`).toString("base64");
  // Nothing the gateway or the network says may carry the key on into a log: neither it nor its header value.
  const redact = (text: string) => text.split(secretKey).join("***").split(credentials).join("***");

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: `Basic ${credentials}` };
    if (body) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        // A redirect would be another server answering for the gateway.
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as { name?: unknown } | null)?.name === "TimeoutError";
      throw new GatewayError(
        {
          outcome: "unknown",
          code: timedOut ? NO_ANSWER_CODES.timeout : NO_ANSWER_CODES.unreachable,
          message: timedOut
            ? `Toss Payments did not answer within ${timeoutMs} ms`
            : "Toss Payments could not be reached",
          status: null,
        },
        { cause: error },
      );
    }
    const json = parseJson(text);
    if (response.ok) return json;
    const error = tossErrorSchema.safeParse(json);
    const code = error.success ? error.data.code : `HTTP_${response.status}`;
    const unknown = response.status >= 500 || UNCERTAIN_CODES.has(code);
    throw new GatewayError({
      outcome: unknown ? "unknown" : "declined",
      code,
      message: redact(error.success ? error.data.message : `Toss Payments answered HTTP ${response.status}`),
      status: response.status,
    });
  }

  /** A 2xx answer that is not a payment: the call may well have taken effect, so its outcome is unknown. */
  function paymentOf(json: unknown): GatewayPayment {
    const parsed = tossPaymentSchema.safeParse(json);
    try {
      if (!parsed.success) throw parsed.error;
      const payment = parsed.data;
      return {
        paymentKey: payment.paymentKey,
        orderId: payment.orderId,
        status: payment.status,
        totalAmount: payment.totalAmount,
        balanceAmount: payment.balanceAmount,
        approvedAt: payment.approvedAt ? dateOf(payment.approvedAt) : null,
        method: payment.method ?? null,
        receiptUrl: payment.receipt?.url ?? null,
        cancels: (payment.cancels ?? []).map((cancel) => ({
          amount: cancel.cancelAmount,
          reason: cancel.cancelReason ?? "",
          canceledAt: dateOf(cancel.canceledAt),
          transactionKey: cancel.transactionKey ?? null,
        })),
      };
    } catch (error) {
      throw new GatewayError(
        {
          outcome: "unknown",
          code: NO_ANSWER_CODES.malformed,
          message: "Toss Payments answered with a payment the adapter cannot read",
          status: 200,
        },
        { cause: error },
      );
    }
  }

  return {
    kind: "toss",

    async createCheckout(order) {
      assertCheckoutOrder(order);
      return {
        kind: "toss-sdk",
        clientKey,
        scriptUrl: TOSS_SDK_URL,
        orderId: order.orderId,
        amount: order.amount,
        orderName: order.orderName.trim(),
        successUrl: new URL(order.successUrl, publicUrl).toString(),
        failUrl: new URL(order.failUrl, publicUrl).toString(),
        // Letters, digits, `-` and `_` (43 of them): within the SDK's 2–50, and no member id for anyone to read.
        customerKey: createHmac("sha256", secretKey)
          .update(`customer:${order.customer.id}`)
          .digest("base64url"),
      };
    },

    async confirm(request, idempotencyKey) {
      assertConfirmRequest(request, idempotencyKey);
      const { paymentKey, orderId, amount } = request;
      return paymentOf(
        await call("POST", "/v1/payments/confirm", { paymentKey, orderId, amount }, idempotencyKey),
      );
    },

    async cancel(paymentKey, request, idempotencyKey) {
      assertCancelRequest(paymentKey, request, idempotencyKey);
      const body: Record<string, unknown> = { cancelReason: request.reason.trim() };
      if (request.amount !== undefined) body.cancelAmount = request.amount;
      return paymentOf(
        await call("POST", `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, body, idempotencyKey),
      );
    },

    async getByOrderId(orderId) {
      if (!isOrderId(orderId)) throw invalidRequest("orderId must be 6–64 of A–Z a–z 0–9 - _ =");
      try {
        return paymentOf(await call("GET", `/v1/payments/orders/${encodeURIComponent(orderId)}`));
      } catch (error) {
        if (error instanceof GatewayError && error.status === 404 && NOT_FOUND_CODES.has(error.code))
          return null;
        throw error;
      }
    },

    // PAYMENT_STATUS_CHANGED is not signed (only payout and seller events are): the body is a hint, nothing more.
    parseWebhook(body, _headers) {
      return parsePaymentStatusHint(body);
    },
  };
}
