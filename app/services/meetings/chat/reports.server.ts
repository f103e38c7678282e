import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import { meeting, meetingMessage, meetingMessageReport, member, type MeetingKind } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import type { ChatErrorCode } from "./errors";
import { CHAT_REPORT_REASON_MAX } from "./chat.schema";
import { meetingRoleOf } from "#app/services/meetings/meeting/participants.server";
import { positiveId } from "./room.server";
import { recomputeMessageSender } from "#app/services/reputation/reputation.server";

/**
 * Reports of chat messages: a side of the meeting reports the other's message, and an acting administrator closes
 * the report from the queue of open ones.
 */

const fail = (code: ChatErrorCode) => new DomainError("chat", code);
const refused = () => new DomainError("conduct", "forbidden");

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

/** A participant's report of a chat message, as the administrators' queue shows it. */
export interface MessageReportRow {
  id: number;
  meetingId: number;
  kind: MeetingKind;
  body: string | null;
  imageUrl: string | null;
  senderNickname: string | null;
  reporterNickname: string | null;
  reason: string;
  createdAt: Date;
}

const MESSAGE_REPORTS_PAGE_SIZE = 50;

/** The open reports of chat messages, oldest first, with the message as it was sent and both nicknames. */
export async function openMessageReports(db: Database, actor: Actor): Promise<MessageReportRow[]> {
  requirePermission(actor, "moderate:content", refused);
  const sender = alias(member, "sender");
  const reporter = alias(member, "reporter");
  return db
    .select({
      id: meetingMessageReport.id,
      meetingId: meetingMessageReport.meetingId,
      kind: meeting.kind,
      body: meetingMessage.body,
      imageUrl: meetingMessage.imageUrl,
      senderNickname: sender.nickname,
      reporterNickname: reporter.nickname,
      reason: meetingMessageReport.reason,
      createdAt: meetingMessageReport.createdAt,
    })
    .from(meetingMessageReport)
    .innerJoin(meetingMessage, eq(meetingMessage.id, meetingMessageReport.messageId))
    .innerJoin(meeting, eq(meeting.id, meetingMessageReport.meetingId))
    .leftJoin(sender, eq(sender.id, meetingMessage.senderId))
    .leftJoin(reporter, eq(reporter.id, meetingMessageReport.reporterId))
    .where(eq(meetingMessageReport.status, "open"))
    .orderBy(asc(meetingMessageReport.id))
    .limit(MESSAGE_REPORTS_PAGE_SIZE);
}

export type MessageReportDecision = "resolved" | "dismissed";

export function isMessageReportDecision(value: unknown): value is MessageReportDecision {
  return value === "resolved" || value === "dismissed";
}

/**
 * Closes an open report of a chat message: `resolved` when the message broke the rules (the administrator then acts
 * on the member from the meeting's record), `dismissed` when it did not. A closed report is `report_closed`.
 */
export async function decideMessageReport(
  db: Database,
  clock: Clock,
  actor: Actor,
  reportId: number,
  decision: MessageReportDecision,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "moderate:content", refused);
  await runInTransaction(db, clock, async (uow) => {
    const [closed] = await uow.tx
      .update(meetingMessageReport)
      .set({ status: decision })
      .where(and(eq(meetingMessageReport.id, reportId), eq(meetingMessageReport.status, "open")))
      .returning({
        id: meetingMessageReport.id,
        meetingId: meetingMessageReport.meetingId,
        messageId: meetingMessageReport.messageId,
      });
    if (!closed) {
      const [exists] = await uow.tx
        .select({ id: meetingMessageReport.id })
        .from(meetingMessageReport)
        .where(eq(meetingMessageReport.id, reportId));
      throw new DomainError("conduct", exists ? "report_closed" : "not_found");
    }
    if (decision === "resolved") await recomputeMessageSender(uow, closed.messageId);
    await recordAdminAct(
      uow,
      actor,
      {
        action: "meeting.chat_report.decide",
        subject: { kind: "chat_report", id: reportId },
        before: { status: "open" },
        after: { status: decision, meetingId: closed.meetingId },
      },
      from,
    );
  });
}
