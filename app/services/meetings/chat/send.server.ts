import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { displayName } from "#app/services/members/display-name.server";
import type { Database } from "#app/db/client.server";
import { meetingMessage, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { FileStorage } from "#app/platform/storage/types";
import { queryRows } from "#app/db/client.server";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { notifyEach } from "#app/services/notifications/notify.server";
import { storeImage, thumbnailPath, type UploadInput } from "#app/services/uploads/uploads.server";
import type { ChatErrorCode } from "./errors";
import { chatTextSchema, CLIENT_ID_PATTERN, hasContactNumber } from "./chat.schema";
import { markProviderAnswered } from "#app/services/meetings/meeting/meetings.server";
import {
  messageView,
  publishMessageAfterCommit,
  type MeetingMessage,
  type ChatMessageView,
} from "./messages.server";
import {
  MEETING_CODE_PATTERN,
  meetingRoleOf,
  type Meeting,
  type MeetingRole,
} from "#app/services/meetings/meeting/participants.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { chatRooms, type ChatRoom } from "./known-rooms.server";
import { roomFor, writable } from "./room.server";
import { rememberStretches, stretchKnownNotified } from "./stretch-memo.server";

const fail = (code: ChatErrorCode) => new DomainError("chat", code);

function assertWritable(role: MeetingRole, subject: Meeting) {
  if (role === "admin") throw fail("admin_read_only");
  if (!writable.has(subject.status)) throw fail("read_only");
}

/** The composer's text, checked by the schema the page checks it with. */
function checkedText(text: string): string {
  const parsed = chatTextSchema.safeParse(text);
  if (parsed.success) return parsed.data;
  throw fail(parsed.error.issues[0]?.message === "chat.error.text_length" ? "text_length" : "text_required");
}

/** A text, or a photo with the words typed beside it (none, or a text by the same rules), as one message. */
export type SendInput = { code: string; clientId: string } & (
  { text: string; image?: undefined } | { image: UploadInput; text?: string }
);

async function sentBefore(source: DatabaseOrUnit, meetingId: number, senderId: string, clientId: string) {
  const [row] = await executor(source)
    .select()
    .from(meetingMessage)
    .where(
      and(
        eq(meetingMessage.meetingId, meetingId),
        eq(meetingMessage.senderId, senderId),
        eq(meetingMessage.clientId, clientId),
      ),
    )
    .limit(1);
  return row;
}

/** One message to store, its room already found and its sender entitled to write there. */
interface Outgoing {
  subject: ChatRoom;
  role: MeetingRole;
  senderId: string;
  clientId: string;
  text: string;
  image: { url: string; width: number; height: number } | null;
}

/** What storing one message came to: the stored row (new, or the one a resend names), or the refusal. */
type Stored = { row: MeetingMessage; created: boolean } | { refused: DomainError };

const sendKey = (meetingId: number, senderId: string | null, clientId: string | null) =>
  `${meetingId}\u0000${senderId ?? ""}\u0000${clientId ?? ""}`;

/** The chat's notification for a stretch of unread messages: one per recipient until they read the room. */
const stretchKey = (meetingId: number, readUpTo: number) => `chatMessage:${meetingId}:${readUpTo}`;

/**
 * Which recipients already hold the notification of their current stretch of unread chat, in one read: the read
 * mark of each (meeting, recipient) and whether the stretch's notification exists. Only the others are notified.
 */
async function stretchesOf(
  uow: UnitOfWork,
  pairs: ReadonlyArray<{ meetingId: number; recipientId: string }>,
) {
  const rows = await queryRows<{
    meeting_id: number;
    recipient_id: string;
    read_up_to: number;
    notified: boolean;
  }>(
    uow.tx,
    sql`select v.meeting_id, v.recipient_id, coalesce(r.last_read_message_id, 0) as read_up_to,
          exists (select 1 from notification n where n.recipient_id = v.recipient_id
            and n.dedupe_key = 'chatMessage:' || v.meeting_id || ':' || coalesce(r.last_read_message_id, 0))
            as notified
        from unnest(${sql.param(pairs.map((pair) => pair.meetingId))}::int[],
          ${sql.param(pairs.map((pair) => pair.recipientId))}::text[]) v (meeting_id, recipient_id)
        left join meeting_read r on r.meeting_id = v.meeting_id and r.member_id = v.recipient_id`,
  );
  return new Map(
    rows.map((row) => [
      `${row.meeting_id}:${row.recipient_id}`,
      { readUpTo: Number(row.read_up_to), notified: row.notified },
    ]),
  );
}

const messageColumns = Object.entries(getTableColumns(meetingMessage));

/**
 * Inserts the messages as one statement whose text does not grow with their number (a column of values per field):
 * only into meetings open for chat, which it share-locks (a transition closing the chat waits for the unit, or the
 * unit sees it closed; units writing to the same rooms never wait on each other), skipping resends. Answers the rows
 * stored, as the query builder would have read them.
 */
async function insertMessages(uow: UnitOfWork, items: readonly Outgoing[]): Promise<MeetingMessage[]> {
  const column = <T>(value: (item: Outgoing) => T) => sql.param(items.map(value));
  const rows = await queryRows<Record<string, unknown>>(
    uow.tx,
    sql`insert into meeting_message (meeting_id, sender_id, kind, body, image_url, image_width, image_height,
          flagged, client_id, created_at)
        select v.*, ${uow.now.toISOString()}::timestamptz
        from unnest(${column((item) => item.subject.id)}::int[], ${column((item) => item.senderId)}::text[],
          ${column((item) => (item.image ? "image" : "text"))}::text[], ${column((item) => item.text)}::text[],
          ${column((item) => item.image?.url ?? null)}::text[],
          ${column((item) => item.image?.width ?? null)}::int[],
          ${column((item) => item.image?.height ?? null)}::int[],
          ${column((item) => item.text !== "" && hasContactNumber(item.text))}::boolean[],
          ${column((item) => item.clientId)}::text[]) v (meeting_id)
        where v.meeting_id in (select id from meeting
          where id = any(${sql.param([...new Set(items.map((item) => item.subject.id))])}::int[])
            and status = any(${sql.param([...writable])}::text[])
          for share)
        on conflict do nothing
        returning *`,
  );
  return rows.map(
    (row) =>
      Object.fromEntries(
        messageColumns.map(([key, field]) => {
          const value = row[field.name];
          return [key, value === null || value === undefined ? null : field.mapFromDriverValue(value)];
        }),
      ) as MeetingMessage,
  );
}

/**
 * Stores messages of one or many rooms in the caller's unit of work, a statement per step whatever their number:
 * inserts the messages into the meetings open for chat (a closed meeting's message is refused as read-only; a
 * resend's client id stores nothing more and answers the message stored before), counts the
 * providers' first answers, notifies each recipient once per stretch of unread chat, and pushes every new message to
 * its room after the commit. The meetings' last message time moves after the commit (`touchConversations`).
 */
async function storeMessages(db: Database, uow: UnitOfWork, items: readonly Outgoing[]): Promise<Stored[]> {
  const added = await insertMessages(uow, items);
  const created = new Map(added.map((row) => [sendKey(row.meetingId, row.senderId, row.clientId), row]));
  // Resends, and messages of a closed meeting that were stored before it closed.
  const others = items.filter((item) => !created.has(sendKey(item.subject.id, item.senderId, item.clientId)));
  const earlier = new Map(
    (others.length === 0
      ? []
      : await uow.tx
          .select()
          .from(meetingMessage)
          .where(
            sql`(${meetingMessage.meetingId}, ${meetingMessage.senderId}, ${meetingMessage.clientId}) in (${sql.join(
              others.map((item) => sql`(${item.subject.id}, ${item.senderId}, ${item.clientId})`),
              sql`, `,
            )})`,
          )
    ).map((row) => [sendKey(row.meetingId, row.senderId, row.clientId), row]),
  );

  const fresh = items.filter((item) => created.has(sendKey(item.subject.id, item.senderId, item.clientId)));
  if (fresh.length > 0) {
    // A meeting whose provider answered before needs nothing more (the time only ever goes from empty to set).
    const firstAnswers = fresh.filter(
      (item) => item.role === "provider" && item.subject.providerAnsweredAt === null,
    );
    await markProviderAnswered(
      uow,
      firstAnswers.map((item) => item.subject.id),
    );
    uow.afterCommit(() => {
      for (const item of firstAnswers) item.subject.providerAnsweredAt ??= uow.now;
    });
    const recipientOf = (item: Outgoing) =>
      item.role === "provider" ? item.subject.requesterId : item.subject.providerId;
    // Recipients known to hold their stretch's notification need no read; the others are read and notified.
    const now = uow.now.getTime();
    const unknown = fresh
      .map((item) => ({ item, meetingId: item.subject.id, recipientId: recipientOf(item) }))
      .filter((pair) => !stretchKnownNotified(db, pair.meetingId, pair.recipientId, now));
    const stretches = unknown.length === 0 ? new Map() : await stretchesOf(uow, unknown);
    const stretchOf = (item: Outgoing) => stretches.get(`${item.subject.id}:${recipientOf(item)}`);
    const unnotified = unknown.map((pair) => pair.item).filter((item) => !stretchOf(item)?.notified);
    uow.afterCommit(() => rememberStretches(db, unknown, now));
    if (unnotified.length > 0) {
      const senders = await uow.tx
        .select({ id: member.id, nickname: member.nickname, name: member.name })
        .from(member)
        .where(inArray(member.id, [...new Set(unnotified.map((item) => item.senderId))]));
      const nicknameOf = new Map(senders.map((row) => [row.id, displayName(row)]));
      await notifyEach(
        uow,
        unnotified.map((item) => ({
          recipientId: recipientOf(item),
          type: "chatMessage" as const,
          actorId: item.senderId,
          params: { nickname: nicknameOf.get(item.senderId) ?? "" },
          link: meetingChatPath(item.subject),
          // One notification per stretch of unread chat: reading the room opens the next stretch.
          dedupeKey: stretchKey(item.subject.id, stretchOf(item)?.readUpTo ?? 0),
        })),
      );
    }
    const codeOf = new Map(fresh.map((item) => [item.subject.id, item.subject.code]));
    for (const row of added) publishMessageAfterCommit(uow, codeOf.get(row.meetingId)!, row);
  }

  return items.map((item): Stored => {
    const key = sendKey(item.subject.id, item.senderId, item.clientId);
    const row = created.get(key);
    if (row) return { row, created: true };
    const before = earlier.get(key);
    if (before) return { row: before, created: false };
    return { refused: fail("read_only") };
  });
}

/**
 * How far apart a room's last message time is moved while its members keep chatting: the conversation list orders
 * by it and shows it to the minute, so a steady conversation costs one write every few seconds, not one per text.
 */
const CONVERSATION_TOUCH_MS = 5_000;

/** The most rooms one unit moves: the others are moved with their next texts, so no unit carries a long write. */
const MAX_TOUCHES = 64;

/** When this process last moved each room's last message time, per database (ms of the app clock). */
const touched = new WeakMap<Database, Map<number, number>>();

/**
 * Moves the last message time of the rooms that just received messages, after their unit committed: a statement of
 * its own, so that units writing to the same rooms only ever share their locks. A room moved less than
 * `CONVERSATION_TOUCH_MS` ago by this process is left as it is; the time never goes back.
 * A room whose texts another unit is writing at that moment is moved with a later text.
 */
async function touchConversations(db: Database, at: Date, meetingIds: readonly number[]) {
  let rooms = touched.get(db);
  if (!rooms) touched.set(db, (rooms = new Map()));
  const now = at.getTime();
  for (const [id, when] of rooms) if (now - when >= CONVERSATION_TOUCH_MS || when > now) rooms.delete(id);
  const due = [...new Set(meetingIds)]
    .filter((id) => !rooms.has(id))
    .slice(0, MAX_TOUCHES)
    .sort((a, b) => a - b);
  if (due.length === 0) return;
  // A room another unit holds (its texts are being written) is skipped rather than waited for: waiting would queue
  // every next unit of those rooms behind this write. It is moved with a later text.
  const moved = await queryRows<{ id: number }>(
    db,
    sql`update meeting set last_message_at = greatest(last_message_at, ${at.toISOString()}::timestamptz)
        where id in (select id from meeting where id = any(${sql.param(due)}::int[])
          order by id for no key update skip locked)
        returning id`,
  );
  for (const { id } of moved) rooms.set(Number(id), now);
}

/**
 * Sends a text (1–1000 characters) or an image (re-encoded by the upload service, metadata removed) with the words
 * typed beside it, if any, to a meeting's chat, as one of its two sides while it is open. The answer is the stored message: the sending page's
 * acknowledgement. The browser's `clientId` makes a resend (after a lost answer) store nothing more and answer the
 * same message. A text that looks like a phone or account number is flagged. The provider's message counts as their
 * answer; the other side is notified once while they have not read the chat since.
 */
export async function sendMessage(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: SendInput,
  storage?: FileStorage,
): Promise<ChatMessageView> {
  if (typeof input.clientId !== "string" || !CLIENT_ID_PATTERN.test(input.clientId))
    throw fail("client_id_invalid");
  const text = input.image
    ? (input.text ?? "").trim() === ""
      ? ""
      : checkedText(input.text ?? "")
    : checkedText(input.text);
  const { meeting: subject, role } = await roomFor(db, actor, input.code);
  assertWritable(role, subject);
  const earlier = await sentBefore(db, subject.id, actor.id, input.clientId);
  if (earlier) return messageView(earlier);

  let image: Awaited<ReturnType<typeof storeImage>> | null = null;
  if (input.image) {
    if (!storage) throw new Error("Chat images need the file storage");
    image = await storeImage(storage, input.image.body, {
      kind: "post",
      declaredType: input.image.declaredType,
      clock,
    });
  }
  const removeImage = async () => {
    if (image && storage)
      await Promise.allSettled([storage.delete(image.key), storage.delete(thumbnailPath(image.key))]);
  };
  try {
    const {
      stored: [stored],
      at,
    } = await runInTransaction(db, clock, async (uow) => ({
      stored: await storeMessages(db, uow, [
        { subject, role, senderId: actor.id, clientId: input.clientId, text, image },
      ]),
      at: uow.now,
    }));
    if (!stored || "refused" in stored) throw stored?.refused ?? fail("read_only");
    if (stored.created) await touchConversations(db, at, [subject.id]);
    if (!stored.created) await removeImage();
    return messageView(stored.row);
  } catch (error) {
    await removeImage();
    throw error;
  }
}

/** A text for the chat, as the realtime link carries it. */
export interface TextSend {
  actor: Actor;
  code: unknown;
  clientId: unknown;
  text: unknown;
}

/**
 * Sends texts of many members to many rooms at once, each by the rules of `sendMessage`: one lookup of the rooms,
 * then one unit of work for all of them. Answers each send's stored message or its refusal, in order; a fault of
 * the unit itself (not a refusal) rejects the whole batch.
 */
export async function sendTexts(
  db: Database,
  clock: Clock,
  sends: readonly TextSend[],
): Promise<Array<ChatMessageView | DomainError>> {
  const answers: Array<ChatMessageView | DomainError | undefined> = sends.map(() => undefined);
  const checked: Array<{ index: number; send: TextSend; code: string; clientId: string; text: string }> = [];
  sends.forEach((send, index) => {
    try {
      if (typeof send.clientId !== "string" || !CLIENT_ID_PATTERN.test(send.clientId))
        throw fail("client_id_invalid");
      const text = checkedText(typeof send.text === "string" ? send.text : "");
      if (typeof send.code !== "string" || !MEETING_CODE_PATTERN.test(send.code))
        throw fail("room_code_invalid");
      checked.push({ index, send, code: send.code, clientId: send.clientId, text });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      answers[index] = error;
    }
  });
  const rooms = await chatRooms(db, [...new Set(checked.map((item) => item.code))]);
  const outgoing: Array<{ index: number; item: Outgoing }> = [];
  for (const { index, send, code, clientId, text } of checked) {
    const subject = rooms.get(code);
    const role = subject ? meetingRoleOf(send.actor, subject) : null;
    if (!subject) answers[index] = fail("room_code_invalid");
    else if (!role) answers[index] = fail("no_permission");
    else if (role === "admin") answers[index] = fail("admin_read_only");
    else
      outgoing.push({ index, item: { subject, role, senderId: send.actor.id, clientId, text, image: null } });
  }
  if (outgoing.length > 0) {
    const { stored, at } = await runInTransaction(db, clock, async (uow) => ({
      stored: await storeMessages(
        db,
        uow,
        outgoing.map((entry) => entry.item),
      ),
      at: uow.now,
    }));
    stored.forEach((result, position) => {
      answers[outgoing[position]!.index] = "refused" in result ? result.refused : messageView(result.row);
    });
    await touchConversations(
      db,
      at,
      stored.flatMap((result, position) =>
        "row" in result && result.created ? [outgoing[position]!.item.subject.id] : [],
      ),
    );
  }
  return answers.map((answer) => answer ?? fail("read_only"));
}
