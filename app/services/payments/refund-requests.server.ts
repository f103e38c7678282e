import { releaseAfterDecision } from "#app/services/settlement/earnings.server";
import { aliasedTable, and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  coupon,
  meeting,
  member,
  memberCoupon,
  paymentOrder,
  refundRequest,
  type RefundRequestStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { hasMeaningfulText } from "#app/services/content/meaningful-length";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import { meetingForActor, type Meeting } from "#app/services/meetings/meeting/participants.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { displayName, memberName } from "#app/services/members/display-name.server";
import { notify } from "#app/services/notifications/notify.server";
import { requirePermission } from "#app/services/permissions";
import { applyTransition } from "#app/services/state-machine.server";
import type { PaymentErrorCode } from "./errors";
import { refundRequests } from "./payment-machine.server";
import { allowedPaymentActions, HOLD_MS, REFUND_REASON_MAX } from "./payment-rules";
import { paidOrderOf, refundPayment } from "./refunds.server";

/**
 * The requester's refund requests (ADR 061): asked once per meeting, with a reason, after a paid meeting ended and
 * within the hold; decided by staff who handle money (after the recent step-up) in full, in part or not, always with
 * a reason and an audit row. Locking order, kept by both acts: the meeting, then the refund request, then the order.
 */

const fail = (code: PaymentErrorCode) => new DomainError("payment", code);

/** A reason as stored: trimmed; refused when empty or longer than the limit (counted in characters). */
function checkedReason(
  reason: string,
  codes: { required: PaymentErrorCode; length: PaymentErrorCode },
): string {
  const value = reason.trim();
  if (!hasMeaningfulText(value)) throw fail(codes.required);
  if ([...value].length > REFUND_REASON_MAX) throw fail(codes.length);
  return value;
}

/**
 * Whether the meeting has a refund request nobody has decided yet. Such a request freezes the release of the
 * provider's earnings of the meeting: the hold's release (8 days after the end) asks this first and waits while it
 * answers true; a decision (full, partial or declined) ends the freeze.
 */
export async function hasOpenRefundRequest(source: DatabaseOrUnit, meetingId: number): Promise<boolean> {
  const [row] = await executor(source)
    .select({ id: refundRequest.id })
    .from(refundRequest)
    .where(and(eq(refundRequest.meetingId, meetingId), eq(refundRequest.status, "open")))
    .limit(1);
  return row !== undefined;
}

/** The requester asks for a refund of the meeting's payment, with a reason. Answers the request's id. */
export async function requestRefund(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  reason: string,
): Promise<{ id: number }> {
  const text = checkedReason(reason, { required: "refund_reason_required", length: "refund_reason_length" });
  if (!Number.isSafeInteger(meetingId) || meetingId <= 0) throw new DomainError("meeting", "not_found");
  return runInTransaction(db, clock, async (uow) => {
    const { role } = await meetingForActor(uow, actor, { id: meetingId });
    if (role !== "requester") throw fail("requester_only");
    const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
    const order = await paidOrderOf(uow, meetingId);
    await refuseUnlessAllowed(uow, row!, order?.amount ?? null);
    // The unique key on the meeting decides between two requests sent at once, without failing the unit.
    const [made] = await uow.tx
      .insert(refundRequest)
      .values({
        meetingId,
        orderId: order!.id,
        requesterId: actor.id,
        reason: text,
        status: "open",
        createdAt: uow.now,
      })
      .onConflictDoNothing()
      .returning({ id: refundRequest.id });
    if (!made) throw fail("refund_already_requested");
    await appendSystemMessage(uow, meetingId, "refundRequested", { reason: text });
    await notify(uow, {
      recipientId: row!.providerId,
      type: "refundRequested",
      actorId: actor.id,
      params: { nickname: await memberName(uow.tx, actor.id) },
      link: meetingChatPath(row!),
      dedupeKey: `refundRequested:${meetingId}`,
    });
    return made;
  });
}

/** The first rule the request breaks, in the order a requester would want to hear them. */
async function refuseUnlessAllowed(uow: UnitOfWork, row: Meeting, charged: number | null) {
  const requested = await uow.tx
    .select({ id: refundRequest.id })
    .from(refundRequest)
    .where(eq(refundRequest.meetingId, row.id));
  if (requested.length > 0) throw fail("refund_already_requested");
  if (row.paymentStatus !== "paid" || charged === null || charged <= 0) throw fail("refund_nothing_paid");
  if (row.status !== "ended" || row.endedAt === null) throw fail("refund_window_closed");
  const allowed = allowedPaymentActions(
    {
      status: row.status,
      paymentStatus: row.paymentStatus,
      endedAt: row.endedAt,
      charged,
      refundRequested: false,
      // Only a payment being made can be confirming; these facts are of a paid one.
      confirming: false,
    },
    "requester",
    uow.now,
  );
  if (!allowed.includes("requestRefund")) throw fail("refund_window_closed");
}

export type RefundDecision =
  | { kind: "full"; reason: string }
  | { kind: "partial"; amount: number; reason: string }
  | { kind: "declined"; reason: string };

const decisionStates = {
  full: "granted",
  partial: "partial",
  declined: "declined",
} as const satisfies Record<RefundDecision["kind"], RefundRequestStatus>;

const decisionTransitions = { full: "grant", partial: "grantPart", declined: "decline" } as const;

/**
 * Staff who handle money decide an open refund request: the whole of what is left of the charge back to the card,
 * a part of it (at least 1 won and less than what is left), or nothing; always with a reason. The refund (its
 * postings, the payment's state, the coupon on a whole refund, the gateway's refund queued), the request's state
 * and the audit row are one unit of work; a request already decided is refused, also when two decide at once.
 * Answers the won refunded.
 */
export async function decideRefundRequest(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  requestId: number,
  decision: RefundDecision,
  from?: ActingFrom,
): Promise<{ refunded: number }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const staff: StaffActor = actor;
  const reason = checkedReason(decision.reason, {
    required: "decision_reason_required",
    length: "decision_reason_length",
  });
  if (decision.kind === "partial" && (!Number.isSafeInteger(decision.amount) || decision.amount < 1))
    throw fail("refund_amount_invalid");
  if (!Number.isSafeInteger(requestId) || requestId <= 0) throw fail("not_found");
  return runInTransaction(db, clock, async (uow) => {
    const [found] = await uow.tx
      .select({ meetingId: refundRequest.meetingId })
      .from(refundRequest)
      .where(eq(refundRequest.id, requestId));
    if (!found) throw fail("not_found");
    const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, found.meetingId)).for("update");
    const [request] = await uow.tx
      .select()
      .from(refundRequest)
      .where(eq(refundRequest.id, requestId))
      .for("update");
    if (request!.status !== "open") throw fail("refund_not_open");
    let refunded = 0;
    if (decision.kind !== "declined") {
      const order = await paidOrderOf(uow, row!.id);
      if (!order || row!.paymentStatus !== "paid") throw fail("refund_nothing_paid");
      const left = order.amount - order.refundedAmount;
      if (decision.kind === "partial" && decision.amount >= left) throw fail("refund_amount_invalid");
      refunded = await refundPayment(
        uow,
        row!,
        decision.kind === "full" ? null : decision.amount,
        { role: "admin", id: staff.id },
        staff,
        reason,
      );
    }
    await uow.tx
      .update(refundRequest)
      .set({ refundAmount: refunded, decidedBy: staff.id, decisionReason: reason, decidedAt: uow.now })
      .where(eq(refundRequest.id, requestId));
    await applyTransition(
      uow,
      refundRequests,
      requestId,
      decisionTransitions[decision.kind],
      { role: "admin", id: staff.id },
      { reason },
    );
    // The request no longer holds the provider's earnings: released when their time came.
    await releaseAfterDecision(uow, row!.id);
    await recordAdminAct(
      uow,
      staff,
      {
        action: "payment.refund.decide",
        subject: { kind: "refund_request", id: requestId },
        reason,
        before: { status: request!.status },
        after: { status: decisionStates[decision.kind], refundAmount: refunded, meetingId: row!.id },
      },
      from,
    );
    return { refunded };
  });
}

