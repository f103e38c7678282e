import { and, eq, inArray, isNull } from "drizzle-orm";
import { memberName } from "#app/services/members/display-name.server";
import { z } from "zod";
import { meeting } from "#app/db/schema";
import { cancelJobs, defineJob, scheduleJob } from "#app/platform/jobs.server";
import { DAY_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { notify } from "#app/services/notifications/notify.server";
import { REMINDER_MINUTES, type ReminderMinutes } from "./meeting-actions";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import type { Meeting } from "./participants.server";
import { meetingChatPath } from "./paths";

/** A request the provider has not answered expires this long after it was made. */
export const MEETING_EXPIRY_MS = 7 * DAY_MS;

export const reminderKey = (meetingId: number, minutes: ReminderMinutes) =>
  `meeting.reminder:${meetingId}:${minutes}`;
export const expiryKey = (meetingId: number) => `meeting.expire:${meetingId}`;

async function lockedMeeting(uow: UnitOfWork, meetingId: number): Promise<Meeting | undefined> {
  const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId)).for("update");
  return row;
}

/**
 * A reminder before the appointment: both sides notified, and a line in the chat. It does nothing when the meeting
 * is no longer being arranged or its appointment has already begun (a worker that ran late), and its notifications
 * are keyed by the appointment, so a rerun is harmless.
 */
export const meetingReminderJob = defineJob("meeting.reminder", {
  payload: z.object({
    meetingId: z.number().int().positive(),
    minutes: z.union([z.literal(60), z.literal(30)]),
  }),
  handle: async ({ meetingId, minutes }, { uow }) => {
    const row = await lockedMeeting(uow, meetingId);
    if (!row || (row.status !== "chatting" && row.status !== "reserved")) return;
    const at = row.appointmentAt;
    if (!at || at.getTime() <= uow.now.getTime()) return;
    await appendSystemMessage(uow, meetingId, minutes === 60 ? "reminder60" : "reminder30", { minutes });
    const sides = [
      { to: row.requesterId, other: row.providerId },
      { to: row.providerId, other: row.requesterId },
    ];
    for (const side of sides) {
      await notify(uow, {
        recipientId: side.to,
        type: "meetingReminder",
        params: { nickname: await memberName(uow.tx, side.other), minutes },
        link: meetingChatPath(row),
        dedupeKey: `meetingReminder:${meetingId}:${minutes}:${at.toISOString()}`,
      });
    }
  },
});

/**
 * Puts the reminders where the appointment now is: each one whose time is still ahead is scheduled (moved when it
 * exists), and one whose time has already passed is cancelled. Nothing is scheduled without an appointment.
 */
export async function scheduleReminders(uow: UnitOfWork, subject: Meeting): Promise<void> {
  for (const minutes of REMINDER_MINUTES) {
    const key = reminderKey(subject.id, minutes);
    const at = subject.appointmentAt;
    const runAt = at ? new Date(at.getTime() - minutes * MINUTE_MS) : null;
    if (!runAt || runAt.getTime() <= uow.now.getTime()) {
      await cancelJobs(uow, key);
      continue;
    }
    await scheduleJob(uow, meetingReminderJob, { meetingId: subject.id, minutes }, { key, runAt });
  }
}

export async function cancelReminders(uow: UnitOfWork, meetingId: number): Promise<void> {
  for (const minutes of REMINDER_MINUTES) await cancelJobs(uow, reminderKey(meetingId, minutes));
}

export async function cancelExpiry(uow: UnitOfWork, meetingIds: number | readonly number[]): Promise<void> {
  await cancelJobs(uow, (typeof meetingIds === "number" ? [meetingIds] : meetingIds).map(expiryKey));
}

/**
 * Records the provider's first answer (a chat message or an action): it counts for the response rate and stops the
 * request from expiring. Later calls change nothing. Takes one meeting or several (a batch of chat messages).
 */
export async function markProviderAnswered(
  uow: UnitOfWork,
  meetingIds: number | readonly number[],
): Promise<void> {
  const ids = typeof meetingIds === "number" ? [meetingIds] : [...new Set(meetingIds)];
  if (ids.length === 0) return;
  const first = await uow.tx
    .update(meeting)
    .set({ providerAnsweredAt: uow.now })
    .where(and(inArray(meeting.id, ids), isNull(meeting.providerAnsweredAt)))
    .returning({ id: meeting.id });
  if (first.length > 0)
    await cancelExpiry(
      uow,
      first.map((row) => row.id),
    );
}
