import { randomBytes } from "node:crypto";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { meeting, paymentOrder } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { defineJob, scheduleJob, cancelJobs, type JobKind } from "#app/platform/jobs.server";
import type { Logger } from "#app/platform/logger.server";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "#app/platform/payments/types";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor, type Actor, type ActorOrSystem } from "#app/services/actor";
import { redeemCoupon, restoreCoupon } from "#app/services/coupons/use.server";
import { DomainError } from "#app/services/errors";
import { meetingForActor } from "#app/services/meetings/meeting/participants.server";
import { applyTransition } from "#app/services/state-machine.server";
import type { PaymentErrorCode } from "./errors";
import { postCapture, postSettlement, type PaymentOrder } from "./money.server";
import { orders, payments } from "./payment-machine.server";
import { ORDER_WINDOW_MS } from "./payment-rules";
import { refundOrder } from "./refund-order.server";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";

/**
 * Paying a payment request (ADR 061). The requester opens a checkout: the server computes the amount (the request's
 * price less the chosen coupon's discount, the coupon taken in the same unit), makes an order with a fresh order id
 * and a 10-minute expiry job, and answers how the browser opens the gateway's window. The window returns to the
 * success address with the gateway's payment key; the confirmation then runs in three steps:
 *
 * 1. in one unit: the order is locked and checked (its id, its amount, the request unchanged), moved to
 *    `confirming`, and a settle job is scheduled — so a crash from here on is finished by that job;
 * 2. the gateway is asked to capture, with the order's own idempotency key;
 * 3. in one unit: the capture is recorded (order paid, meeting paid, the postings, the chat line, the
 *    notifications), or the decline (order failed, coupon back).
 *
 * An answer that says nothing (a timeout, a 5xx) leaves the order `confirming`; the settle job (or the gateway's
 * webhook) asks the gateway what happened and finishes it — never by guessing. A second confirmation of the same
 * order (a refresh, a double redirect) changes nothing: a paid order answers paid, a confirming one answers that it
 * is being confirmed. Of all a meeting's orders one at most is ever confirming or paid (a unique index), so a
 * meeting is captured once.
 */

const fail = (code: PaymentErrorCode, params?: Record<string, string | number>) =>
  new DomainError("payment", code, params ? { params } : undefined);

const SYSTEM = { role: "system" as const, id: null };

/** After a confirmation without an answer, the settle job asks the gateway this soon, and again on failure. */
const SETTLE_DELAY_MS = 60 * 1000;

/** An order id the gateway accepts: `mm` and 24 random URL-safe characters. */
const newOrderId = () => `mm${randomBytes(18).toString("base64url")}`;

const orderName = (kind: string) => `모토메이트 만남 결제 (${kind})`;

export interface CheckoutChoice {
  /** The member's coupon to use; null for none. */
  memberCouponId: number | null;
  /** Same-origin paths the gateway's window returns to. */
  successUrl: string;
  failUrl: string;
}

export type CheckoutAnswer =
  /** Open the gateway's window. */
  | {
      kind: "checkout";
      orderId: string;
      amount: number;
      checkout: Awaited<ReturnType<PaymentGateway["createCheckout"]>>;
    }
  /** A coupon paid all of it: the payment is complete without the gateway. */
  | { kind: "paid"; orderId: string };

const usedFor = (order: Pick<PaymentOrder, "orderId">) => `payment:${order.orderId}`;

/** Fails an open order: its state, why, and its coupon back when still valid. */
export async function failOrder(
  uow: UnitOfWork,
  order: PaymentOrder,
  by: OrderActor,
  code: string,
  message: string | null,
): Promise<void> {
  await applyTransition(uow, orders, order.id, "fail", by, { reason: code });
  await uow.tx
    .update(paymentOrder)
    .set({ failCode: code, failMessage: message, updatedAt: uow.now })
    .where(eq(paymentOrder.id, order.id));
  if (order.memberCouponId !== null) await restoreCoupon(uow, order.memberCouponId, usedFor(order));
  await cancelJobs(uow, [expireKey(order.id), settleKey(order.id)]);
}

const expireKey = (id: number) => `payment-order-expire:${id}`;
const settleKey = (id: number) => `payment-order-settle:${id}`;

/**
 * The requester opens a checkout for the meeting's payment request. Orders still open for the meeting are closed
 * first (a window opened again replaces the last, and gives back its coupon), then the coupon is taken for the new
 * order: one use, however many checkouts race for it.
 */
