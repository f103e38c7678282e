import { eq } from "drizzle-orm";
import { meeting, paymentOrder, refundRequest } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import type { Meeting } from "#app/services/meetings/meeting/participants.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { memberName } from "#app/services/members/display-name.server";
import { notify } from "#app/services/notifications/notify.server";
import type { RoleOf } from "#app/services/state-machine";
import { bindMachine, type TransitionActor, type TransitionInput } from "#app/services/state-machine.server";
import { orderMachine, paymentMachine, refundRequestMachine } from "./payment-machine";

/**
 * The payment machines bound to their columns, with each transition's effects: the chat's system line and the
 * notifications, in the unit of work that moves the state. Money (postings, refunds at the gateway) is the payment
 * service's, which takes these transitions in the same unit.
 */

export type PaymentActor = TransitionActor<RoleOf<typeof paymentMachine>>;

export interface PaymentInput extends TransitionInput {
  /** The won the line and the notification name: the requested, paid or refunded amount. */
  amount?: number;
}

const paymentSubject = (row: Pick<Meeting, "id">) => `meeting-payment:${row.id}`;

async function tell(
  uow: UnitOfWork,
  row: Meeting,
  to: "requester" | "provider",
  type: "paymentRequested" | "paymentCompleted" | "refundCompleted",
  amount: number,
) {
  const recipientId = to === "requester" ? row.requesterId : row.providerId;
  const otherId = to === "requester" ? row.providerId : row.requesterId;
  await notify(uow, {
    recipientId,
    type,
    actorId: type === "refundCompleted" ? null : otherId,
    params: { nickname: await memberName(uow.tx, otherId), amount },
    link: meetingChatPath(row),
    dedupeKey: `${type}:${row.id}:${amount}`,
    subject: paymentSubject(row),
  });
}

export const payments = bindMachine<typeof paymentMachine, typeof meeting, PaymentInput>(paymentMachine, {
  table: meeting,
  id: meeting.id,
  state: meeting.paymentStatus,
  effects: {
    request: async (uow, row, { amount = row.amount }) => {
      await appendSystemMessage(uow, row.id, "paymentRequested", { amount });
      await tell(uow, row, "requester", "paymentRequested", amount);
    },
    ask: async (uow, row, { amount = row.amount }) => {
      await appendSystemMessage(uow, row.id, "paymentRequested", { amount });
      await tell(uow, row, "requester", "paymentRequested", amount);
    },
    offerFree: async (uow, row) => {
      await appendSystemMessage(uow, row.id, "paymentFree");
    },
    waive: async (uow, row) => {
      await appendSystemMessage(uow, row.id, "paymentFree");
    },
    withdraw: async (uow, row) => {
      await appendSystemMessage(uow, row.id, "paymentRequestWithdrawn");
    },
    pay: async (uow, row, { amount = row.amount }) => {
      await appendSystemMessage(uow, row.id, "paymentCompleted", { amount });
      // The requester paid: the provider is told; both read the chat's line.
      await tell(uow, row, "provider", "paymentCompleted", amount);
    },
    refund: async (uow, row, { amount = 0 }) => {
      if (amount > 0) await appendSystemMessage(uow, row.id, "refundCompleted", { amount });
      await tell(uow, row, "requester", "refundCompleted", amount);
    },
    refundPart: async (uow, row, { amount = 0 }) => {
      await appendSystemMessage(uow, row.id, "refundCompleted", { amount });
      await tell(uow, row, "requester", "refundCompleted", amount);
    },
  },
});

export const orders = bindMachine(orderMachine, {
  table: paymentOrder,
  id: paymentOrder.id,
  state: paymentOrder.status,
});

/**
 * A declined refund request tells both sides in the chat and the requester by a notification; a granted one says
 * nothing itself, since the payment's own `refund`/`refundPart` transition in the same unit does.
 */
export const refundRequests = bindMachine<typeof refundRequestMachine, typeof refundRequest, TransitionInput>(
  refundRequestMachine,
  {
    table: refundRequest,
    id: refundRequest.id,
    state: refundRequest.status,
    effects: {
      decline: async (uow, request, { reason = "" }) => {
        const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, request.meetingId));
        await appendSystemMessage(uow, request.meetingId, "refundDeclined", { reason: reason ?? "" });
        await notify(uow, {
          recipientId: request.requesterId,
          type: "refundDeclined",
          params: { reason: reason ?? "" },
          link: row ? meetingChatPath(row) : null,
          dedupeKey: `refundDeclined:${request.id}`,
        });
      },
    },
  },
);
