import { eq } from "drizzle-orm";
import { meeting, noShowReport } from "#app/db/schema";
import { seoulDay } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { notify } from "#app/services/notifications/notify.server";
import { bindMachine, type TransitionInput } from "#app/services/state-machine.server";
import { applyBanStep, type BanReason, type MeetingBan } from "./bans.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { onProviderNoShow } from "#app/services/payments/refunds.server";
import { recomputeReputation } from "#app/services/reputation/reputation.server";
import { noShowMachine } from "./no-show-machine";

/**
 * The outcome a side of a decided report reads (`alarm.message.noShowDecided`, `{result}` chooses the sentence):
 * 1 and 2 the absent member banned until a day or for good, 3 the reporter's no-show confirmed, 4 the report
 * dismissed, 5 and 6 the reporter banned for a malicious report until a day or for good.
 */
const outcome = {
  bannedUntil: 1,
  bannedForGood: 2,
  confirmed: 3,
  dismissed: 4,
  penalisedUntil: 5,
  penalisedForGood: 6,
} as const;

export interface DecisionInput extends TransitionInput {
  decidedBy: Actor;
  /** Filled by the effect: the ban the decision gave, if any. */
  ban?: MeetingBan | null;
}

type ReportRow = typeof noShowReport.$inferSelect;

async function tellOutcome(
  uow: UnitOfWork,
  report: ReportRow,
  recipientId: string,
  result: number,
  ban: MeetingBan | null,
) {
  const [subject] = await uow.tx
    .select({ kind: meeting.kind, code: meeting.code })
    .from(meeting)
    .where(eq(meeting.id, report.meetingId));
  await notify(uow, {
    recipientId,
    type: "noShowDecided",
    params: { result, ...(ban?.endsAt ? { until: seoulDay(ban.endsAt) } : {}) },
    link: subject ? meetingChatPath(subject) : null,
    dedupeKey: `noShowDecided:${report.id}:${recipientId}`,
  });
}

async function banStep(
  uow: UnitOfWork,
  report: ReportRow,
  input: DecisionInput,
  memberId: string,
  reason: BanReason,
) {
  const ban = await applyBanStep(uow, {
    memberId,
    reason,
    noShowReportId: report.id,
    createdBy: input.decidedBy.id,
  });
  input.ban = ban;
  return ban;
}

async function stamp(uow: UnitOfWork, report: ReportRow, input: DecisionInput) {
  await uow.tx
    .update(noShowReport)
    .set({ reviewedBy: input.decidedBy.id, reviewedAt: uow.now })
    .where(eq(noShowReport.id, report.id));
}

/** The no-show machine on `no_show_report`: each decision stamps the report, bans where it says, and tells both. */
export const noShows = bindMachine<typeof noShowMachine, typeof noShowReport, DecisionInput>(noShowMachine, {
  table: noShowReport,
  id: noShowReport.id,
  state: noShowReport.status,
  effects: {
    confirm: async (uow, report, input) => {
      await stamp(uow, report, input);
      const ban = await banStep(uow, report, input, report.absentId, "noShow");
      await recomputeReputation(uow, [report.absentId]);
      const result = ban.endsAt ? outcome.bannedUntil : outcome.bannedForGood;
      await tellOutcome(uow, report, report.absentId, result, ban);
      await tellOutcome(uow, report, report.reporterId, outcome.confirmed, null);
      // The expert did not come: the requester gets back what they paid (ADR 061).
      const [subject] = await uow.tx
        .select({ providerId: meeting.providerId })
        .from(meeting)
        .where(eq(meeting.id, report.meetingId));
      if (subject?.providerId === report.absentId) await onProviderNoShow(uow, report.meetingId);
    },
    dismiss: async (uow, report, input) => {
      await stamp(uow, report, input);
      await tellOutcome(uow, report, report.absentId, outcome.dismissed, null);
      await tellOutcome(uow, report, report.reporterId, outcome.dismissed, null);
    },
    penalise: async (uow, report, input) => {
      await stamp(uow, report, input);
      const ban = await banStep(uow, report, input, report.reporterId, "maliciousReport");
      await recomputeReputation(uow, [report.reporterId]);
      const result = ban.endsAt ? outcome.penalisedUntil : outcome.penalisedForGood;
      await tellOutcome(uow, report, report.reporterId, result, ban);
      await tellOutcome(uow, report, report.absentId, outcome.dismissed, null);
    },
  },
});