export async function openCheckout(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  actor: Actor,
  meetingId: number,
  choice: CheckoutChoice,
): Promise<CheckoutAnswer> {
  return runInTransaction(db, clock, async (uow) => {
    if (!Number.isSafeInteger(meetingId) || meetingId <= 0) throw new DomainError("meeting", "not_found");
    const { role } = await meetingForActor(uow, actor, { id: meetingId });
    if (role !== "requester") throw fail("requester_only");
    const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
    const subject = row!;
    if (subject.status !== "chatting" && subject.status !== "reserved") throw fail("meeting_closed");
    if (subject.paymentStatus === "paid") throw fail("already_paid");
    if (subject.paymentStatus !== "requested" || subject.amount <= 0) throw fail("nothing_to_pay");

    const open = await uow.tx
      .select()
      .from(paymentOrder)
      .where(
        and(eq(paymentOrder.meetingId, meetingId), inArray(paymentOrder.status, ["pending", "confirming"])),
      )
      .for("update");
    // A payment the gateway may have taken is settled first (by its job or the webhook), never paid twice: no
    // second window while a confirmation is unanswered.
    if (open.some((order) => order.status === "confirming")) throw fail("payment_processing");
    for (const order of open)
      await failOrder(uow, order, { role: "requester", id: actor.id }, "REPLACED", null);

    const orderId = newOrderId();
    let discount = 0;
    if (choice.memberCouponId !== null) {
      const used = await redeemCoupon(uow, choice.memberCouponId, actor, {
        meetingKind: subject.kind,
        amount: subject.amount,
        usedFor: usedFor({ orderId }),
      });
      discount = used.discount;
    }
    const [order] = await uow.tx
      .insert(paymentOrder)
      .values({
        orderId,
        meetingId,
        requesterId: actor.id,
        price: subject.amount,
        discount,
        amount: subject.amount - discount,
        memberCouponId: choice.memberCouponId,
        confirmKey: `confirm-${orderId}`,
        expiresAt: new Date(uow.now.getTime() + ORDER_WINDOW_MS),
        createdAt: uow.now,
        updatedAt: uow.now,
      })
      .returning();
    const created = order!;
    if (created.amount === 0) {
      await applyTransition(uow, orders, created.id, "confirm", { role: "requester", id: actor.id }, {});
      await recordCapture(uow, { ...created, status: "confirming" }, null, requesterCompleter(actor));
      return { kind: "paid", orderId };
    }
    await scheduleJob(
      uow,
      orderExpiryJob,
      { orderId: created.id },
      { key: expireKey(created.id), runAt: created.expiresAt },
    );
    const checkout = await gateway.createCheckout({
      orderId,
      amount: created.amount,
      orderName: orderName(subject.kind),
      customer: { id: actor.id, name: actor.id },
      successUrl: choice.successUrl,
      failUrl: choice.failUrl,
    });
    return { kind: "checkout", orderId, amount: created.amount, checkout };
  });
}

/**
 * Records a capture in the caller's unit: the order paid with the gateway's details, the meeting's payment paid, the
 * postings. `by` is who completes it: the requester returning from the window, or the system settling it.
 */
type OrderActor = { role: "requester" | "system"; id: string | null };

/** Who completes an order: the requester returning from the window (with their actor for the ledger), or the system. */
interface Completer {
  by: OrderActor;
  ledger: ActorOrSystem;
}

const systemCompleter: Completer = { by: { role: "system", id: null }, ledger: systemActor };
const requesterCompleter = (actor: Actor): Completer => ({
  by: { role: "requester", id: actor.id },
  ledger: actor,
});

async function recordCapture(
  uow: UnitOfWork,
  order: PaymentOrder,
  payment: GatewayPayment | null,
  { by, ledger }: Completer,
): Promise<void> {
  await applyTransition(uow, orders, order.id, "capture", by, {});
  const [paid] = await uow.tx
    .update(paymentOrder)
    .set({
      paymentKey: payment?.paymentKey ?? order.paymentKey,
      method: payment?.method ?? null,
      receiptUrl: payment?.receiptUrl ?? null,
      approvedAt: payment?.approvedAt ?? uow.now,
      updatedAt: uow.now,
    })
    .where(eq(paymentOrder.id, order.id))
    .returning();
  await postCapture(uow, paid!, ledger);
  await cancelJobs(uow, [expireKey(order.id), settleKey(order.id)]);
  const [subject] = await uow.tx.select().from(meeting).where(eq(meeting.id, order.meetingId)).for("update");
  if (subject!.paymentStatus === "requested" && subject!.amount === order.price) {
    await applyTransition(uow, payments, order.meetingId, "pay", by, { amount: order.price });
    // The meeting ended while the confirmation had no answer: it is settled now, as its end would have.
    if (subject!.status === "ended") await postSettlement(uow, paid!, subject!.providerId, ledger);
    return;
  }
  // The gateway took the money after the request stopped being this order's (the meeting was cancelled or the
  // request withdrawn while the confirmation had no answer): it is given back at once, in full.
  await refundOrder(uow, paid!, subject!.providerId, null, ledger, "REQUEST_CLOSED");
  await appendSystemMessage(uow, order.meetingId, "refundCompleted", { amount: paid!.amount });
}