export interface RefundRequestPage {
  meeting: {
    id: number;
    kind: Meeting["kind"];
    chatPath: string;
    providerNickname: string;
    endedAt: Date | null;
  };
  /** The paid order's amounts; null without one. */
  order: { price: number; discount: number; charged: number; refunded: number } | null;
  /** The meeting's request when it has one. */
  request: { status: RefundRequestStatus; reason: string; decisionReason: string | null } | null;
  /** When the hold ends (the last moment to ask); null before the meeting ended. */
  deadline: Date | null;
  /** The requester may send a request now. */
  allowed: boolean;
}

/**
 * What the requester's refund page shows: the meeting, the payment, a request already sent, and whether one may be
 * sent now. Refused for anyone but the meeting's requester.
 */
export async function refundRequestPage(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
): Promise<RefundRequestPage> {
  const { meeting: row, role } = await meetingForActor(db, actor, { id: meetingId });
  if (role !== "requester") throw fail("requester_only");
  const [order] = await db
    .select()
    .from(paymentOrder)
    .where(and(eq(paymentOrder.meetingId, meetingId), eq(paymentOrder.status, "paid")));
  const [request] = await db.select().from(refundRequest).where(eq(refundRequest.meetingId, meetingId));
  const allowed = allowedPaymentActions(
    {
      status: row.status,
      paymentStatus: row.paymentStatus,
      endedAt: row.endedAt,
      charged: order?.amount ?? null,
      refundRequested: request !== undefined,
      // Only a payment being made can be confirming; these facts are of a paid one.
      confirming: false,
    },
    "requester",
    clock.now(),
  ).includes("requestRefund");
  return {
    meeting: {
      id: row.id,
      kind: row.kind,
      chatPath: meetingChatPath(row),
      providerNickname: await memberName(db, row.providerId),
      endedAt: row.endedAt,
    },
    order: order
      ? {
          price: order.price,
          discount: order.discount,
          charged: order.amount,
          refunded: order.refundedAmount,
        }
      : null,
    request: request
      ? { status: request.status, reason: request.reason, decisionReason: request.decisionReason }
      : null,
    deadline: row.endedAt ? refundDeadline(row.endedAt) : null,
    allowed,
  };
}

