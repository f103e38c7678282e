import { and, asc, desc, eq, gt, inArray, lt, max, sql } from "drizzle-orm";
import { displayName } from "#app/services/members/display-name.server";
import { queryRows, type Database } from "#app/db/client.server";
import {
  meeting,
  meetingMessage,
  meetingMessageReport,
  meetingRead,
  member,
  type MeetingKind,
  type MeetingMessageKind,
  type MeetingStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { realtimePublisher } from "#app/platform/publisher.server";
import type { FileStorage } from "#app/platform/storage/types";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import { notifyEach } from "#app/services/notifications/notify.server";
import { storeImage, thumbnailPath, type UploadInput } from "#app/services/uploads/uploads.server";
import type { ChatErrorCode } from "./errors";
import {
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  CHAT_READ_EVENT,
  CHAT_REPORT_REASON_MAX,
  chatTextSchema,
  CLIENT_ID_PATTERN,
  hasContactNumber,
  meetingRoom,
} from "./chat.schema";
import {
  allowedActions,
  markProviderAnswered,
  type MeetingAction,
} from "#app/services/meetings/meeting/meetings.server";
import {
  messageView,
  publishMessageAfterCommit,
  type MeetingMessage,
  type ChatMessageView,
  type SystemEvent,
} from "./messages.server";
import {
  MEETING_CODE_PATTERN,
  meetingRoleOf,
  type Meeting,
  type MeetingRole,
} from "#app/services/meetings/meeting/participants.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import type { RequestDetail } from "#app/services/meetings/meeting/request-details";
import { readRequestDetails } from "#app/services/meetings/meeting/request-details.server";

export type { ChatMessageView } from "./messages.server";

const fail = (code: ChatErrorCode) => new DomainError("chat", code);

/** Messages are written while the meeting is open; an ended, cancelled or expired meeting's chat is read-only. */
const writable: ReadonlySet<MeetingStatus> = new Set(["chatting", "reserved"]);

/**
 * The meeting behind a room code, for someone entitled to enter it: one of its two sides, or an acting
 * administrator (two-step verification on) reading it for a dispute. A malformed or unknown code is
 * `room_code_invalid`; anybody else, visitors included, `no_permission`.
 */
async function roomFor(
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

/** Whether the actor may enter (and listen to) a meeting's room: the realtime room rule asks this on every join. */
export async function mayEnterRoom(db: Database, actor: Actor | null, code: string): Promise<boolean> {
  try {
    await roomFor(db, actor, code);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** The meeting behind a room, for the page's actions on it (see `roomFor` for who may ask). */
export async function meetingIdOfRoom(db: Database, actor: Actor, code: string): Promise<number> {
  return (await roomFor(db, actor, code)).meeting.id;
}

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
  subject: Meeting;
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

/**
 * Stores messages of one or many rooms in the caller's unit of work, a statement per step whatever their number:
 * moves each open meeting's last message time (taking its row lock, so a transition closing the chat is seen; a
 * closed meeting's message is refused as read-only), inserts the messages (a resend's client id stores nothing
 * more and answers the message stored before), counts the providers' first answers, notifies each recipient once
 * per stretch of unread chat, and pushes every new message to its room after the commit.
 */
async function storeMessages(uow: UnitOfWork, items: readonly Outgoing[]): Promise<Stored[]> {
  const meetingIds = [...new Set(items.map((item) => item.subject.id))];
  const open = new Set(
    (
      await uow.tx
        .update(meeting)
        .set({ lastMessageAt: uow.now })
        // The rows are locked in id order, so units of several processes writing to the same rooms never wait
        // on each other in a circle.
        .where(
          sql`${meeting.id} in (select m.id from meeting m
            where m.id in (${sql.join(
              meetingIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and m.status in (${sql.join(
              [...writable].map((status) => sql`${status}`),
              sql`, `,
            )})
            order by m.id for update)`,
        )
        .returning({ id: meeting.id })
    ).map((row) => row.id),
  );
  const writing = items.filter((item) => open.has(item.subject.id));
  const added =
    writing.length === 0
      ? []
      : await uow.tx
          .insert(meetingMessage)
          .values(
            writing.map((item) => ({
              meetingId: item.subject.id,
              senderId: item.senderId,
              kind: item.image ? ("image" as const) : ("text" as const),
              body: item.text,
              imageUrl: item.image?.url ?? null,
              imageWidth: item.image?.width ?? null,
              imageHeight: item.image?.height ?? null,
              flagged: item.text !== "" && hasContactNumber(item.text),
              clientId: item.clientId,
              createdAt: uow.now,
            })),
          )
          .onConflictDoNothing()
          .returning();
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
    await markProviderAnswered(
      uow,
      fresh.filter((item) => item.role === "provider").map((item) => item.subject.id),
    );
    const recipientOf = (item: Outgoing) =>
      item.role === "provider" ? item.subject.requesterId : item.subject.providerId;
    const [reads, senders] = [
      await uow.tx
        .select()
        .from(meetingRead)
        .where(inArray(meetingRead.meetingId, [...new Set(fresh.map((item) => item.subject.id))])),
      await uow.tx
        .select({ id: member.id, nickname: member.nickname, name: member.name })
        .from(member)
        .where(inArray(member.id, [...new Set(fresh.map((item) => item.senderId))])),
    ];
    const readUpTo = new Map(reads.map((row) => [`${row.meetingId}:${row.memberId}`, row.lastReadMessageId]));
    const nicknameOf = new Map(senders.map((row) => [row.id, displayName(row)]));
    await notifyEach(
      uow,
      fresh.map((item) => {
        const recipientId = recipientOf(item);
        return {
          recipientId,
          type: "chatMessage" as const,
          actorId: item.senderId,
          params: { nickname: nicknameOf.get(item.senderId) ?? "" },
          link: meetingChatPath(item.subject),
          // One notification per stretch of unread chat: reading the room opens the next stretch.
          dedupeKey: `chatMessage:${item.subject.id}:${readUpTo.get(`${item.subject.id}:${recipientId}`) ?? 0}`,
        };
      }),
    );
    for (const row of added) {
      const item = fresh.find((candidate) => candidate.subject.id === row.meetingId)!;
      publishMessageAfterCommit(uow, item.subject.code, row);
    }
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
    const [stored] = await runInTransaction(db, clock, (uow) =>
      storeMessages(uow, [{ subject, role, senderId: actor.id, clientId: input.clientId, text, image }]),
    );
    if (!stored || "refused" in stored) throw stored?.refused ?? fail("read_only");
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
  const codes = [...new Set(checked.map((item) => item.code))];
  const rooms = new Map(
    (codes.length === 0 ? [] : await db.select().from(meeting).where(inArray(meeting.code, codes))).map(
      (row) => [row.code, row],
    ),
  );
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
    const stored = await runInTransaction(db, clock, (uow) =>
      storeMessages(
        uow,
        outgoing.map((entry) => entry.item),
      ),
    );
    stored.forEach((result, position) => {
      answers[outgoing[position]!.index] = "refused" in result ? result.refused : messageView(result.row);
    });
  }
  return answers.map((answer) => answer ?? fail("read_only"));
}

export interface ChatMember {
  id: string;
  nickname: string;
  avatarUrl: string | null;
}

/** A meeting's room as its page shows it: who is who, where the meeting stands, and what the viewer may do. */
export interface ChatRoomView {
  id: number;
  code: string;
  kind: MeetingKind;
  status: MeetingStatus;
  role: MeetingRole;
  requester: ChatMember;
  provider: ChatMember;
  appointmentAt: string | null;
  place: { name: string; address: string; latitude: number; longitude: number } | null;
  cancelReason: string | null;
  /** What the requester asked for (the request form's answers), shown at the top of the room to both sides. */
  request: RequestDetail[];
  /** Whether the viewer may write (one of the sides, while the meeting is open). */
  canWrite: boolean;
  /** How far the other side has read: the viewer's messages up to it show "read". 0 for administrators. */
  otherReadUpTo: number;
  /** How far the viewer has read (0 for administrators): the page marks the room read past it. */
  readUpTo: number;
  /** What the viewer may do now, as the meeting's resolver says. */
  actions: MeetingAction[];
}

/**
 * A room's page data for someone entitled to enter it (see `roomFor`): two statements after the room's own (the
 * request's code labels come from the reference cache).
 */
export async function loadRoom(
  db: Database,
  clock: Clock,
  actor: Actor,
  code: string,
): Promise<ChatRoomView> {
  const { meeting: subject, role } = await roomFor(db, actor, code);
  const [people, reads, [request]] = await Promise.all([
    db
      .select({ id: member.id, nickname: member.nickname, name: member.name, avatarUrl: member.image })
      .from(member)
      .where(inArray(member.id, [subject.requesterId, subject.providerId])),
    db
      .select({ memberId: meetingRead.memberId, upTo: meetingRead.lastReadMessageId })
      .from(meetingRead)
      .where(eq(meetingRead.meetingId, subject.id)),
    readRequestDetails(db, [subject]),
  ]);
  const person = (id: string): ChatMember => {
    const found = people.find((row) => row.id === id);
    return { id, nickname: displayName(found), avatarUrl: found?.avatarUrl ?? null };
  };
  const otherId =
    role === "provider" ? subject.requesterId : role === "requester" ? subject.providerId : null;
  const hasPlace =
    subject.placeName !== null && subject.placeLatitude !== null && subject.placeLongitude !== null;
  return {
    id: subject.id,
    code: subject.code,
    kind: subject.kind,
    status: subject.status,
    role,
    requester: person(subject.requesterId),
    provider: person(subject.providerId),
    appointmentAt: subject.appointmentAt?.toISOString() ?? null,
    place: hasPlace
      ? {
          name: subject.placeName!,
          address: subject.placeAddress ?? "",
          latitude: subject.placeLatitude!,
          longitude: subject.placeLongitude!,
        }
      : null,
    cancelReason: subject.cancelReason,
    request: request ?? [],
    canWrite: role !== "admin" && writable.has(subject.status),
    otherReadUpTo: reads.find((row) => row.memberId === otherId)?.upTo ?? 0,
    readUpTo: role === "admin" ? 0 : (reads.find((row) => row.memberId === actor.id)?.upTo ?? 0),
    actions: allowedActions(subject, role, clock.now()),
  };
}

export interface HistoryOptions {
  /** Messages older than this one (scrolling back). */
  before?: number | null;
  /** Messages newer than this one (what was missed while the link was down). */
  after?: number | null;
  limit?: number;
}

export interface ChatHistory {
  /** Oldest first. */
  messages: ChatMessageView[];
  /** There are older messages than the first one (only when reading back). */
  hasEarlier: boolean;
  /** There are newer messages than the last one (only when catching up with `after`). */
  hasLater: boolean;
}

const positiveId = (value: number | null | undefined) =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;

/**
 * A page of a room's messages for someone entitled to enter it: the latest ones, those before a message (reading
 * back), or those after one (catching up after a reconnect), oldest first.
 */
export async function readHistory(
  db: Database,
  actor: Actor,
  code: string,
  options: HistoryOptions = {},
): Promise<ChatHistory> {
  const { meeting: subject } = await roomFor(db, actor, code);
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? CHAT_PAGE_SIZE), 1), CHAT_PAGE_MAX);
  const after = positiveId(options.after);
  if (after !== null) {
    const rows = await db
      .select()
      .from(meetingMessage)
      .where(and(eq(meetingMessage.meetingId, subject.id), gt(meetingMessage.id, after)))
      .orderBy(asc(meetingMessage.id))
      .limit(limit + 1);
    return {
      messages: rows.slice(0, limit).map(messageView),
      hasEarlier: false,
      hasLater: rows.length > limit,
    };
  }
  const before = positiveId(options.before);
  const rows = await db
    .select()
    .from(meetingMessage)
    .where(
      and(
        eq(meetingMessage.meetingId, subject.id),
        before === null ? undefined : lt(meetingMessage.id, before),
      ),
    )
    .orderBy(desc(meetingMessage.id))
    .limit(limit + 1);
  return {
    messages: rows.slice(0, limit).reverse().map(messageView),
    hasEarlier: rows.length > limit,
    hasLater: false,
  };
}

