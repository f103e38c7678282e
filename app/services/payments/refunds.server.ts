import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { z } from "zod";
import { meeting, paymentOrder, paymentRefund, refundRequest } from "#app/db/schema";
import { defineJob, enqueueJob, type JobKind } from "#app/platform/jobs.server";
import { GatewayError, type PaymentGateway } from "#app/platform/payments/types";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor, type ActorOrSystem } from "#app/services/actor";
import { restoreCoupon } from "#app/services/coupons/use.server";
import type { Meeting } from "#app/services/meetings/meeting/participants.server";
import { applyTransition } from "#app/services/state-machine.server";
import { failOrder } from "./orders.server";
import { postRefund, postSettlement, type PaymentOrder } from "./money.server";
import { payments, refundRequests, type PaymentActor } from "./payment-machine.server";

/**
 * Refunds of a meeting's payment, and what a meeting's end and cancellation do to its payment (ADR 061). A refund is
 * decided in one unit of work — the payment's state, the postings, the coupon back, the chat line, the
 * notification, and a `payment_refund` row — and made at the gateway afterwards by a job with the row's own
 * idempotency key, so that a crash or an outage delays it and never makes it twice.
 */

const SYSTEM = { role: "system", id: null } as const;

/** The meeting's captured order, locked for this unit; null when it has none. */
export async function paidOrderOf(uow: UnitOfWork, meetingId: number): Promise<PaymentOrder | null> {
  const [order] = await uow.tx
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.meetingId, meetingId), eq(paymentOrder.status, "paid")))
    .for("update");
  return order ?? null;
}

/**
 * Refunds `amount` won (all that is left when null) of the meeting's paid payment, in the caller's unit: the
 * payment's transition (`refund` when nothing is left, `refundPart` otherwise), the postings, the coupon back on a
 * whole refund (while still valid), and the gateway's refund queued. Answers the won refunded.
 */
export async function refundPayment(
  uow: UnitOfWork,
  row: Meeting,
  amount: number | null,
  by: PaymentActor,
  /** Who the postings name: the administrator deciding, or the system. */
  ledgerActor: ActorOrSystem,
  reason: string,
): Promise<number> {
  const order = await paidOrderOf(uow, row.id);
  if (!order) throw new Error(`meeting ${row.id} has no paid order to refund`);
  const left = order.amount - order.refundedAmount;
  const refunded = amount ?? left;
  if (!Number.isSafeInteger(refunded) || refunded < 0 || refunded > left)
    throw new RangeError(`a refund of ${refunded} won is not within the ${left} won left`);
  const whole = refunded === left;
  // A coupon that paid all of it leaves nothing to give back to a card: only the postings are undone.
  const [refund] =
    refunded > 0
      ? await uow.tx
          .insert(paymentRefund)
          .values({
            orderId: order.id,
            amount: refunded,
            reason,
            idempotencyKey: `refund-${order.orderId}-${order.refundedAmount}`,
            createdAt: uow.now,
          })
          .returning()
      : [];
  await postRefund(
    uow,
    order,
    row.providerId,
    { id: refund?.id ?? 0, amount: refunded },
    ledgerActor,
    reason,
  );
  await uow.tx
    .update(paymentOrder)
    .set({ refundedAmount: order.refundedAmount + refunded, updatedAt: uow.now })
    .where(eq(paymentOrder.id, order.id));
  if (whole && order.memberCouponId !== null)
    await restoreCoupon(uow, order.memberCouponId, `payment:${order.orderId}`);
  await applyTransition(uow, payments, row.id, whole ? "refund" : "refundPart", by, {
    amount: refunded,
    reason,
  });
  if (refund)
    await enqueueJob(
      uow,
      refundAtGatewayJob,
      { refundId: refund.id },
      { runAt: uow.now, key: `payment-refund:${refund.id}` },
    );
  return refunded;
}

/**
 * What a meeting's cancellation does to its payment, in the transition's unit: a paid payment is refunded in full,
 * whoever cancelled; a request not paid is withdrawn, and its open orders closed.
 */
export async function onMeetingCancelled(
  uow: UnitOfWork,
  row: Meeting,
  reason: string | null,
): Promise<void> {
  if (row.paymentStatus === "paid") {
    await refundPayment(uow, row, null, SYSTEM, systemActor, reason ?? "reservation cancelled");
    return;
  }
  if (row.paymentStatus === "requested" || row.paymentStatus === "free") {
    const open = await uow.tx
      .select()
      .from(paymentOrder)
      .where(and(eq(paymentOrder.meetingId, row.id), eq(paymentOrder.status, "pending")))
      .for("update");
    for (const order of open) await failOrder(uow, order, SYSTEM, "MEETING_CLOSED", null);
    await applyTransition(uow, payments, row.id, "withdraw", SYSTEM, {});
  }
}