export interface ConfirmRequestFromWindow {
  orderId: string;
  paymentKey: string;
  /** The amount the window's address carries: compared with the order's, never used. */
  amount: number;
}

export type ConfirmOutcome =
  | { status: "paid"; meetingId: number }
  | { status: "confirming"; meetingId: number }
  | { status: "failed"; meetingId: number; message: string };

/**
 * Locks an order, and its meeting's row before it. Every unit that takes both takes the meeting's first: the
 * checkout, a change of the request and a cancellation lock the meeting and then its open orders, so a confirmation
 * that locked the order and then the meeting could wait on one of them while it waited on the confirmation — a
 * deadlock, which PostgreSQL ends by failing one of the two.
 */
async function lockOrderWhere(uow: UnitOfWork, where: SQL): Promise<PaymentOrder | null> {
  const [found] = await uow.tx.select({ meetingId: paymentOrder.meetingId }).from(paymentOrder).where(where);
  if (!found) return null;
  await uow.tx.select({ id: meeting.id }).from(meeting).where(eq(meeting.id, found.meetingId)).for("update");
  const [row] = await uow.tx.select().from(paymentOrder).where(where).for("update");
  return row ?? null;
}

const lockOrder = (uow: UnitOfWork, orderId: string) =>
  lockOrderWhere(uow, eq(paymentOrder.orderId, orderId));

/**
 * The window's success address: confirms the order once (see the steps above). Refused, and logged, when the order
 * is not the member's or the address's amount is not the order's (a forged address is never sent to the gateway).
 */
export async function confirmCheckout(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  logger: Logger,
  actor: Actor,
  request: ConfirmRequestFromWindow,
): Promise<ConfirmOutcome> {
  const completer = requesterCompleter(actor);
  const { by } = completer;
  const started = await runInTransaction(db, clock, async (uow) => {
    const order = await lockOrder(uow, request.orderId);
    if (!order || order.requesterId !== actor.id) {
      logger.warn(
        { orderId: request.orderId, memberId: actor.id },
        "payment confirmation for an order not the member's",
      );
      throw fail("order_not_found");
    }
    if (
      request.amount !== order.amount ||
      (order.paymentKey !== null && order.paymentKey !== request.paymentKey)
    ) {
      logger.warn(
        { orderId: order.orderId, memberId: actor.id, amount: request.amount, expected: order.amount },
        "payment confirmation with a forged amount or payment key refused",
      );
      throw fail("order_mismatch");
    }
    if (order.status === "paid")
      return { done: { status: "paid", meetingId: order.meetingId } as ConfirmOutcome };
    if (order.status === "confirming")
      return { done: { status: "confirming", meetingId: order.meetingId } as ConfirmOutcome };
    if (order.status === "expired") throw fail("order_expired");
    if (order.status === "failed")
      throw fail(order.failCode === "REQUEST_CHANGED" ? "request_changed" : "order_failed");
    if (uow.now.getTime() >= order.expiresAt.getTime()) {
      await expireOrder(uow, order);
      return { expired: true as const };
    }
    const [subject] = await uow.tx
      .select()
      .from(meeting)
      .where(eq(meeting.id, order.meetingId))
      .for("update");
    if (subject!.paymentStatus !== "requested" || subject!.amount !== order.price) {
      await failOrder(uow, order, by, "REQUEST_CHANGED", null);
      return { changed: true as const };
    }
    await applyTransition(uow, orders, order.id, "confirm", by, {});
    await uow.tx
      .update(paymentOrder)
      .set({ paymentKey: request.paymentKey, updatedAt: uow.now })
      .where(eq(paymentOrder.id, order.id));
    await scheduleJob(
      uow,
      orderSettleJob,
      { orderId: order.id },
      {
        key: settleKey(order.id),
        runAt: new Date(uow.now.getTime() + SETTLE_DELAY_MS),
      },
    );
    return { confirming: { ...order, status: "confirming" as const, paymentKey: request.paymentKey } };
  });
  if ("done" in started) return started.done!;
  if ("expired" in started) throw fail("order_expired");
  if ("changed" in started) throw fail("request_changed");
  const order = started.confirming!;
  return askGatewayToCapture(db, clock, gateway, logger, order, completer);
}