/** The payload of `chat:read`: who has read the room up to which message. */
export interface ChatReadPush {
  room: string;
  memberId: string;
  lastReadMessageId: number;
}

/**
 * Marks a room read up to a message (never backwards, never past its latest message), for one of its sides; the
 * other side's page then shows "read" on its messages up to it. An administrator reading leaves no mark.
 */
export async function markRead(
  db: Database,
  clock: Clock,
  actor: Actor,
  code: string,
  messageId: number,
): Promise<{ lastReadMessageId: number }> {
  const { meeting: subject, role } = await roomFor(db, actor, code);
  if (positiveId(messageId) === null) throw fail("message_not_found");
  if (role === "admin") return { lastReadMessageId: 0 };
  return runInTransaction(db, clock, async (uow) => {
    const [latest] = await uow.tx
      .select({ id: max(meetingMessage.id) })
      .from(meetingMessage)
      .where(eq(meetingMessage.meetingId, subject.id));
    const upTo = Math.min(messageId, latest?.id ?? 0);
    const [advanced] = await uow.tx
      .insert(meetingRead)
      .values({ meetingId: subject.id, memberId: actor.id, lastReadMessageId: upTo, updatedAt: uow.now })
      .onConflictDoUpdate({
        target: [meetingRead.meetingId, meetingRead.memberId],
        set: { lastReadMessageId: upTo, updatedAt: uow.now },
        setWhere: lt(meetingRead.lastReadMessageId, upTo),
      })
      .returning({ upTo: meetingRead.lastReadMessageId });
    if (!advanced) {
      const [kept] = await uow.tx
        .select({ upTo: meetingRead.lastReadMessageId })
        .from(meetingRead)
        .where(and(eq(meetingRead.meetingId, subject.id), eq(meetingRead.memberId, actor.id)));
      return { lastReadMessageId: kept?.upTo ?? 0 };
    }
    const payload: ChatReadPush = {
      room: meetingRoom(subject.code),
      memberId: actor.id,
      lastReadMessageId: advanced.upTo,
    };
    uow.afterCommit(() => realtimePublisher().toRoom(payload.room, CHAT_READ_EVENT, payload));
    return { lastReadMessageId: advanced.upTo };
  });
}

