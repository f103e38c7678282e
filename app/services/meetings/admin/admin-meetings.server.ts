import { and, asc, desc, eq, ilike, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import {
  meeting,
  meetingMessage,
  member,
  noShowReport,
  transitionLog,
  type MeetingKind,
  type MeetingStatus,
  type NoShowStatus,
} from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import { meetingMachine } from "#app/services/meetings/meeting/meeting-machine";

/**
 * The administrators' view of meetings, for disputes: a search by a side's nickname and by state, and one meeting's
 * whole record (its chat as the sides saw it, read only; its transitions; its no-show reports). Acting
 * administrators only; everybody else is refused with `conduct.forbidden`. The queue of reported chat messages is
 * the chat's (`chat/reports.server.ts`), the review of no-show reports conduct's (`conduct/no-shows.server.ts`).
 */

const refused = () => new DomainError("conduct", "forbidden");

const requester = alias(member, "requester");
const provider = alias(member, "provider");

export interface AdminMeetingRow {
  id: number;
  kind: MeetingKind;
  status: MeetingStatus;
  requesterNickname: string | null;
  providerNickname: string | null;
  appointmentAt: Date | null;
  createdAt: Date;
  lastMessageAt: Date;
}

export interface MeetingSearch {
  /** Part of the requester's or the provider's nickname. */
  nickname?: string | null;
  status?: MeetingStatus | null;
  cursor?: string | null;
}

const ADMIN_MEETINGS_PAGE_SIZE = 30;
const NICKNAME_QUERY_MAX = 30;

export function isMeetingStatus(value: unknown): value is MeetingStatus {
  return typeof value === "string" && (meetingMachine.states as readonly string[]).includes(value);
}

/** `%term%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function cursorId(cursor: string | null | undefined): number | null {
  const position = readCursor(cursor);
  return Number.isSafeInteger(position) && (position as number) > 0 ? (position as number) : null;
}

/** Meetings, newest first, filtered by a side's nickname and by state, a page at a time. */
export async function searchMeetings(
  db: Database,
  actor: Actor,
  search: MeetingSearch = {},
): Promise<{ items: AdminMeetingRow[]; nextCursor: string | null }> {
  requirePermission(actor, "moderate:content", refused);
  const term = [...(search.nickname ?? "").trim()].slice(0, NICKNAME_QUERY_MAX).join("");
  const before = cursorId(search.cursor);
  const conditions: (SQL | undefined)[] = [
    term
      ? or(ilike(requester.nickname, containing(term)), ilike(provider.nickname, containing(term)))
      : undefined,
    search.status ? eq(meeting.status, search.status) : undefined,
    before === null ? undefined : lt(meeting.id, before),
  ];
  const rows = await db
    .select({
      id: meeting.id,
      kind: meeting.kind,
      status: meeting.status,
      requesterNickname: requester.nickname,
      providerNickname: provider.nickname,
      appointmentAt: meeting.appointmentAt,
      createdAt: meeting.createdAt,
      lastMessageAt: meeting.lastMessageAt,
    })
    .from(meeting)
    .leftJoin(requester, eq(requester.id, meeting.requesterId))
    .leftJoin(provider, eq(provider.id, meeting.providerId))
    .where(and(...conditions))
    .orderBy(desc(meeting.id))
    .limit(ADMIN_MEETINGS_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_MEETINGS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rows.length > ADMIN_MEETINGS_PAGE_SIZE && last ? encodeCursor(last.id) : null,
  };
}

interface AdminChatLine {
  id: number;
  kind: "text" | "image" | "system";
  senderId: string | null;
  senderNickname: string | null;
  body: string;
  imageUrl: string | null;
  event: string | null;
  eventValues: Record<string, string | number | null> | null;
  flagged: boolean;
  createdAt: Date;
}

export interface AdminMeetingRecord {
  meeting: AdminMeetingRow & {
    requesterId: string;
    providerId: string;
    memo: string;
    placeName: string | null;
    placeAddress: string | null;
    cancelReason: string | null;
    endedAt: Date | null;
  };
  chat: AdminChatLine[];
  log: {
    id: number;
    from: string;
    to: string;
    transition: string;
    actorKind: string;
    actorNickname: string | null;
    reason: string | null;
    createdAt: Date;
  }[];
  reports: { id: number; reporterId: string; status: NoShowStatus; content: string; createdAt: Date }[];
}

/** The most chat lines a record shows: a dispute is read from the start; longer chats are cut at the end. */
const CHAT_LINES_MAX = 2000;

/**
 * One meeting's record for a dispute, or `meeting.not_found`. Reading a private chat is itself an administrator's
 * act: each opening of a record is on the audit log.
 */
export async function meetingRecord(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  from?: ActingFrom,
): Promise<AdminMeetingRecord> {
  requirePermission(actor, "moderate:content", refused);
  const [found] = await db
    .select({
      id: meeting.id,
      kind: meeting.kind,
      status: meeting.status,
      requesterId: meeting.requesterId,
      providerId: meeting.providerId,
      requesterNickname: requester.nickname,
      providerNickname: provider.nickname,
      appointmentAt: meeting.appointmentAt,
      createdAt: meeting.createdAt,
      lastMessageAt: meeting.lastMessageAt,
      memo: meeting.memo,
      placeName: meeting.placeName,
      placeAddress: meeting.placeAddress,
      cancelReason: meeting.cancelReason,
      endedAt: meeting.endedAt,
    })
    .from(meeting)
    .leftJoin(requester, eq(requester.id, meeting.requesterId))
    .leftJoin(provider, eq(provider.id, meeting.providerId))
    .where(eq(meeting.id, meetingId));
  if (!found) throw new DomainError("meeting", "not_found");
  const sender = alias(member, "sender");
  const chat = await db
    .select({
      id: meetingMessage.id,
      kind: meetingMessage.kind,
      senderId: meetingMessage.senderId,
      senderNickname: sender.nickname,
      body: meetingMessage.body,
      imageUrl: meetingMessage.imageUrl,
      event: meetingMessage.event,
      eventValues: meetingMessage.eventValues,
      flagged: meetingMessage.flagged,
      createdAt: meetingMessage.createdAt,
    })
    .from(meetingMessage)
    .leftJoin(sender, eq(sender.id, meetingMessage.senderId))
    .where(eq(meetingMessage.meetingId, meetingId))
    .orderBy(asc(meetingMessage.id))
    .limit(CHAT_LINES_MAX);
  const actorMember = alias(member, "actor");
  const log = await db
    .select({
      id: transitionLog.id,
      from: transitionLog.fromState,
      to: transitionLog.toState,
      transition: transitionLog.transition,
      actorKind: transitionLog.actorKind,
      actorNickname: actorMember.nickname,
      reason: transitionLog.reason,
      createdAt: transitionLog.createdAt,
    })
    .from(transitionLog)
    .leftJoin(actorMember, eq(actorMember.id, transitionLog.actorId))
    .where(
      and(eq(transitionLog.machine, meetingMachine.name), eq(transitionLog.subjectId, String(meetingId))),
    )
    .orderBy(asc(transitionLog.id));
  const reports = await db
    .select({
      id: noShowReport.id,
      reporterId: noShowReport.reporterId,
      status: noShowReport.status,
      content: noShowReport.content,
      createdAt: noShowReport.createdAt,
    })
    .from(noShowReport)
    .where(eq(noShowReport.meetingId, meetingId))
    .orderBy(asc(noShowReport.id));
  await runInTransaction(db, clock, (uow) =>
    recordAdminAct(
      uow,
      actor,
      {
        action: "meeting.record.read",
        subject: { kind: "meeting", id: meetingId },
        after: { chatLines: chat.length },
      },
      from,
    ),
  );
  return { meeting: found, chat, log, reports };
}
