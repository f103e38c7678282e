import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { localGatewayPayment, type LocalGatewayCancel } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import {
  assertCancelRequest,
  assertCheckoutOrder,
  assertConfirmRequest,
  isOrderId,
  parsePaymentStatusHint,
} from "./rules";
import {
  GatewayError,
  invalidRequest,
  NO_ANSWER_CODES,
  type GatewayPayment,
  type PaymentGateway,
} from "./types";

/**
 * The built-in gateway, the default (PAYMENT_GATEWAY=local): a checkout page inside the app plays the gateway's
 * payment window (`/pay/local/checkout`), and this adapter answers the server's calls from the records that page
 * left in `local_gateway_payment`, with Toss Payments' codes and messages, so the product's payment flow runs the
 * same way against it as against the real gateway (ADR 059).
 */

const LOCAL_CHECKOUT_PATH = "/pay/local/checkout";

function localReceiptPath(paymentKey: string): string {
  return `/pay/local/receipt/${encodeURIComponent(paymentKey)}`;
}

/** The local checkout's test cards; any other number is refused as mistyped. */
export const localTestCards = {
  /** Authorised, and confirmed. */
  approves: "4242424242424242",
  /** Refused in the payment window, as a card over its limit. */
  declines: "4000000000000002",
  /** Authorised; its confirmation is stored and then answered as if the call had timed out. */
  timesOut: "4000000000000119",
} as const;

/** How long an authorised payment waits for its confirmation before it expires, as at Toss Payments. */
const CONFIRM_WINDOW_MS = 10 * 60 * 1000;

/** The gateway's own words for each refusal (Toss Payments' Korean messages). */
const gatewayMessages = {
  NOT_FOUND_PAYMENT: "존재하지 않는 결제 정보 입니다.",
  INVALID_REQUEST: "잘못된 요청입니다.",
  ALREADY_PROCESSED_PAYMENT: "이미 처리된 결제 입니다.",
  NOT_FOUND_PAYMENT_SESSION: "결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.",
  REJECT_CARD_PAYMENT: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
  INVALID_CARD_NUMBER: "카드번호를 다시 확인해주세요.",
  INVALID_CARD_EXPIRATION: "카드 정보를 다시 확인해주세요. (유효기간)",
  PAY_PROCESS_CANCELED: "사용자에 의해 결제가 취소되었습니다.",
  DUPLICATED_ORDER_ID: "이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요.",
  ALREADY_CANCELED_PAYMENT: "이미 취소된 결제 입니다.",
  NOT_CANCELABLE_PAYMENT: "취소 할 수 없는 결제 입니다.",
  NOT_CANCELABLE_AMOUNT: "취소 할 수 없는 금액 입니다.",
} as const;
type GatewayCode = keyof typeof gatewayMessages;

function declined(code: GatewayCode, status: number): GatewayError {
  return new GatewayError({ outcome: "declined", code, message: gatewayMessages[code], status });
}

/** What the checkout window sends to the fail URL when the customer gives up. */
export const customerCancelled = {
  code: "PAY_PROCESS_CANCELED",
  message: gatewayMessages.PAY_PROCESS_CANCELED,
} as const;

type Row = typeof localGatewayPayment.$inferSelect;

/** A confirmation's answer, decided inside its transaction and given once the transaction is over. */
type ConfirmAnswer =
  | { refusal: GatewayError; payment?: undefined; timesOut?: undefined }
  | { refusal?: undefined; payment: GatewayPayment; timesOut: boolean };

function paymentOf(row: Row): GatewayPayment {
  return {
    paymentKey: row.paymentKey,
    orderId: row.orderId,
    status: row.status,
    totalAmount: row.totalAmount,
    balanceAmount: row.balanceAmount,
    approvedAt: row.approvedAt,
    method: "카드",
    receiptUrl: row.approvedAt ? localReceiptPath(row.paymentKey) : null,
    cancels: row.cancels.map((cancel) => ({
      amount: cancel.amount,
      reason: cancel.reason,
      canceledAt: new Date(cancel.canceledAt),
      transactionKey: cancel.transactionKey,
    })),
  };
}

const freshKey = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;

/** "4242424242424242" → "424242******4242", as a receipt shows it. */
function maskedCard(number: string): string {
  return `${number.slice(0, 6)}${"*".repeat(number.length - 10)}${number.slice(-4)}`;
}

export interface LocalCardPayment {
  orderId: string;
  amount: number;
  orderName: string;
  customerName: string;
  /** Digits only. */
  cardNumber: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
}