/**
 * Reports the other side's message (abuse, fraud, a deal taken outside) with a reason of 1–200 characters, once per
 * message and reporter, for administrators. Only the meeting's two sides can; a message they cannot see is
 * `message_not_found`, their own `report_own`.
 */
export async function reportMessage(
  db: Database,
  clock: Clock,
  actor: Actor,
  messageId: number,
  reason: string,
): Promise<{ id: number }> {
  if (positiveId(messageId) === null) throw fail("message_not_found");
  const [found] = await db
    .select({ message: meetingMessage, requesterId: meeting.requesterId, providerId: meeting.providerId })
    .from(meetingMessage)
    .innerJoin(meeting, eq(meeting.id, meetingMessage.meetingId))
    .where(eq(meetingMessage.id, messageId));
  if (!found || found.message.kind === "system") throw fail("message_not_found");
  const role = meetingRoleOf(actor, found);
  if (role !== "requester" && role !== "provider") throw fail("message_not_found");
  if (found.message.senderId === actor.id) throw fail("report_own");
  const text = reason.trim();
  if (!text) throw fail("reason_required");
  if ([...text].length > CHAT_REPORT_REASON_MAX) throw fail("reason_length");
  return runInTransaction(db, clock, async ({ tx, now }) => {
    const [added] = await tx
      .insert(meetingMessageReport)
      .values({
        messageId,
        meetingId: found.message.meetingId,
        reporterId: actor.id,
        reason: text,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: meetingMessageReport.id });
    if (!added) throw fail("already_reported");
    return added;
  });
}

