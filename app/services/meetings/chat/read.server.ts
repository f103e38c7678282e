import { forgetStretch } from "./stretch-memo.server";
import { and, asc, desc, eq, gt, inArray, lt, max, sql } from "drizzle-orm";
import { displayName } from "#app/services/members/display-name.server";
import { queryRows, type Database } from "#app/db/client.server";
import {
  meetingMessage,
  meetingRead,
  member,
  type MeetingKind,
  type MeetingMessageKind,
  type MeetingStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { realtimePublisher } from "#app/platform/publisher.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import type { ChatErrorCode } from "./errors";
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE, CHAT_READ_EVENT, meetingRoom } from "./chat.schema";
import { allowedActions, type MeetingAction } from "#app/services/meetings/meeting/meetings.server";
import { messageView, type ChatMessageView, type SystemEvent } from "./messages.server";
import type { MeetingRole } from "#app/services/meetings/meeting/participants.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import type { RequestDetail } from "#app/services/meetings/meeting/request-details";
import { paymentViewOf, type MeetingPaymentView } from "#app/services/payments/room-payment.server";
import { readRequestDetails } from "#app/services/meetings/meeting/request-details.server";
import { positiveId, roomFor, writable } from "./room.server";

const fail = (code: ChatErrorCode) => new DomainError("chat", code);

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
  /** The meeting's payment: the request, the paid order, and what the viewer may do with it (its own resolver). */
  payment: MeetingPaymentView;
}

/**
 * A room's page data for someone entitled to enter it (see `roomFor`): two statements after the room's own (the
 * request's code labels come from the reference cache), and the payment's (see `paymentViewOf`).
 */
export async function loadRoom(
  db: Database,
  clock: Clock,
  actor: Actor,
  code: string,
): Promise<ChatRoomView> {
  const { meeting: subject, role } = await roomFor(db, actor, code);
  const now = clock.now();
  const [people, reads, [request], payment] = await Promise.all([
    db
      .select({ id: member.id, nickname: member.nickname, name: member.name, avatarUrl: member.image })
      .from(member)
      .where(inArray(member.id, [subject.requesterId, subject.providerId])),
    db
      .select({ memberId: meetingRead.memberId, upTo: meetingRead.lastReadMessageId })
      .from(meetingRead)
      .where(eq(meetingRead.meetingId, subject.id)),
    readRequestDetails(db, [subject]),
    paymentViewOf(db, actor, subject, role, now),
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
    actions: allowedActions(subject, role, now),
    payment,
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
    uow.afterCommit(() => {
      forgetStretch(db, subject.id, actor.id);
      realtimePublisher().toRoom(payload.room, CHAT_READ_EVENT, payload);
    });
    return { lastReadMessageId: advanced.upTo };
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