/** What the checkout window did with a card. */
export type LocalAuthorisation =
  /** Authorised: back to the success URL with these. */
  | { outcome: "authorised"; paymentKey: string; orderId: string; amount: number }
  /** Refused by the card or the gateway: back to the fail URL with the gateway's code and message. */
  | { outcome: "declined"; code: string; message: string }
  /** A card detail the customer can correct in the window. */
  | { outcome: "invalid-card"; field: "cardNumber" | "expiry"; code: string; message: string };

/**
 * The checkout window's "pay" button: a test card authorises the order (IN_PROGRESS, a fresh payment key) for the
 * server to confirm within ten minutes. An order already authorised and not yet confirmed is authorised again
 * under a new key (the window was opened twice); an order confirmed or cancelled is refused.
 */
export async function authoriseLocalPayment(
  db: Database,
  clock: Clock,
  payment: LocalCardPayment,
): Promise<LocalAuthorisation> {
  const cards: readonly string[] = Object.values(localTestCards);
  if (!cards.includes(payment.cardNumber))
    return {
      outcome: "invalid-card",
      field: "cardNumber",
      code: "INVALID_CARD_NUMBER",
      message: gatewayMessages.INVALID_CARD_NUMBER,
    };
  const now = clock.now();
  // A card is good through the last day of its expiry month.
  if (Date.UTC(payment.expiryYear, payment.expiryMonth, 1) <= now.getTime())
    return {
      outcome: "invalid-card",
      field: "expiry",
      code: "INVALID_CARD_EXPIRATION",
      message: gatewayMessages.INVALID_CARD_EXPIRATION,
    };
  if (payment.cardNumber === localTestCards.declines)
    return { outcome: "declined", code: "REJECT_CARD_PAYMENT", message: gatewayMessages.REJECT_CARD_PAYMENT };

  const values = {
    paymentKey: freshKey("lgk_"),
    orderId: payment.orderId,
    orderName: payment.orderName,
    customerName: payment.customerName,
    status: "IN_PROGRESS" as const,
    totalAmount: payment.amount,
    balanceAmount: payment.amount,
    cardNumber: maskedCard(payment.cardNumber),
    requestedAt: now,
    confirmTimesOut: payment.cardNumber === localTestCards.timesOut,
  };
  const { orderId: _orderId, ...replaced } = values;
  const [row] = await db
    .insert(localGatewayPayment)
    .values(values)
    .onConflictDoUpdate({
      target: localGatewayPayment.orderId,
      set: replaced,
      setWhere: sql`${localGatewayPayment.status} = 'IN_PROGRESS'`,
    })
    .returning({ paymentKey: localGatewayPayment.paymentKey });
  if (!row)
    return { outcome: "declined", code: "DUPLICATED_ORDER_ID", message: gatewayMessages.DUPLICATED_ORDER_ID };
  return {
    outcome: "authorised",
    paymentKey: row.paymentKey,
    orderId: payment.orderId,
    amount: payment.amount,
  };
}

export interface LocalReceipt {
  paymentKey: string;
  orderId: string;
  orderName: string;
  customerName: string;
  status: Row["status"];
  totalAmount: number;
  balanceAmount: number;
  cardNumber: string;
  approvedAt: Date;
  cancels: { amount: number; reason: string; canceledAt: Date }[];
}

/** The receipt of a confirmed local payment; null for a key the local gateway has not confirmed. */
export async function findLocalReceipt(db: Database, paymentKey: string): Promise<LocalReceipt | null> {
  const [row] = await db
    .select()
    .from(localGatewayPayment)
    .where(eq(localGatewayPayment.paymentKey, paymentKey));
  if (!row || row.approvedAt === null) return null;
  return {
    paymentKey: row.paymentKey,
    orderId: row.orderId,
    orderName: row.orderName,
    customerName: row.customerName,
    status: row.status,
    totalAmount: row.totalAmount,
    balanceAmount: row.balanceAmount,
    cardNumber: row.cardNumber,
    approvedAt: row.approvedAt,
    cancels: row.cancels.map((cancel) => ({
      amount: cancel.amount,
      reason: cancel.reason,
      canceledAt: new Date(cancel.canceledAt),
    })),
  };
}