/**
 * What a meeting's end does to its payment: a paid one is settled (the provider's pending earnings less the fee);
 * orders still open for a request never paid are closed.
 */
export async function onMeetingEnded(uow: UnitOfWork, row: Meeting): Promise<void> {
  const order = await paidOrderOf(uow, row.id);
  if (order && row.paymentStatus === "paid") {
    await postSettlement(uow, order, row.providerId, systemActor);
    return;
  }
  const open = await uow.tx
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.meetingId, row.id), eq(paymentOrder.status, "pending")))
    .for("update");
  for (const pending of open) await failOrder(uow, pending, SYSTEM, "MEETING_CLOSED", null);
}

/**
 * A confirmed no-show of the provider refunds the requester in full (what is left of the payment). A refund request
 * still waiting for that meeting is granted with it, so that it no longer holds the provider's earnings.
 */
export async function onProviderNoShow(uow: UnitOfWork, meetingId: number): Promise<void> {
  const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
  if (row?.paymentStatus !== "paid") return;
  const refunded = await refundPayment(uow, row, null, SYSTEM, systemActor, "no-show");
  const [open] = await uow.tx
    .select({ id: refundRequest.id })
    .from(refundRequest)
    .where(and(eq(refundRequest.meetingId, meetingId), eq(refundRequest.status, "open")))
    .for("update");
  if (!open) return;
  await uow.tx
    .update(refundRequest)
    .set({ refundAmount: refunded, decidedAt: uow.now })
    .where(eq(refundRequest.id, open.id));
  await applyTransition(uow, refundRequests, open.id, "grant", SYSTEM, { reason: "no-show" });
}

const refundPayload = z.object({ refundId: z.number().int().positive() });
const REFUND_ATTEMPTS = 20;

/** The refund job as queued; the worker runs the one `refundAtGatewayJobFor` binds to the process's gateway. */
const refundAtGatewayJob = defineJob("payment.refund", {
  payload: refundPayload,
  maxAttempts: REFUND_ATTEMPTS,
  handle: () =>
    Promise.reject(new Error("the refund job runs with the process's gateway (refundAtGatewayJobFor)")),
});

/** What the gateway did with a refund, asked outside any unit of work. */
type RefundView = { kind: "skip" } | { kind: "done" } | { kind: "refused"; code: string; message: string };

/**
 * Makes a decided refund at the gateway, outside any unit of work, with the refund's own idempotency key (asking
 * twice refunds once). A gateway without an answer throws, and the job retries.
 */
async function refundAtGateway(db: Database, gateway: PaymentGateway, refundId: number): Promise<RefundView> {
  const [row] = await db
    .select({ refund: paymentRefund, order: paymentOrder })
    .from(paymentRefund)
    .innerJoin(paymentOrder, eq(paymentOrder.id, paymentRefund.orderId))
    .where(eq(paymentRefund.id, refundId));
  if (!row || row.refund.status !== "pending" || row.order.paymentKey === null) return { kind: "skip" };
  const { refund, order } = row;
  try {
    await gateway.cancel(
      order.paymentKey!,
      { reason: refund.reason.slice(0, 200) || "refund", amount: refund.amount },
      refund.idempotencyKey,
    );
    return { kind: "done" };
  } catch (error) {
    if (!(error instanceof GatewayError) || error.unknown) throw error;
    return { kind: "refused", code: error.code, message: error.message };
  }
}

/** Records what the gateway did with a refund: done, or `failed` for the reconciliation to show. */
async function recordRefund(uow: UnitOfWork, refundId: number, view: RefundView) {
  if (view.kind === "skip") return;
  await uow.tx
    .update(paymentRefund)
    .set(
      view.kind === "done"
        ? { status: "done", doneAt: uow.now }
        : { status: "failed", failCode: view.code, failMessage: view.message, doneAt: uow.now },
    )
    .where(and(eq(paymentRefund.id, refundId), eq(paymentRefund.status, "pending")));
}

export function refundAtGatewayJobFor(gateway: PaymentGateway): JobKind<z.infer<typeof refundPayload>> {
  return defineJob(refundAtGatewayJob.kind, {
    payload: refundPayload,
    maxAttempts: REFUND_ATTEMPTS,
    prepare: ({ refundId }, { db }) => refundAtGateway(db, gateway, refundId),
    handle: ({ refundId }, { uow, prepared }) => recordRefund(uow, refundId, prepared as RefundView),
  });
}
