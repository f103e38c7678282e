import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { meeting, type MeetingStatus } from "#app/db/schema";
import { batchPerTurn } from "#app/platform/batch-per-turn";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import {
  MEETING_CODE_PATTERN,
  meetingRoleOf,
  type Meeting,
  type MeetingRole,
} from "#app/services/meetings/meeting/participants.server";
import type { ChatErrorCode } from "./errors";
import { rememberRoom } from "./known-rooms.server";

/**
 * A meeting's chat room, and who may enter it. The rest of the chat sits beside this file: `send.server.ts` stores
 * the sides' messages (the realtime link's texts through `chat-sender.server.ts`, both paced by
 * `chat-pace.server.ts`), `messages.server.ts` writes the system lines and shapes a message for pages and the room,
 * `read.server.ts` serves the room's page, its history, read marks and the member's conversation list, and
 * `reports.server.ts` takes a side's report of a message and the administrators' decision on it.
 */

const fail = (code: ChatErrorCode) => new DomainError("chat", code);

/** Messages are written while the meeting is open; an ended, cancelled or expired meeting's chat is read-only. */
export const writable: ReadonlySet<MeetingStatus> = new Set(["chatting", "reserved"]);

/**
 * The meeting behind a room code, for someone entitled to enter it: one of its two sides, or an acting
 * administrator (two-step verification on) reading it for a dispute. A malformed or unknown code is
 * `room_code_invalid`; anybody else, visitors included, `no_permission`.
 */
export async function roomFor(
  source: DatabaseOrUnit,
  actor: Actor | null,
  code: string,
): Promise<{ meeting: Meeting; role: MeetingRole }> {
  if (typeof code !== "string" || !MEETING_CODE_PATTERN.test(code)) throw fail("room_code_invalid");
  const [row] = await executor(source).select().from(meeting).where(eq(meeting.code, code)).limit(1);
  if (!row) throw fail("room_code_invalid");
  const role = actor ? meetingRoleOf(actor, row) : null;
  if (!role) throw fail("no_permission");
  return { meeting: row, role };
}

/** The meetings of rooms joined in one turn of the event loop, per database, read in one statement. */
const joinReaders = new WeakMap<Database, (code: string) => Promise<Meeting | null>>();

function meetingOfJoin(db: Database, code: string) {
  let reader = joinReaders.get(db);
  if (!reader) {
    reader = batchPerTurn(async (codes: string[]) => {
      const rows = await db
        .select()
        .from(meeting)
        .where(sql`${meeting.code} = any(${sql.param(codes)}::text[])`);
      return new Map(rows.map((row) => [row.code, row]));
    }, null);
    joinReaders.set(db, reader);
  }
  return reader(code);
}

/**
 * Whether the actor may enter (and listen to) a meeting's room, by `roomFor`'s rule: the realtime room rule asks
 * this on every join. Joins asked in the same turn (a restart's reconnections, a conversations page) share one read,
 * and a room let into is kept at hand for its first texts.
 */
export async function mayEnterRoom(db: Database, actor: Actor | null, code: string): Promise<boolean> {
  if (!actor || typeof code !== "string" || !MEETING_CODE_PATTERN.test(code)) return false;
  const row = await meetingOfJoin(db, code);
  if (!row || !meetingRoleOf(actor, row)) return false;
  rememberRoom(db, row);
  return true;
}

/** The meeting behind a room, for the page's actions on it (see `roomFor` for who may ask). */
export async function meetingIdOfRoom(db: Database, actor: Actor, code: string): Promise<number> {
  return (await roomFor(db, actor, code)).meeting.id;
}

/** A message id as a page sends it: a positive safe integer, or null. */
export const positiveId = (value: number | null | undefined) =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