/** The last message of a conversation, for its preview line. */
interface ConversationPreview {
  kind: MeetingMessageKind;
  /** A text's first characters; empty for images and system lines. */
  text: string;
  event: SystemEvent | null;
  values: Record<string, string | number | null> | null;
  mine: boolean;
}

export interface Conversation {
  code: string;
  kind: MeetingKind;
  status: MeetingStatus;
  role: "requester" | "provider";
  other: ChatMember;
  last: ConversationPreview | null;
  lastMessageAt: string;
  unread: number;
  path: string;
}

const CONVERSATIONS_PAGE_SIZE = 20;
const PREVIEW_LENGTH = 60;

function decodeConversationCursor(cursor: string | null | undefined): { at: string; id: number } | null {
  const position = readCursor(cursor);
  if (!Array.isArray(position) || position.length !== 2) return null;
  const [at, id] = position as unknown[];
  if (typeof at !== "string" || Number.isNaN(Date.parse(at))) return null;
  if (!Number.isSafeInteger(id) || (id as number) <= 0) return null;
  return { at, id: id as number };
}

interface ConversationRow {
  id: number;
  code: string;
  kind: MeetingKind;
  status: MeetingStatus;
  requester_id: string;
  last_message_at: string | Date;
  other_id: string;
  other_nickname: string | null;
  other_avatar: string | null;
  last_kind: MeetingMessageKind | null;
  last_body: string | null;
  last_event: SystemEvent | null;
  last_values: Record<string, string | number | null> | null;
  last_sender: string | null;
  unread: number;
}

