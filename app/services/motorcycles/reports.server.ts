import { and, desc, eq, sql } from "drizzle-orm";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import type { Database } from "#app/db/client.server";
import {
  member,
  motorcycle,
  motorcycleReport,
  type MotorcycleCategory,
  type MotorcycleReportStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { can, requirePermission } from "#app/services/permissions";
import { DomainError } from "#app/services/errors";
import { allowedTransitions, type RoleOf, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import type { GarageErrorCode } from "./errors";
import { motorcycleReportMachine } from "./report-machine";
import { findManufacturer, findModel, latestReportYear, reports } from "./report-machine.server";
import {
  isManufacturerName,
  isModelName,
  isReleaseYear,
  isSpecUrl,
  REJECT_REASON_MAX,
  reportedModelName,
  reportKeyOf,
  tidyName,
  type ModelYearFigures,
  type ReportInput,
} from "./report.schema";
import { searchModels } from "./search.server";

/**
 * Missing-model reports: a member reports a model year the catalogue lacks (one open report per model year, and
 * none for a model year the catalogue has); an acting administrator accepts it, putting the model year into the
 * catalogue through the one write path and granting the reporter 200 P once, or rejects it with a reason. The
 * reporter is notified either way.
 */

export { latestReportYear } from "./report-machine.server";

const fail = (code: GarageErrorCode, params?: Record<string, string | number>) =>
  new DomainError("garage", code, params ? { params } : undefined);

/** The catalogue's model year a report names, when the catalogue has it. */
async function catalogueModelYear(db: Database, report: ReportInput) {
  const maker = await findManufacturer(db, report.manufacturer);
  if (!maker) return undefined;
  const model = await findModel(db, maker.id, report.model);
  if (!model) return undefined;
  const [year] = await db
    .select({ id: motorcycle.id })
    .from(motorcycle)
    .where(and(eq(motorcycle.modelId, model.id), eq(motorcycle.modelYear, report.releaseYear)));
  return year;
}

/** The rules of the report form, for callers that are not the form (the form's schema applies the same). */
function checkedReport(input: ReportInput, latestYear: number): ReportInput {
  if (!isManufacturerName(input.manufacturer)) throw fail("report_manufacturer_invalid");
  if (!isModelName(input.model)) throw fail("report_model_invalid");
  if (!isReleaseYear(input.releaseYear, latestYear)) throw fail("report_year_invalid");
  if (!isSpecUrl(input.specUrl)) throw fail("report_url_invalid");
  return {
    manufacturer: tidyName(input.manufacturer),
    model: tidyName(input.model),
    releaseYear: input.releaseYear,
    specUrl: input.specUrl.trim(),
  };
}

/**
 * Files a report. Refused when the catalogue has the model year ("report_in_catalogue") or an open report names it
 * ("report_open_exists"); the open-report index decides between concurrent reports of one model year, so exactly
 * one of them is filed and the others get the same refusal.
 */
export async function submitReport(
  source: Database | UnitOfWork,
  clock: Clock,
  actor: Actor,
  input: ReportInput,
): Promise<{ id: number }> {
  return runInTransaction(source, clock, async (uow) => {
    const report = checkedReport(input, latestReportYear(uow.now));
    const name = reportedModelName(report);
    if (await catalogueModelYear(uow.tx, report)) throw fail("report_in_catalogue", { model: name });
    const [filed] = await uow.tx
      .insert(motorcycleReport)
      .values({
        reporterId: actor.id,
        ...report,
        normalizedKey: reportKeyOf(report.manufacturer, report.model, report.releaseYear),
        status: "submitted",
        createdAt: uow.now,
      })
      .onConflictDoNothing({
        target: motorcycleReport.normalizedKey,
        where: sql`${motorcycleReport.status} = 'submitted'`,
      })
      .returning({ id: motorcycleReport.id });
    if (!filed) throw fail("report_open_exists", { model: name });
    return filed;
  });
}

export interface ReportSummary {
  id: number;
  manufacturer: string;
  model: string;
  releaseYear: number;
  specUrl: string;
  status: MotorcycleReportStatus;
  decisionReason: string | null;
  motorcycleId: number | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const summaryColumns = {
  id: motorcycleReport.id,
  manufacturer: motorcycleReport.manufacturer,
  model: motorcycleReport.model,
  releaseYear: motorcycleReport.releaseYear,
  specUrl: motorcycleReport.specUrl,
  status: motorcycleReport.status,
  decisionReason: motorcycleReport.decisionReason,
  motorcycleId: motorcycleReport.motorcycleId,
  createdAt: motorcycleReport.createdAt,
  decidedAt: motorcycleReport.decidedAt,
};

const MY_REPORTS_LIMIT = 50;

/** A member's own reports with their states, newest first. */
export async function myReports(db: Database, memberId: string): Promise<ReportSummary[]> {
  return db
    .select(summaryColumns)
    .from(motorcycleReport)
    .where(eq(motorcycleReport.reporterId, memberId))
    .orderBy(desc(motorcycleReport.id))
    .limit(MY_REPORTS_LIMIT);
}

const refused = () => fail("report_forbidden");

type ReportTransition = TransitionOf<typeof motorcycleReportMachine>;
const reportRole = (actor: Actor): RoleOf<typeof motorcycleReportMachine> =>
  can(actor, "moderate:content") ? "admin" : "member";

/** What the administrator's accept form suggests: the catalogue's names where it knows them, similar model years. */
interface ReportSuggestion {
  manufacturerKo: string;
  modelEn: string;
  modelKo: string;
  category: MotorcycleCategory | null;
  /** Model years of similar models in the catalogue, the report's year first. */
  modelYears: { id: number; label: string }[];
}

export interface AdminReport extends ReportSummary {
  reporterNickname: string | null;
  transitions: ReportTransition[];
  suggestion: ReportSuggestion | null;
}

const ADMIN_LIMIT = 50;

/** Reports for the administrator: open ones first (oldest first, the queue), then decided ones, newest first. */
export async function listReports(
  db: Database,
  actor: Actor,
  options: { status?: MotorcycleReportStatus | null } = {},
): Promise<AdminReport[]> {
  requirePermission(actor, "moderate:content", refused);
  const rows = await db
    .select({ ...summaryColumns, reporterNickname: member.nickname })
    .from(motorcycleReport)
    .leftJoin(member, eq(member.id, motorcycleReport.reporterId))
    .where(options.status ? eq(motorcycleReport.status, options.status) : undefined)
    .orderBy(
      sql`case when ${motorcycleReport.status} = 'submitted' then 0 else 1 end`,
      sql`case when ${motorcycleReport.status} = 'submitted' then ${motorcycleReport.id} else -${motorcycleReport.id} end`,
    )
    .limit(ADMIN_LIMIT);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      transitions: allowedTransitions(motorcycleReportMachine, row.status, "admin"),
      suggestion: row.status === "submitted" ? await suggestionFor(db, row) : null,
    })),
  );
}