/** The local gateway's answers to the server. */
export function createLocalGateway({ db, clock }: { db: Database; clock: Clock }): PaymentGateway {
  const locked = (tx: Database, paymentKey: string) =>
    tx.select().from(localGatewayPayment).where(eq(localGatewayPayment.paymentKey, paymentKey)).for("update");

  return {
    kind: "local",

    async createCheckout(order) {
      assertCheckoutOrder(order);
      // The window speaks the language of the page it returns to.
      const english = order.successUrl === "/en" || order.successUrl.startsWith("/en/");
      const query = new URLSearchParams({
        orderId: order.orderId,
        amount: String(order.amount),
        orderName: order.orderName.trim(),
        customerName: order.customer.name,
        successUrl: order.successUrl,
        failUrl: order.failUrl,
      });
      return { kind: "redirect", url: `${english ? "/en" : ""}${LOCAL_CHECKOUT_PATH}?${query}` };
    },

    async confirm(request, idempotencyKey) {
      assertConfirmRequest(request, idempotencyKey);
      const answer = await runInTransaction(db, clock, async ({ tx, now }): Promise<ConfirmAnswer> => {
        const [row] = await locked(tx, request.paymentKey);
        // A forged or mistyped success address: the gateway has no such payment, or not for this order and amount.
        if (!row) return { refusal: declined("NOT_FOUND_PAYMENT", 404) };
        if (row.orderId !== request.orderId || row.totalAmount !== request.amount)
          return { refusal: declined("INVALID_REQUEST", 400) };
        if (row.confirmKey === idempotencyKey) return { payment: paymentOf(row), timesOut: false };
        if (row.status !== "IN_PROGRESS")
          return {
            refusal:
              row.status === "EXPIRED" || row.status === "ABORTED"
                ? declined("NOT_FOUND_PAYMENT_SESSION", 404)
                : declined("ALREADY_PROCESSED_PAYMENT", 400),
          };
        if (now.getTime() - row.requestedAt.getTime() > CONFIRM_WINDOW_MS) {
          // Kept: an expired authorisation stays expired, whatever the caller does next.
          await tx
            .update(localGatewayPayment)
            .set({ status: "EXPIRED" })
            .where(eq(localGatewayPayment.paymentKey, row.paymentKey));
          return { refusal: declined("NOT_FOUND_PAYMENT_SESSION", 404) };
        }
        const [done] = await tx
          .update(localGatewayPayment)
          .set({ status: "DONE", approvedAt: now, confirmKey: idempotencyKey })
          .where(eq(localGatewayPayment.paymentKey, row.paymentKey))
          .returning();
        return { payment: paymentOf(done!), timesOut: row.confirmTimesOut };
      });
      if (answer.refusal) throw answer.refusal;
      if (answer.timesOut)
        throw new GatewayError({
          outcome: "unknown",
          code: NO_ANSWER_CODES.timeout,
          message: "The local gateway's test card answered as if the confirmation had timed out",
          status: null,
        });
      return answer.payment;
    },

    async cancel(paymentKey, request, idempotencyKey) {
      assertCancelRequest(paymentKey, request, idempotencyKey);
      return runInTransaction(db, clock, async ({ tx, now }) => {
        const [row] = await locked(tx, paymentKey);
        if (!row) throw declined("NOT_FOUND_PAYMENT", 404);
        if (row.cancels.some((cancel) => cancel.idempotencyKey === idempotencyKey)) return paymentOf(row);
        if (row.status === "CANCELED") throw declined("ALREADY_CANCELED_PAYMENT", 400);
        if (row.status !== "DONE" && row.status !== "PARTIAL_CANCELED")
          throw declined("NOT_CANCELABLE_PAYMENT", 403);
        const amount = request.amount ?? row.balanceAmount;
        if (amount > row.balanceAmount) throw declined("NOT_CANCELABLE_AMOUNT", 403);
        const balanceAmount = row.balanceAmount - amount;
        const cancel: LocalGatewayCancel = {
          amount,
          reason: request.reason.trim(),
          canceledAt: now.toISOString(),
          transactionKey: freshKey("lgt_"),
          idempotencyKey,
        };
        const [updated] = await tx
          .update(localGatewayPayment)
          .set({
            balanceAmount,
            status: balanceAmount === 0 ? "CANCELED" : "PARTIAL_CANCELED",
            cancels: [...row.cancels, cancel],
          })
          .where(eq(localGatewayPayment.paymentKey, paymentKey))
          .returning();
        return paymentOf(updated!);
      });
    },

    async getByOrderId(orderId) {
      if (!isOrderId(orderId)) throw invalidRequest("orderId must be 6–64 of A–Z a–z 0–9 - _ =");
      const [row] = await db
        .select()
        .from(localGatewayPayment)
        .where(eq(localGatewayPayment.orderId, orderId));
      return row ? paymentOf(row) : null;
    },

    parseWebhook(body, _headers) {
      return parsePaymentStatusHint(body);
    },
  };
}
