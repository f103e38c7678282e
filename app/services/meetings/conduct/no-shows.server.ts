import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { memberName } from "#app/services/members/display-name.server";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import {
  meeting,
  meetingBan,
  member,
  noShowReport,
  type MeetingKind,
  type NoShowStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { hasMeaningfulText } from "#app/services/content/meaningful-length";
import { DomainError } from "#app/services/errors";
import { notify } from "#app/services/notifications/notify.server";
import { allowedTransitions, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import { banDays, type MeetingBan } from "./bans.server";
import type { ConductErrorCode } from "./errors";
import { lengthOf, NO_SHOW_CONTENT_MAX, noShowOpensAt } from "./conduct-rules";
import { meetingChatPath } from "#app/services/meetings/meeting/meetings.server";
import { appendSystemMessage } from "#app/services/meetings/chat/messages.server";
import { noShowMachine } from "./no-show-machine";
import { noShows, type DecisionInput } from "./no-show-machine.server";
import { meetingForActor } from "#app/services/meetings/meeting/participants.server";

export { liftBan } from "./bans.server";

/**
 * No-shows: a side of a reserved meeting reports, from 15 minutes after the agreed time, that the other did not
 * come (once per meeting and reporter); an acting administrator reviews the report. Confirming bans the absent member
 * by the next step of the ladder; penalising dismisses a malicious report and bans its reporter by a step of their
 * own ladder. Both sides hear the outcome.
 */

const fail = (code: ConductErrorCode) => new DomainError("conduct", code);

export type NoShowDecision = TransitionOf<typeof noShowMachine>;
export const noShowDecisions: readonly NoShowDecision[] = ["confirm", "dismiss", "penalise"];

function checkedContent(content: string): string {
  const text = content.trim();
  if (!hasMeaningfulText(text)) throw fail("no_show_content_required");
  if (lengthOf(text) > NO_SHOW_CONTENT_MAX) throw fail("no_show_content_length");
  return text;
}

/**
 * Files a no-show report by a side of a reserved meeting, at least 15 minutes after its appointment: the other side
 * is the absent member. The chat shows a system line and the absent member is notified (a hidden reporter does not
 * hide it: it is about their standing); administrators find it at the top of their no-show queue. A second report
 * of the same reporter on the same meeting meets the unique index (`no_show_already_reported`).
 */
export async function reportNoShow(
  db: Database,
  clock: Clock,
  actor: Actor,
  meetingId: number,
  content: string,
): Promise<{ id: number }> {
  return runInTransaction(db, clock, async (uow) => {
    const { role } = await meetingForActor(uow, actor, { id: meetingId });
    if (role === "admin") throw new DomainError("meeting", "not_participant");
    const text = checkedContent(content);
    // Locked so that a cancellation cannot slip in between the check and the report.
    const [subject] = await uow.tx
      .select()
      .from(meeting)
      .where(eq(meeting.id, meetingId))
      .for("no key update");
    if (subject!.status !== "reserved" || !subject!.appointmentAt) throw fail("no_show_not_reserved");
    if (uow.now < noShowOpensAt(subject!.appointmentAt)) throw fail("no_show_too_early");
    const absentId = role === "provider" ? subject!.requesterId : subject!.providerId;
    const [filed] = await uow.tx
      .insert(noShowReport)
      .values({ meetingId, reporterId: actor.id, absentId, content: text, createdAt: uow.now })
      .onConflictDoNothing({ target: [noShowReport.meetingId, noShowReport.reporterId] })
      .returning({ id: noShowReport.id });
    if (!filed) throw fail("no_show_already_reported");
    const nickname = await memberName(uow.tx, actor.id);
    await appendSystemMessage(uow, meetingId, "noShowReported", { nickname });
    await notify(uow, {
      recipientId: absentId,
      type: "noShowReported",
      params: { nickname },
      link: meetingChatPath(subject!),
      dedupeKey: `noShowReported:${filed.id}`,
    });
    return filed;
  });
}

const refused = () => fail("forbidden");

/**
 * Decides a pending report (acting administrators only), in one unit of work. The report row is locked first and
 * its state checked under the lock, so a double click or a second tab decides once: the later call waits, then
 * finds it decided (`report_closed`). Answers the ban the decision gave (confirm, penalise), if any.
 */
export async function reviewNoShow(
  db: Database,
  clock: Clock,
  admin: Actor,
  reportId: number,
  decision: NoShowDecision,
  from?: ActingFrom,
): Promise<{ status: NoShowStatus; ban: MeetingBan | null }> {
  requirePermission(admin, "moderate:content", refused);
  if (!noShowDecisions.includes(decision)) throw fail("decision_invalid");
  return runInTransaction(db, clock, async (uow) => {
    const [report] = await uow.tx
      .select()
      .from(noShowReport)
      .where(eq(noShowReport.id, reportId))
      .for("update");
    if (!report) throw fail("not_found");
    if (report.status !== "pending") throw fail("report_closed");
    const input: DecisionInput = { decidedBy: admin };
    const { to } = await applyTransition(
      uow,
      noShows,
      reportId,
      decision,
      { role: "admin", id: admin.id },
      input,
    );
    const ban = input.ban ?? null;
    await recordAdminAct(
      uow,
      admin,
      {
        action: "meeting.no_show.decide",
        subject: { kind: "no_show_report", id: reportId },
        before: { status: report.status, meeting: report.meetingId },
        after: {
          status: to,
          decision,
          ...(ban ? { bannedMember: ban.memberId, banEndsAt: ban.endsAt?.toISOString() ?? null } : {}),
        },
      },
      from,
    );
    return { status: to, ban };
  });
}

export interface AdminNoShowReport {
  id: number;
  status: NoShowStatus;
  content: string;
  createdAt: Date;
  reviewedAt: Date | null;
  decisions: NoShowDecision[];
  meeting: {
    id: number;
    kind: MeetingKind;
    status: string;
    appointmentAt: Date | null;
    placeName: string | null;
    requesterNickname: string | null;
    providerNickname: string | null;
  };
  reporter: {
    id: string;
    nickname: string | null;
    side: "requester" | "provider";
    nextStepDays: number | null;
  };
  absent: { id: string; nickname: string | null; nextStepDays: number | null };
  /** The step a confirmation (absent member) or a penalty (reporter) would be. */
  nextSteps: { confirm: number; penalise: number };
}

const QUEUE_LIMIT = 50;

/** Earlier bans not lifted, per member and reason: what the ladder counts. */
async function ladderCounts(db: Database, memberIds: string[]) {
  if (memberIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ memberId: meetingBan.memberId, reason: meetingBan.reason, n: count() })
    .from(meetingBan)
    .where(and(inArray(meetingBan.memberId, memberIds), isNull(meetingBan.liftedAt)))
    .groupBy(meetingBan.memberId, meetingBan.reason);
  return new Map(rows.map((row) => [`${row.memberId}:${row.reason}`, row.n]));
}

/**
 * The no-show queue for administrators: pending reports first (oldest first, the queue), then decided ones (newest
 * first), with the meeting, both sides, the decisions open and the ladder step each would take.
 */
export async function listNoShowReports(db: Database, actor: Actor): Promise<AdminNoShowReport[]> {
  requirePermission(actor, "moderate:content", refused);
  const reporter = alias(member, "reporter");
  const absent = alias(member, "absent");
  const requester = alias(member, "requester");
  const provider = alias(member, "provider");
  const rows = await db
    .select({
      report: noShowReport,
      meeting: {
        id: meeting.id,
        kind: meeting.kind,
        status: meeting.status,
        appointmentAt: meeting.appointmentAt,
        placeName: meeting.placeName,
        requesterId: meeting.requesterId,
      },
      reporterNickname: reporter.nickname,
      absentNickname: absent.nickname,
      requesterNickname: requester.nickname,
      providerNickname: provider.nickname,
    })
    .from(noShowReport)
    .innerJoin(meeting, eq(meeting.id, noShowReport.meetingId))
    .leftJoin(reporter, eq(reporter.id, noShowReport.reporterId))
    .leftJoin(absent, eq(absent.id, noShowReport.absentId))
    .leftJoin(requester, eq(requester.id, meeting.requesterId))
    .leftJoin(provider, eq(provider.id, meeting.providerId))
    .orderBy(
      sql`case when ${noShowReport.status} = 'pending' then 0 else 1 end`,
      sql`case when ${noShowReport.status} = 'pending' then ${noShowReport.id} else -${noShowReport.id} end`,
      asc(noShowReport.id),
    )
    .limit(QUEUE_LIMIT);
  const counts = await ladderCounts(db, [
    ...new Set(rows.flatMap((row) => [row.report.reporterId, row.report.absentId])),
  ]);
  return rows.map(({ report, meeting: subject, ...names }) => {
    const confirmStep = (counts.get(`${report.absentId}:noShow`) ?? 0) + 1;
    const penaliseStep = (counts.get(`${report.reporterId}:maliciousReport`) ?? 0) + 1;
    return {
      id: report.id,
      status: report.status,
      content: report.content,
      createdAt: report.createdAt,
      reviewedAt: report.reviewedAt,
      decisions: allowedTransitions(noShowMachine, report.status, "admin"),
      meeting: {
        id: subject.id,
        kind: subject.kind,
        status: subject.status,
        appointmentAt: subject.appointmentAt,
        placeName: subject.placeName,
        requesterNickname: names.requesterNickname,
        providerNickname: names.providerNickname,
      },
      reporter: {
        id: report.reporterId,
        nickname: names.reporterNickname,
        side: report.reporterId === subject.requesterId ? "requester" : "provider",
        nextStepDays: banDays(penaliseStep),
      },
      absent: { id: report.absentId, nickname: names.absentNickname, nextStepDays: banDays(confirmStep) },
      nextSteps: { confirm: confirmStep, penalise: penaliseStep },
    };
  });
}
