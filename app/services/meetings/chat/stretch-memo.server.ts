import { isEmbedded, type Database } from "#app/db/client.server";

/**
 * How long a process trusts that a recipient already holds the notification of their current stretch of unread chat
 * without reading it again, on a database other processes share: between `STRETCH_MEMO_MS` and twice that, each pair
 * its own, so pairs learned in the same second (a thousand conversations starting together) are not all read again in
 * the same second later. Reading the room through this process forgets it at once; a read through another process is
 * seen within this time, so a new stretch's notification comes at most this late. On the embedded database every read
 * goes through this process: what it learned holds until the member reads the room.
 */
const STRETCH_MEMO_MS = 10_000;

/** The most (room, recipient) pairs remembered, the oldest dropped first. */
const MAX_REMEMBERED = 20_000;

/** `meetingId:recipientId` → when (ms of the app clock) the stretch was known notified and until when that holds. */
const memos = new WeakMap<Database, Map<string, { at: number; until: number }>>();

function memoOf(db: Database) {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  return memo;
}

const keyOf = (meetingId: number, recipientId: string) => `${meetingId}:${recipientId}`;

/** Whether the recipient was known, lately, to hold the notification of their current stretch in this room. */
export function stretchKnownNotified(db: Database, meetingId: number, recipientId: string, now: number) {
  const known = memoOf(db).get(keyOf(meetingId, recipientId));
  return known !== undefined && known.at <= now && now < known.until;
}

/** Remembers that these recipients hold their current stretch's notification (after the unit that made sure). */
export function rememberStretches(
  db: Database,
  pairs: ReadonlyArray<{ meetingId: number; recipientId: string }>,
  now: number,
) {
  const memo = memoOf(db);
  const embedded = isEmbedded(db);
  for (const { meetingId, recipientId } of pairs) {
    const key = keyOf(meetingId, recipientId);
    memo.delete(key);
    memo.set(key, { at: now, until: embedded ? Infinity : now + STRETCH_MEMO_MS * (1 + Math.random()) });
  }
  for (const key of memo.keys()) {
    if (memo.size <= MAX_REMEMBERED) break;
    memo.delete(key);
  }
}

/** The member read the room: their next stretch starts, and its notification is due with the next text. */
export function forgetStretch(db: Database, meetingId: number, memberId: string) {
  memos.get(db)?.delete(keyOf(meetingId, memberId));
}