/** The last moment a refund of a meeting that ended at `endedAt` may be asked for. */
const refundDeadline = (endedAt: Date) => new Date(endedAt.getTime() + HOLD_MS);

export interface ConsoleRefundRequest {
  id: number;
  status: RefundRequestStatus;
  reason: string;
  createdAt: Date;
  decision: { amount: number; reason: string | null; at: Date | null; byNickname: string | null } | null;
  meeting: { id: number; kind: Meeting["kind"]; endedAt: Date | null };
  requesterNickname: string;
  providerNickname: string;
  price: number;
  couponName: string | null;
  discount: number;
  charged: number;
  refunded: number;
  /** What a refund may still give back: the charge less what came back already. */
  left: number;
  /** The end of the hold (8 days after the meeting ended). */
  deadline: Date | null;
}

const CONSOLE_PAGE_SIZE = 20;

/** The refund requests for staff who handle money: open ones first (oldest waiting first), then the decided. */
export async function listRefundRequests(
  db: Database,
  actor: Actor | null,
  query: { page: number },
): Promise<{ rows: ConsoleRefundRequest[]; hasNext: boolean }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const requester = aliasedTable(member, "requester");
  const provider = aliasedTable(member, "provider");
  const rows = await db
    .select({
      request: refundRequest,
      meeting: { id: meeting.id, kind: meeting.kind, endedAt: meeting.endedAt },
      requester: { nickname: requester.nickname, name: requester.name },
      provider: { nickname: provider.nickname, name: provider.name },
      order: {
        price: paymentOrder.price,
        discount: paymentOrder.discount,
        amount: paymentOrder.amount,
        refundedAmount: paymentOrder.refundedAmount,
      },
      couponName: coupon.name,
    })
    .from(refundRequest)
    .innerJoin(meeting, eq(meeting.id, refundRequest.meetingId))
    .innerJoin(paymentOrder, eq(paymentOrder.id, refundRequest.orderId))
    .innerJoin(requester, eq(requester.id, meeting.requesterId))
    .innerJoin(provider, eq(provider.id, meeting.providerId))
    .leftJoin(memberCoupon, eq(memberCoupon.id, paymentOrder.memberCouponId))
    .leftJoin(coupon, eq(coupon.id, memberCoupon.couponId))
    .orderBy(
      sql`case when ${refundRequest.status} = 'open' then 0 else 1 end`,
      sql`case when ${refundRequest.status} = 'open' then ${refundRequest.id} else -${refundRequest.id} end`,
    )
    .limit(CONSOLE_PAGE_SIZE + 1)
    .offset((query.page - 1) * CONSOLE_PAGE_SIZE);
  const page = rows.slice(0, CONSOLE_PAGE_SIZE);
  const deciderIds = [...new Set(page.flatMap((row) => row.request.decidedBy ?? []))];
  const deciders =
    deciderIds.length === 0
      ? []
      : await db
          .select({ id: member.id, nickname: member.nickname, name: member.name })
          .from(member)
          .where(inArray(member.id, deciderIds));
  const deciderName = (id: string | null) => {
    const found = deciders.find((one) => one.id === id);
    return found ? displayName(found) : null;
  };
  return {
    hasNext: rows.length > CONSOLE_PAGE_SIZE,
    rows: page.map((row) => ({
      id: row.request.id,
      status: row.request.status,
      reason: row.request.reason,
      createdAt: row.request.createdAt,
      decision:
        row.request.status === "open"
          ? null
          : {
              amount: row.request.refundAmount ?? 0,
              reason: row.request.decisionReason,
              at: row.request.decidedAt,
              byNickname: deciderName(row.request.decidedBy),
            },
      meeting: row.meeting,
      requesterNickname: displayName(row.requester),
      providerNickname: displayName(row.provider),
      price: row.order.price,
      couponName: row.couponName,
      discount: row.order.discount,
      charged: row.order.amount,
      refunded: row.order.refundedAmount,
      left: row.order.amount - row.order.refundedAmount,
      deadline: row.meeting.endedAt ? refundDeadline(row.meeting.endedAt) : null,
    })),
  };
}