/** Step 2 and 3: the gateway's capture, and what it answered recorded in a unit of its own. */
async function askGatewayToCapture(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  logger: Logger,
  order: PaymentOrder,
  completer: Completer,
): Promise<ConfirmOutcome> {
  const { by } = completer;
  let payment: GatewayPayment;
  try {
    payment = await gateway.confirm(
      { paymentKey: order.paymentKey!, orderId: order.orderId, amount: order.amount },
      order.confirmKey,
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.unknown || error.code === "ALREADY_PROCESSED_PAYMENT") {
      logger.warn(
        { orderId: order.orderId, code: error.code },
        "payment confirmation without an answer; settled later",
      );
      return { status: "confirming", meetingId: order.meetingId };
    }
    await runInTransaction(db, clock, async (uow) => {
      const locked = await lockOrder(uow, order.orderId);
      if (locked?.status === "confirming") await failOrder(uow, locked, by, error.code, error.message);
    });
    return { status: "failed", meetingId: order.meetingId, message: error.message };
  }
  return runInTransaction(db, clock, async (uow) => {
    const locked = await lockOrder(uow, order.orderId);
    if (!locked || locked.status !== "confirming") {
      return {
        status: locked?.status === "paid" ? "paid" : "confirming",
        meetingId: order.meetingId,
      } as ConfirmOutcome;
    }
    return settleWithPayment(uow, locked, payment, completer, logger);
  });
}

/** Records what the gateway says of a confirming order: captured when it took the order's amount, failed otherwise. */
async function settleWithPayment(
  uow: UnitOfWork,
  order: PaymentOrder,
  payment: GatewayPayment,
  completer: Completer,
  logger: Logger,
): Promise<ConfirmOutcome> {
  const taken =
    payment.status === "DONE" || payment.status === "PARTIAL_CANCELED" || payment.status === "CANCELED";
  if (taken && payment.totalAmount === order.amount) {
    await recordCapture(uow, order, payment, completer);
    return { status: "paid", meetingId: order.meetingId };
  }
  if (taken) {
    logger.error(
      { orderId: order.orderId, charged: payment.totalAmount, expected: order.amount },
      "the gateway captured another amount than the order's; left for reconciliation",
    );
    return { status: "confirming", meetingId: order.meetingId };
  }
  await failOrder(uow, order, completer.by, payment.status, null);
  return { status: "failed", meetingId: order.meetingId, message: payment.status };
}

/** The window's fail address: the order fails with the gateway's code and message (a declined card, a cancel). */
export async function abandonCheckout(
  db: Database,
  clock: Clock,
  actor: Actor,
  failure: { orderId: string; code: string; message: string },
): Promise<{ meetingId: number } | null> {
  return runInTransaction(db, clock, async (uow) => {
    const order = await lockOrder(uow, failure.orderId);
    if (!order || order.requesterId !== actor.id) return null;
    if (order.status === "pending")
      await failOrder(
        uow,
        order,
        { role: "requester", id: actor.id },
        failure.code.slice(0, 64),
        failure.message.slice(0, 300),
      );
    return { meetingId: order.meetingId };
  });
}

async function expireOrder(uow: UnitOfWork, order: PaymentOrder) {
  await applyTransition(uow, orders, order.id, "expire", SYSTEM, {});
  if (order.memberCouponId !== null) await restoreCoupon(uow, order.memberCouponId, usedFor(order));
  await cancelJobs(uow, [settleKey(order.id)]);
}

/** What the gateway says of a confirming order, asked outside any unit of work. */
type GatewayView =
  /** The order is not confirming: nothing to ask. */
  | { kind: "skip" }
  | { kind: "payment"; payment: GatewayPayment }
  /** The gateway has no capture of it and refused to make one: the order is over. */
  | { kind: "declined"; code: string; message: string | null };

const waiting = (payment: GatewayPayment | null) =>
  payment === null || payment.status === "READY" || payment.status === "IN_PROGRESS";

