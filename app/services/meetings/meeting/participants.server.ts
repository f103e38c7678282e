import { eq } from "drizzle-orm";
import { meeting } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { can } from "#app/services/permissions";
import { DomainError } from "#app/services/errors";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";

export type Meeting = typeof meeting.$inferSelect;

/** What the viewer is to a meeting: one of its two sides, or an administrator reading it for a dispute. */
export type MeetingRole = "requester" | "provider" | "admin";

/** The viewer's role in a meeting, or null when they are neither side nor an administrator. */
export function meetingRoleOf(
  actor: Actor,
  subject: Pick<Meeting, "requesterId" | "providerId">,
): MeetingRole | null {
  if (actor.id === subject.providerId) return "provider";
  if (actor.id === subject.requesterId) return "requester";
  if (can(actor, "moderate:content")) return "admin";
  return null;
}

/** A room code as the meetings write them: 16 to 40 URL-safe characters. */
export const MEETING_CODE_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;

/**
 * One meeting for someone entitled to it, by id or by its room code: refused with `meeting.not_found` when there is
 * none (or the code is malformed) and `meeting.not_participant` for anyone who is not a side or an administrator.
 */
export async function meetingForActor(
  source: DatabaseOrUnit,
  actor: Actor,
  by: { id: number } | { code: string },
): Promise<{ meeting: Meeting; role: MeetingRole }> {
  if ("code" in by && !MEETING_CODE_PATTERN.test(by.code)) throw new DomainError("meeting", "not_found");
  const condition = "code" in by ? eq(meeting.code, by.code) : eq(meeting.id, by.id);
  const [row] = await executor(source).select().from(meeting).where(condition).limit(1);
  if (!row) throw new DomainError("meeting", "not_found");
  const role = meetingRoleOf(actor, row);
  if (!role) throw new DomainError("meeting", "not_participant");
  return { meeting: row, role };
}
