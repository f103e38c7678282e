import { and, eq, isNull } from "drizzle-orm";
import { boardArticle, boardComment, contentReport } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { markListingDeleted } from "#app/services/market/deletion.server";
import { recomputeReported } from "#app/services/reputation/reputation.server";
import { bindMachine, type TransitionInput } from "#app/services/state-machine.server";
import { removeComment } from "./comments.server";
import { reportMachine } from "./report-machine";

export interface ReportInput extends TransitionInput {
  /** The administrator closing the report. */
  handledBy: string;
  /** Resolving deletes the reported article or comment (the one report the administrator chose). */
  removeTarget: boolean;
}

type ReportRow = typeof contentReport.$inferSelect;

/** Soft-deletes the reported article, or removes the reported comment (recounting its article's comments). */
async function removeReported(uow: UnitOfWork, report: ReportRow) {
  if (report.targetId === null) return;
  if (report.targetType === "article") {
    await uow.tx
      .update(boardArticle)
      .set({ deletedAt: uow.now })
      .where(and(eq(boardArticle.id, report.targetId), isNull(boardArticle.deletedAt)));
    // A market listing leaves the market's lists with its article.
    await markListingDeleted(uow, report.targetId);
    return;
  }
  const [comment] = await uow.tx
    .select({ deletedAt: boardComment.deletedAt })
    .from(boardComment)
    .where(eq(boardComment.id, report.targetId));
  if (comment && !comment.deletedAt) await removeComment(uow, report.targetId);
}

const stampHandled = (uow: UnitOfWork, report: ReportRow, input: ReportInput) =>
  uow.tx
    .update(contentReport)
    .set({ handledBy: input.handledBy, handledAt: uow.now })
    .where(eq(contentReport.id, report.id))
    .then(() => undefined);

/** The report queue's machine on `content_report`: closing a report stamps who closed it and when. */
export const reportQueue = bindMachine<typeof reportMachine, typeof contentReport, ReportInput>(
  reportMachine,
  {
    table: contentReport,
    id: contentReport.id,
    state: contentReport.status,
    effects: {
      resolve: async (uow, report, input) => {
        if (input.removeTarget) await removeReported(uow, report);
        await stampHandled(uow, report, input);
        await recomputeReported(uow, report);
      },
      dismiss: stampHandled,
    },
  },
);
