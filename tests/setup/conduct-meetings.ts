import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { meeting, type MeetingKind, type MeetingStatus } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { createMeeting } from "#app/services/meetings/meeting/meetings.server";

/**
 * A meeting between two members, opened as a request opens one and then put in `status` directly (the meeting
 * machine's own tests take it there through its transitions), with an appointment and an end where given.
 */
export async function insertMeeting(
  db: Database,
  clock: Clock,
  sides: { requesterId: string; providerId: string },
  options: {
    status?: MeetingStatus;
    appointmentAt?: Date | null;
    endedAt?: Date | null;
    kind?: MeetingKind;
  } = {},
): Promise<number> {
  const created = await runInTransaction(db, clock, (uow) =>
    createMeeting(uow, {
      kind: options.kind ?? "repair",
      requesterId: sides.requesterId,
      providerId: sides.providerId,
      skillId: null,
      request: {},
      wishAt: null,
      memo: "",
      requestAreaName: null,
      requestLatitude: null,
      requestLongitude: null,
    }),
  );
  await db
    .update(meeting)
    .set({
      status: options.status ?? "chatting",
      appointmentAt: options.appointmentAt ?? null,
      endedAt: options.endedAt ?? (options.status === "ended" ? clock.now() : null),
    })
    .where(eq(meeting.id, created.id));
  return created.id;
}