/**
 * The member's meeting conversations, of one kind or all, most recently active first, a page at a time (keyset on
 * the last message time and id): the other side, the last message and how many messages wait unread. One statement
 * whatever the page holds. Unread counts the other side's messages and system lines after the member's read mark
 * (the requester's own request line aside).
 */
export async function listConversations(
  db: Database,
  actor: Actor,
  options: { kind?: MeetingKind | null; cursor?: string | null } = {},
): Promise<{ items: Conversation[]; nextCursor: string | null }> {
  const position = decodeConversationCursor(options.cursor);
  const viewer = actor.id;
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select mt.id, mt.code, mt.kind, mt.status, mt.requester_id, mt.last_message_at,
        o.id as other_id, coalesce(o.nickname, o.name) as other_nickname, o.image as other_avatar,
        lm.kind as last_kind, lm.body as last_body, lm.event as last_event, lm.event_values as last_values,
        lm.sender_id as last_sender,
        (select count(*)::int from meeting_message x
          where x.meeting_id = mt.id and x.id > coalesce(r.last_read_message_id, 0)
            and x.sender_id is distinct from ${viewer}
            and not (coalesce(x.event, '') = 'requestOpened' and mt.requester_id = ${viewer})) as unread
      from meeting mt
      join member o on o.id = case when mt.requester_id = ${viewer} then mt.provider_id else mt.requester_id end
      left join meeting_read r on r.meeting_id = mt.id and r.member_id = ${viewer}
      left join lateral (select m.kind, m.body, m.event, m.event_values, m.sender_id from meeting_message m
        where m.meeting_id = mt.id order by m.id desc limit 1) lm on true
      where (mt.requester_id = ${viewer} or mt.provider_id = ${viewer})
        ${options.kind ? sql`and mt.kind = ${options.kind}` : sql``}
        ${
          position
            ? sql`and (mt.last_message_at, mt.id) < (${position.at}::timestamptz, ${position.id})`
            : sql``
        }
      order by mt.last_message_at desc, mt.id desc
      limit ${CONVERSATIONS_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const items = page.map((row): Conversation => {
    const lastMessageAt = new Date(row.last_message_at).toISOString();
    return {
      code: row.code,
      kind: row.kind,
      status: row.status,
      role: row.requester_id === viewer ? "requester" : "provider",
      other: { id: row.other_id, nickname: row.other_nickname ?? "", avatarUrl: row.other_avatar },
      last: row.last_kind
        ? {
            kind: row.last_kind,
            text:
              row.last_kind === "text" ? [...(row.last_body ?? "")].slice(0, PREVIEW_LENGTH).join("") : "",
            event: row.last_event,
            values: row.last_values,
            mine: row.last_sender === viewer,
          }
        : null,
      lastMessageAt,
      unread: row.unread,
      path: meetingChatPath(row),
    };
  });
  const last = page[page.length - 1];
  return {
    items,
    nextCursor:
      rows.length > CONVERSATIONS_PAGE_SIZE && last
        ? encodeCursor([new Date(last.last_message_at).toISOString(), last.id])
        : null,
  };
}
