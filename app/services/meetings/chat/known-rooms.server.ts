import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { meeting } from "#app/db/schema";
import type { Meeting } from "#app/services/meetings/meeting/participants.server";

/** What storing a message needs of its meeting. */
export type ChatRoom = Pick<
  Meeting,
  "id" | "code" | "kind" | "requesterId" | "providerId" | "status" | "providerAnsweredAt"
>;

/** The columns of `ChatRoom`, read when texts arrive. */
const chatRoomColumns = {
  id: meeting.id,
  code: meeting.code,
  kind: meeting.kind,
  requesterId: meeting.requesterId,
  providerId: meeting.providerId,
  status: meeting.status,
  providerAnsweredAt: meeting.providerAnsweredAt,
};

/** How many rooms each process keeps at hand (`chatRooms`), the least recently used dropped first. */
const KNOWN_ROOMS = 5_000;

const knownRooms = new WeakMap<Database, Map<string, ChatRoom>>();

function knownOf(db: Database) {
  let known = knownRooms.get(db);
  if (!known) knownRooms.set(db, (known = new Map()));
  return known;
}

/** Keeps a room at hand, most recently used last, dropping the least recently used past KNOWN_ROOMS. */
function keep(known: Map<string, ChatRoom>, room: ChatRoom) {
  known.delete(room.code);
  known.set(room.code, room);
  for (const code of known.keys()) {
    if (known.size <= KNOWN_ROOMS) break;
    known.delete(code);
  }
}

/**
 * A room a member was just let into (a join's check read its meeting): kept at hand, so that the first texts of the
 * conversation do not read it again.
 */
export function rememberRoom(db: Database, room: ChatRoom) {
  const { id, code, kind, requesterId, providerId, status, providerAnsweredAt } = room;
  keep(knownOf(db), { id, code, kind, requesterId, providerId, status, providerAnsweredAt });
}

/**
 * The rooms named by codes: the ones this process joined or wrote to lately from memory, the others in one read.
 * What a room keeps that can change is safe to read stale: the unit checks the meeting's status again under its
 * lock, and the provider's first answer only ever goes from empty to set (a stale empty one costs an update that
 * finds it set).
 */
export async function chatRooms(db: Database, codes: readonly string[]): Promise<Map<string, ChatRoom>> {
  const known = knownOf(db);
  const found = new Map<string, ChatRoom>();
  const missing: string[] = [];
  for (const code of codes) {
    const room = known.get(code);
    if (!room) {
      missing.push(code);
      continue;
    }
    keep(known, room);
    found.set(code, room);
  }
  if (missing.length > 0) {
    const read = await db
      .select(chatRoomColumns)
      .from(meeting)
      .where(sql`${meeting.code} = any(${sql.param(missing)}::text[])`);
    for (const room of read) {
      found.set(room.code, room);
      keep(known, room);
    }
  }
  return found;
}
