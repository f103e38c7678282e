import { and, eq } from "drizzle-orm";
import { meeting, paymentOrder, refundRequest } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor, type ActorOrSystem } from "#app/services/actor";
import type { Meeting } from "#app/services/meetings/meeting/participants.server";
import type { ReleasedEarnings } from "#app/services/settlement/earnings.server";
import { applyTransition } from "#app/services/state-machine.server";
import { failOrder } from "./orders.server";
import { postSettlement, type PaymentOrder } from "./money.server";
import { payments, refundRequests, type PaymentActor } from "./payment-machine.server";
import { refundOrder } from "./refund-order.server";

/**
 * Refunds of a meeting's payment, and what a meeting's end and cancellation do to its payment (ADR 061): the
 * payment's state, its chat line and notification here, the money in `refund-order.server.ts`.
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
 * Refunds `amount` won (all that is left when null) of the meeting's paid payment, in the caller's unit: the money
 * (`refundOrder`) and the payment's transition (`refund` when nothing is left, `refundPart` otherwise), with its
 * chat line and notification. Answers the won refunded.
 */
export async function refundPayment(
  uow: UnitOfWork,
  row: Meeting,
  amount: number | null,
  by: PaymentActor,
  /** Who the postings name: the administrator deciding, or the system. */
  ledgerActor: ActorOrSystem,
  reason: string,
  /** Whether an administrator takes back earnings already released (ADR 064); refused otherwise. */
  released: ReleasedEarnings = "refuse",
): Promise<number> {
  const order = await paidOrderOf(uow, row.id);
  if (!order) throw new Error(`meeting ${row.id} has no paid order to refund`);
  const { refunded, whole } = await refundOrder(
    uow,
    order,
    row.providerId,
    amount,
    ledgerActor,
    reason,
    released,
  );
  await applyTransition(uow, payments, row.id, whole ? "refund" : "refundPart", by, {
    amount: refunded,
    reason,
  });
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
