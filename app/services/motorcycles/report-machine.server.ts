import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import { motorcycleManufacturer, motorcycleModel, motorcycleReport } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulTime } from "#app/platform/seoul-calendar";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import {
  ensureMemberPointsAccount,
  ensurePromotionsAccount,
  memberPointsCode,
  PROMOTIONS_POINTS,
} from "#app/services/ledger/accounts.server";
import { transfer } from "#app/services/ledger/posting.server";
import { notify } from "#app/services/notifications/notify.server";
import { bindMachine, type TransitionInput } from "#app/services/state-machine.server";
import { slugOf } from "./catalogue-row";
import { upsertModelYear } from "./catalogue.server";
import type { GarageErrorCode } from "./errors";
import { plausibilityProblems } from "./plausibility";
import { motorcycleReportMachine } from "./report-machine";
import type { Acceptance } from "./reports.server";
import {
  acceptedRow,
  isModelName,
  isSpecUrl,
  missingFigures,
  reportedModelName,
  REPORT_REWARD_POINTS,
  squashName,
} from "./report.schema";
import { findModelYear } from "./search.server";

const fail = (code: GarageErrorCode) => new DomainError("garage", code);

/** The newest model year a report may name: next year's models are announced (and sold) before the year starts. */
export function latestReportYear(clock: Clock | Date): number {
  return seoulTime(clock instanceof Date ? clock : clock.now()).year + 1;
}

/** SQL of a name column lower-cased without spaces or punctuation, as `squashName` makes names in the code. */
const squashed = (column: SQL | AnyPgColumn) => sql`regexp_replace(lower(${column}), '[^a-z0-9]+', '', 'g')`;

/** The catalogue's manufacturer a typed English name means (by its key or its English name). */
export async function findManufacturer(db: Database, name: string) {
  const key = squashName(name);
  const [found] = await db
    .select({
      id: motorcycleManufacturer.id,
      slug: motorcycleManufacturer.slug,
      nameEn: motorcycleManufacturer.nameEn,
      nameKo: motorcycleManufacturer.nameKo,
    })
    .from(motorcycleManufacturer)
    .where(
      sql`(replace(${motorcycleManufacturer.slug}, '-', '') = ${key} or ${squashed(motorcycleManufacturer.nameEn)} = ${key})`,
    )
    .orderBy(asc(motorcycleManufacturer.id))
    .limit(1);
  return found;
}

/** The manufacturer's model a typed English name means. */
export async function findModel(db: Database, manufacturerId: number, name: string) {
  const key = squashName(name);
  const [found] = await db
    .select({
      id: motorcycleModel.id,
      slug: motorcycleModel.slug,
      nameEn: motorcycleModel.nameEn,
      nameKo: motorcycleModel.nameKo,
      category: motorcycleModel.category,
    })
    .from(motorcycleModel)
    .where(
      and(
        eq(motorcycleModel.manufacturerId, manufacturerId),
        sql`(replace(${motorcycleModel.slug}, '-', '') = ${key} or ${squashed(motorcycleModel.nameEn)} = ${key})`,
      ),
    )
    .orderBy(asc(motorcycleModel.id))
    .limit(1);
  return found;
}

export interface DecisionInput extends TransitionInput {
  /** The acting administrator. */
  decidedBy: Actor;
  acceptance?: Acceptance;
}

type ReportRow = typeof motorcycleReport.$inferSelect;

const rewardKey = (reportId: number) => `motorcycle-report:${reportId}`;

/** The model year an acceptance names or puts into the catalogue. */
async function acceptedModelYear(
  uow: UnitOfWork,
  report: ReportRow,
  acceptance: Acceptance,
): Promise<number> {
  if ("motorcycleId" in acceptance) {
    const found = await findModelYear(uow, acceptance.motorcycleId);
    if (!found) throw fail("model_year_not_found");
    return found.id;
  }
  const { figures } = acceptance;
  if (!figures.manufacturerKo.trim() || !figures.modelKo.trim() || !isModelName(figures.modelEn))
    throw fail("accept_names_required");
  if (!isSpecUrl(figures.specUrl)) throw fail("report_url_invalid");
  if (missingFigures(figures).length > 0) throw fail("accept_figures_required");
  const maker = await findManufacturer(uow.tx, report.manufacturer);
  const manufacturer = maker ?? { slug: slugOf(report.manufacturer), nameEn: report.manufacturer };
  const row = acceptedRow(manufacturer, report.releaseYear, figures);
  // A model the catalogue has under another key keeps its key, so the year joins its other years.
  const model = maker ? await findModel(uow.tx, maker.id, row.model.nameEn) : undefined;
  if (model) row.model.slug = model.slug;
  if (plausibilityProblems(row, latestReportYear(uow.now)).length > 0) throw fail("accept_implausible");
  return (await upsertModelYear(uow, row, "report")).id;
}

/** The report machine on `motorcycle_report`: accepting adds the model year and pays; either decision notifies. */
export const reports = bindMachine<typeof motorcycleReportMachine, typeof motorcycleReport, DecisionInput>(
  motorcycleReportMachine,
  {
    table: motorcycleReport,
    id: motorcycleReport.id,
    state: motorcycleReport.status,
    effects: {
      accept: async (uow, report, input) => {
        const motorcycleId = await acceptedModelYear(uow, report, input.acceptance!);
        await uow.tx
          .update(motorcycleReport)
          .set({ motorcycleId, decidedBy: input.decidedBy.id, decidedAt: uow.now })
          .where(eq(motorcycleReport.id, report.id));
        await ensurePromotionsAccount(uow);
        await ensureMemberPointsAccount(uow, report.reporterId);
        // The key makes the reward one posting whatever happens around it; the state check under the row lock
        // already lets only one acceptance through.
        await transfer(uow, {
          from: PROMOTIONS_POINTS,
          to: memberPointsCode(report.reporterId),
          amount: REPORT_REWARD_POINTS,
          kind: "report_reward",
          idempotencyKey: rewardKey(report.id),
          actor: input.decidedBy,
          subject: { type: "member", id: report.reporterId },
          memo: reportedModelName(report),
        });
        await notify(uow, {
          recipientId: report.reporterId,
          type: "motorcycleReportAccepted",
          actorId: input.decidedBy.id,
          params: { model: reportedModelName(report), points: REPORT_REWARD_POINTS },
          link: "/report/motorcycle",
          dedupeKey: `motorcycleReportAccepted:${report.id}`,
        });
      },
      reject: async (uow, report, input) => {
        await uow.tx
          .update(motorcycleReport)
          .set({ decisionReason: input.reason ?? null, decidedBy: input.decidedBy.id, decidedAt: uow.now })
          .where(eq(motorcycleReport.id, report.id));
        await notify(uow, {
          recipientId: report.reporterId,
          type: "motorcycleReportRejected",
          actorId: input.decidedBy.id,
          params: { model: reportedModelName(report), reason: input.reason ?? "" },
          link: "/report/motorcycle",
          dedupeKey: `motorcycleReportRejected:${report.id}`,
        });
      },
    },
  },
);
