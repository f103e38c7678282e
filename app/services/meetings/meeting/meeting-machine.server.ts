import { eq } from "drizzle-orm";
import { memberName } from "#app/services/members/display-name.server";
import { z } from "zod";
import { meeting } from "#app/db/schema";
import { defineJob, scheduleJob } from "#app/platform/jobs.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { notify } from "#app/services/notifications/notify.server";
import type { RoleOf } from "#app/services/state-machine";
import {
  applyTransition,
  bindMachine,
  type TransitionActor,
  type TransitionInput,
} from "#app/services/state-machine.server";
import { closeMeetingInspection } from "#app/services/inspection/inspection-machine.server";
import { onMeetingCancelled, onMeetingEnded } from "#app/services/payments/refunds.server";
import { meetingMachine } from "./meeting-machine";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import type { Meeting } from "./participants.server";
import { meetingChatPath, meetingFeedbackPath } from "./paths";
import {
  cancelExpiry,
  cancelReminders,
  expiryKey,
  markProviderAnswered,
  MEETING_EXPIRY_MS,
  scheduleReminders,
} from "./schedule.server";

/**
 * What a meeting's notifications are about, to fold their repeats (ADR 049): the skill it was asked through, so that
 * a request sent, cancelled and sent again reads as one line to the expert, though each meeting has its own room.
 */
export const meetingSubject = (row: Pick<Meeting, "kind" | "skillId">) =>
  `meetings:${row.kind}:${row.skillId ?? 0}`;

export type MeetingActor = TransitionActor<RoleOf<typeof meetingMachine>>;

/** What a meeting's transition is given: who takes it (its effects tell the other side), and the cancel's reason. */
export interface MeetingInput extends TransitionInput {
  by: MeetingActor;
}

/** Stamps the change (and what the transition sets besides) on the meeting; the row as it now is. */
async function touch(uow: UnitOfWork, meetingId: number, values: Partial<Meeting> = {}) {
  const [row] = await uow.tx
    .update(meeting)
    .set({ ...values, updatedAt: uow.now })
    .where(eq(meeting.id, meetingId))
    .returning();
  return row!;
}

/** The provider's actions count as an answer. */
async function answeredBy(uow: UnitOfWork, by: MeetingActor, meetingId: number) {
  if (by.role === "provider") await markProviderAnswered(uow, meetingId);
}

/**
 * Tells the members of a meeting what happened to it: the other side of the member who did it, both sides when an
 * administrator or the system did.
 */
async function notifySides(
  uow: UnitOfWork,
  by: MeetingActor,
  row: Meeting,
  type: "meetingReserved" | "meetingCancelled" | "meetingEnded",
  link: string,
) {
  const sides = [
    { to: row.requesterId, other: row.providerId },
    { to: row.providerId, other: row.requesterId },
  ].filter((side) => side.to !== by.id);
  for (const side of sides) {
    await notify(uow, {
      recipientId: side.to,
      type,
      actorId: by.id,
      params: { nickname: await memberName(uow.tx, side.other) },
      link,
      dedupeKey: `${type}:${row.id}`,
      subject: meetingSubject(row),
    });
  }
}

/**
 * The meeting machine bound to `meeting.status`, with each transition's effects: the chat's system line, the
 * notifications, and the jobs scheduled or cancelled. Whoever takes a transition (a side through the meeting
 * service, an administrator, the system from a job) gets the same effects, in the same unit of work.
 */
export const meetings = bindMachine<typeof meetingMachine, typeof meeting, MeetingInput>(meetingMachine, {
  table: meeting,
  id: meeting.id,
  state: meeting.status,
  effects: {
    reserve: async (uow, row, { by }) => {
      const updated = await touch(uow, row.id);
      await answeredBy(uow, by, row.id);
      await appendSystemMessage(uow, row.id, "reservationConfirmed", {
        at: updated.appointmentAt?.toISOString() ?? null,
      });
      await notifySides(uow, by, updated, "meetingReserved", meetingChatPath(updated));
      await scheduleReminders(uow, updated);
    },
    cancel: async (uow, row, { by, reason }) => {
      const updated = await touch(uow, row.id, { cancelReason: reason ?? null });
      await answeredBy(uow, by, row.id);
      await appendSystemMessage(uow, row.id, "reservationCancelled", { reason: reason ?? null, by: by.role });
      await notifySides(uow, by, updated, "meetingCancelled", meetingChatPath(updated));
      await cancelReminders(uow, row.id);
      await cancelExpiry(uow, row.id);
      await onMeetingCancelled(uow, updated, reason ?? null);
      await closeMeetingInspection(uow, row.id);
    },
    end: async (uow, row, { by }) => {
      const updated = await touch(uow, row.id, { endedAt: uow.now });
      await answeredBy(uow, by, row.id);
      await appendSystemMessage(uow, row.id, "meetingEnded");
      await notifySides(uow, by, updated, "meetingEnded", meetingFeedbackPath(row.id));
      await cancelReminders(uow, row.id);
      await cancelExpiry(uow, row.id);
      await onMeetingEnded(uow, updated);
    },
    expire: async (uow, row) => {
      const updated = await touch(uow, row.id);
      await onMeetingCancelled(uow, updated, null);
      await closeMeetingInspection(uow, row.id);
      await cancelReminders(uow, row.id);
      await appendSystemMessage(uow, row.id, "meetingExpired");
      await notify(uow, {
        recipientId: row.requesterId,
        type: "meetingExpired",
        params: { nickname: await memberName(uow.tx, row.providerId) },
        link: meetingChatPath(row),
        dedupeKey: `meetingExpired:${row.id}`,
      });
    },
  },
});

const SYSTEM: MeetingActor = { role: "system", id: null };

/**
 * Seven days after a request: if the provider never answered and it is still chatting, the system expires it (the
 * machine's `expire`, with its effects). Otherwise nothing.
 */
export const meetingExpiryJob = defineJob("meeting.expire", {
  payload: z.object({ meetingId: z.number().int().positive() }),
  handle: async ({ meetingId }, { uow }) => {
    const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
    if (!row || row.status !== "chatting" || row.providerAnsweredAt) return;
    await applyTransition(uow, meetings, meetingId, "expire", SYSTEM, { by: SYSTEM });
  },
});

export async function scheduleExpiry(uow: UnitOfWork, subject: Meeting): Promise<void> {
  await scheduleJob(
    uow,
    meetingExpiryJob,
    { meetingId: subject.id },
    { key: expiryKey(subject.id), runAt: new Date(subject.createdAt.getTime() + MEETING_EXPIRY_MS) },
  );
}