/**
 * Asks the gateway about a confirming order, outside any unit of work (no lock is held across the calls): its
 * payment when the gateway has taken it; when the gateway still waits for the confirmation, the confirmation again
 * with the order's own key (the same key cannot capture twice); a refusal when it has it aborted, expired or not at
 * all. A gateway without an answer throws, and the caller retries later. Safe to ask any number of times.
 */
async function askGatewayAbout(
  db: Database,
  gateway: PaymentGateway,
  orderRowId: number,
): Promise<GatewayView> {
  const [order] = await db.select().from(paymentOrder).where(eq(paymentOrder.id, orderRowId));
  if (order?.status !== "confirming") return { kind: "skip" };
  const payment = await gateway.getByOrderId(order.orderId);
  if (!waiting(payment)) return { kind: "payment", payment: payment! };
  if (order.paymentKey === null) return { kind: "declined", code: "NOT_FOUND_PAYMENT", message: null };
  try {
    const confirmed = await gateway.confirm(
      { paymentKey: order.paymentKey, orderId: order.orderId, amount: order.amount },
      order.confirmKey,
    );
    return { kind: "payment", payment: confirmed };
  } catch (error) {
    if (!(error instanceof GatewayError) || error.unknown) throw error;
    // Refused: it may have been taken meanwhile (ask once more), or it is over.
    const again = await gateway.getByOrderId(order.orderId);
    if (!waiting(again)) return { kind: "payment", payment: again! };
    return { kind: "declined", code: error.code, message: error.message };
  }
}

/**
 * Finishes an order by what the gateway said, in the caller's unit (a job's, or the webhook's): an open order past its
 * window expires; a confirming one is captured when the gateway took it, and failed when the gateway refused it.
 */
async function settleOrder(
  uow: UnitOfWork,
  logger: Logger,
  orderRowId: number,
  view: GatewayView,
): Promise<PaymentOrder["status"] | null> {
  const order = await lockOrderWhere(uow, eq(paymentOrder.id, orderRowId));
  if (!order) return null;
  if (order.status === "pending" && uow.now.getTime() >= order.expiresAt.getTime()) {
    await expireOrder(uow, order);
    return "expired";
  }
  if (order.status !== "confirming" || view.kind === "skip") return order.status;
  if (view.kind === "declined") {
    await failOrder(uow, order, SYSTEM, view.code, view.message);
    return "failed";
  }
  const outcome = await settleWithPayment(uow, order, view.payment, systemCompleter, logger);
  return outcome.status === "paid" ? "paid" : outcome.status === "failed" ? "failed" : "confirming";
}

/** Settles an order now, by asking the gateway and recording its answer (the webhook's hint, the console's button). */
export async function settleOrderNow(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  logger: Logger,
  orderRowId: number,
): Promise<PaymentOrder["status"] | null> {
  const view = await askGatewayAbout(db, gateway, orderRowId);
  return runInTransaction(db, clock, (uow) => settleOrder(uow, logger, orderRowId, view));
}

/** Ten minutes after an order: an open one expires, a confirming one is settled. */
export const orderExpiryJob = defineJob("payment.order.expire", {
  payload: z.object({ orderId: z.number().int().positive() }),
  handle: async ({ orderId }, { uow }) => {
    const [order] = await uow.tx
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, orderId))
      .for("update");
    if (order?.status === "pending") await expireOrder(uow, order);
  },
});

const settlePayload = z.object({ orderId: z.number().int().positive() });
const SETTLE_ATTEMPTS = 20;

/**
 * After a confirmation: finishes an order still confirming by asking the gateway (retried while it has no answer).
 * This is the kind as scheduled; the worker runs the one `orderSettleJobFor` binds to the process's gateway.
 */
const orderSettleJob = defineJob("payment.order.settle", {
  payload: settlePayload,
  maxAttempts: SETTLE_ATTEMPTS,
  handle: () =>
    Promise.reject(new Error("the settle job runs with the process's gateway (orderSettleJobFor)")),
});

export function orderSettleJobFor(gateway: PaymentGateway): JobKind<z.infer<typeof settlePayload>> {
  return defineJob(orderSettleJob.kind, {
    payload: settlePayload,
    maxAttempts: SETTLE_ATTEMPTS,
    prepare: ({ orderId }, { db }) => askGatewayAbout(db, gateway, orderId),
    handle: async ({ orderId }, { uow, logger, prepared }) => {
      await settleOrder(uow, logger, orderId, prepared as GatewayView);
    },
  });
}