async function suggestionFor(db: Database, report: ReportSummary): Promise<ReportSuggestion> {
  const maker = await findManufacturer(db, report.manufacturer);
  const model = maker ? await findModel(db, maker.id, report.model) : undefined;
  const similar = await searchModels(db, { query: report.model, limit: 5 });
  const modelYears = similar
    .flatMap((found) =>
      found.years.map((year) => ({
        id: year.id,
        label: `${found.manufacturer.nameEn} ${found.nameEn} (${year.year})`,
        sameYear: year.year === report.releaseYear,
      })),
    )
    .sort((a, b) => Number(b.sameYear) - Number(a.sameYear))
    .slice(0, 20)
    .map(({ id, label }) => ({ id, label }));
  return {
    manufacturerKo: maker?.nameKo ?? "",
    modelEn: model?.nameEn ?? report.model,
    modelKo: model?.nameKo ?? "",
    category: model?.category ?? null,
    modelYears,
  };
}

/** How the administrator accepts: with the figures they entered, or as a model year the catalogue already has. */
export type Acceptance = { figures: ModelYearFigures } | { motorcycleId: number };

/**
 * Accepts a submitted report (acting administrators only): the model year goes into the catalogue (or the named one
 * is linked), the report points at it, the reporter gets 200 P and a notification. A report already decided is
 * refused by the machine ("transition_not_allowed"), also when two acceptances race: the second waits on the row
 * lock and finds it accepted.
 */
export async function acceptReport(
  db: Database,
  clock: Clock,
  actor: Actor,
  reportId: number,
  acceptance: Acceptance,
  from?: ActingFrom,
): Promise<{ motorcycleId: number }> {
  requirePermission(actor, "moderate:content", refused);
  return runInTransaction(db, clock, async (uow) => {
    await applyTransition(
      uow,
      reports,
      reportId,
      "accept",
      { role: reportRole(actor), id: actor.id },
      {
        decidedBy: actor,
        acceptance,
      },
    );
    const [row] = await uow.tx
      .select({ motorcycleId: motorcycleReport.motorcycleId })
      .from(motorcycleReport)
      .where(eq(motorcycleReport.id, reportId));
    const motorcycleId = row!.motorcycleId!;
    await recordAdminAct(
      uow,
      actor,
      {
        action: "motorcycle.report.accept",
        subject: { kind: "motorcycle_report", id: reportId },
        before: { status: "submitted" },
        after: { status: "accepted", motorcycleId, linked: "motorcycleId" in acceptance },
      },
      from,
    );
    return { motorcycleId };
  });
}

/** Rejects a submitted report with a reason the reporter reads (1–200 characters; acting administrators only). */
export async function rejectReport(
  db: Database,
  clock: Clock,
  actor: Actor,
  reportId: number,
  reason: string,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "moderate:content", refused);
  const text = reason.trim();
  if (!text) throw fail("reject_reason_required");
  if ([...text].length > REJECT_REASON_MAX) throw fail("reject_reason_length");
  await runInTransaction(db, clock, async (uow) => {
    await applyTransition(
      uow,
      reports,
      reportId,
      "reject",
      { role: reportRole(actor), id: actor.id },
      {
        decidedBy: actor,
        reason: text,
      },
    );
    await recordAdminAct(
      uow,
      actor,
      {
        action: "motorcycle.report.reject",
        subject: { kind: "motorcycle_report", id: reportId },
        reason: text,
        before: { status: "submitted" },
        after: { status: "rejected" },
      },
      from,
    );
  });
}
