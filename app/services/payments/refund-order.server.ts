import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { paymentOrder, paymentRefund } from "#app/db/schema";
import { defineJob, enqueueJob, type JobKind } from "#app/platform/jobs.server";
import { GatewayError, type PaymentGateway } from "#app/platform/payments/types";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import type { ActorOrSystem } from "#app/services/actor";
import { restoreCoupon } from "#app/services/coupons/use.server";
import type { ReleasedEarnings } from "#app/services/settlement/earnings.server";
import { postRefund, type PaymentOrder } from "./money.server";

/**
 * The money of a refund (ADR 061): decided in the caller's unit of work — a `payment_refund` row, the postings, the
 * order's refunded amount, the coupon back on a whole refund — and made at the gateway afterwards by a job with the
 * row's own idempotency key, so that a crash or an outage delays it and never makes it twice.
 */

const refundPayload = z.object({ refundId: z.number().int().positive() });
const REFUND_ATTEMPTS = 20;

/** The refund job as queued; the worker runs the one `refundAtGatewayJobFor` binds to the process's gateway. */
const refundAtGatewayJob = defineJob("payment.refund", {
  payload: refundPayload,
  maxAttempts: REFUND_ATTEMPTS,
  handle: () =>
    Promise.reject(new Error("the refund job runs with the process's gateway (refundAtGatewayJobFor)")),
});

/**
 * Refunds `amount` won (all that is left when null) of a paid order, in the caller's unit. A coupon that paid all of
 * it leaves nothing to give back to a card: only the postings are undone then.
 */
export async function refundOrder(
  uow: UnitOfWork,
  order: PaymentOrder,
  providerId: string,
  amount: number | null,
  ledgerActor: ActorOrSystem,
  reason: string,
  released: ReleasedEarnings = "refuse",
): Promise<{ refunded: number; whole: boolean }> {
  const left = order.amount - order.refundedAmount;
  const refunded = amount ?? left;
  if (!Number.isSafeInteger(refunded) || refunded < 0 || refunded > left)
    throw new RangeError(`a refund of ${refunded} won is not within the ${left} won left`);
  const whole = refunded === left;
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
    providerId,
    { id: refund?.id ?? 0, amount: refunded },
    ledgerActor,
    reason,
    released,
  );
  await uow.tx
    .update(paymentOrder)
    .set({ refundedAmount: order.refundedAmount + refunded, updatedAt: uow.now })
    .where(eq(paymentOrder.id, order.id));
  if (whole && order.memberCouponId !== null)
    await restoreCoupon(uow, order.memberCouponId, `payment:${order.orderId}`);
  if (refund)
    await enqueueJob(
      uow,
      refundAtGatewayJob,
      { refundId: refund.id },
      { runAt: uow.now, key: `payment-refund:${refund.id}` },
    );
  return { refunded, whole };
}

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
