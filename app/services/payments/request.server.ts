import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { meeting, paymentOrder } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import { markProviderAnswered } from "#app/services/meetings/meeting/schedule.server";
import { meetingForActor, type Meeting } from "#app/services/meetings/meeting/participants.server";
import { applyTransition } from "#app/services/state-machine.server";
import type { PaymentErrorCode } from "./errors";
import { failOrder } from "./orders.server";
import { payments, type PaymentActor } from "./payment-machine.server";
import {
  paymentRequestRefusal,
  PAYMENT_AMOUNT_MAX,
  PAYMENT_MEMO_MAX,
  type PaymentRequestInput,
} from "./payment-rules";

/**
 * The provider's payment request (ADR 061): sent once per meeting from the plus controller, changed or withdrawn
 * until it is paid. Every rule is checked here, whatever the page showed.
 */

const fail = (code: PaymentErrorCode) =>
  new DomainError("payment", code, {
    params:
      code === "amount_too_large"
        ? { max: PAYMENT_AMOUNT_MAX }
        : code === "memo_length"
          ? { max: PAYMENT_MEMO_MAX }
          : undefined,
  });

/** The meeting locked for this unit, when the actor is its provider and it is still being arranged. */
async function lockForProvider(uow: UnitOfWork, actor: Actor, meetingId: number): Promise<Meeting> {
  if (!Number.isSafeInteger(meetingId) || meetingId <= 0) throw new DomainError("meeting", "not_found");
  const { role } = await meetingForActor(uow, actor, { id: meetingId });
  if (role !== "provider") throw fail("provider_only");
  const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
  if (row!.status !== "chatting" && row!.status !== "reserved") throw fail("meeting_closed");
  return row!;
}

function checked(row: Meeting, input: PaymentRequestInput): PaymentRequestInput {
  const refusal = paymentRequestRefusal(row.kind, input);
  if (refusal) throw fail(refusal);
  return { amount: input.amount, memo: input.memo.trim(), freeInspection: input.freeInspection };
}

async function store(uow: UnitOfWork, meetingId: number, input: PaymentRequestInput) {
  await uow.tx
    .update(meeting)
    .set({
      amount: input.amount,
      paymentMemo: input.memo,
      freeInspection: input.freeInspection,
      updatedAt: uow.now,
    })
    .where(eq(meeting.id, meetingId));
}

/** Orders opened for the old amount can no longer be paid: they fail, and their coupons come back. */
async function closeOpenOrders(uow: UnitOfWork, meetingId: number, code: string) {
  const open = await uow.tx
    .select()
    .from(paymentOrder)
    .where(
      and(eq(paymentOrder.meetingId, meetingId), inArray(paymentOrder.status, ["pending", "confirming"])),
    )
    .for("update");
  // The gateway is confirming a payment of the request as it is: it cannot change under it.
  if (open.some((order) => order.status === "confirming")) throw fail("payment_processing");
  for (const order of open) await failOrder(uow, order, { role: "system", id: null }, code, null);
}

/** The provider sends the meeting's one payment request: an amount (0: free) and a note. */
export async function requestPayment(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  input: PaymentRequestInput,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const row = await lockForProvider(uow, actor, meetingId);
    const value = checked(row, input);
    if (row.paymentStatus !== "none") throw fail("already_requested");
    await store(uow, meetingId, value);
    const by: PaymentActor = { role: "provider", id: actor.id };
    await applyTransition(uow, payments, meetingId, value.amount === 0 ? "offerFree" : "request", by, {
      amount: value.amount,
    });
    await markProviderAnswered(uow, meetingId);
  });
}

/** The provider changes the request until it is paid; orders opened for the old amount are closed. */
export async function editPaymentRequest(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  input: PaymentRequestInput,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const row = await lockForProvider(uow, actor, meetingId);
    const value = checked(row, input);
    if (row.paymentStatus === "none") throw fail("no_request");
    if (row.paymentStatus !== "requested" && row.paymentStatus !== "free") throw fail("not_editable");
    await closeOpenOrders(uow, meetingId, "REQUEST_CHANGED");
    await store(uow, meetingId, value);
    const by: PaymentActor = { role: "provider", id: actor.id };
    if (row.paymentStatus === "requested" && value.amount === 0)
      await applyTransition(uow, payments, meetingId, "waive", by, {});
    else if (row.paymentStatus === "free" && value.amount > 0)
      await applyTransition(uow, payments, meetingId, "ask", by, { amount: value.amount });
    else if (value.amount !== row.amount) {
      await appendSystemMessage(uow, meetingId, "paymentRequestChanged", { amount: value.amount });
    }
  });
}

/** The provider withdraws the request until it is paid; a new one may be sent after. */
export async function withdrawPaymentRequest(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const row = await lockForProvider(uow, actor, meetingId);
    if (row.paymentStatus === "none") throw fail("no_request");
    if (row.paymentStatus !== "requested" && row.paymentStatus !== "free") throw fail("not_editable");
    await closeOpenOrders(uow, meetingId, "REQUEST_WITHDRAWN");
    await store(uow, meetingId, { amount: 0, memo: "", freeInspection: false });
    const by: PaymentActor = { role: "provider", id: actor.id };
    await applyTransition(uow, payments, meetingId, "withdraw", by, {});
  });
}
