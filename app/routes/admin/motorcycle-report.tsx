import type { SubmissionResult } from "@conform-to/react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/motorcycle-report";
import { AcceptReportForm } from "#app/components/garage/AcceptReportForm";
import { ReportStatusBadge } from "#app/components/garage/ReportStatusBadge";
import { useMessages } from "#app/components/forms/messages";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import {
  acceptReport,
  latestReportYear,
  listReports,
  rejectReport,
} from "#app/services/motorcycles/reports.server";
import { motorcycleReportMachine } from "#app/services/motorcycles/report-machine";
import type { StateOf } from "#app/services/state-machine";
import {
  decisionSchema,
  REJECT_REASON_MAX,
  REPORT_REWARD_POINTS,
} from "#app/services/motorcycles/report.schema";

import { domainFailure, errorStatus } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, typedTexts, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { actingFrom } from "#app/shell/auth.server";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "modelReport.admin.title" };

type MotorcycleReportStatus = StateOf<typeof motorcycleReportMachine>;
const statuses = motorcycleReportMachine.states;
const isStatus = (value: string | null): value is MotorcycleReportStatus =>
  (statuses as readonly (string | null)[]).includes(value);

/** Administrators (with two-step verification) decide missing-model reports; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const requested = url.searchParams.get("status");
  const status = isStatus(requested) ? requested : null;
  const { db, clock } = getRuntime();
  try {
    const reports = await listReports(db, actor, { status });
    return {
      status,
      latestYear: latestReportYear(clock),
      reports: reports.map((report) => ({
        ...report,
        createdAt: formatDate(language, report.createdAt),
        decidedAt: report.decidedAt ? formatDate(language, report.decidedAt) : null,
      })),
    };
  } catch (error) {
    if (isDomainError(error) && errorStatus(error) === 403) {
      notFound();
    }
    throw error;
  }
}

/** The fields that tell the page which report's form a refusal belongs to. */
const targetFields = new Set(["id", "intent"]);

const flashes = {
  accept: "garage.flash.accepted",
  existing: "garage.flash.accepted",
  reject: "garage.flash.rejected",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const form = await readForm(request);
  const submission = parseSubmission(form, decisionSchema(latestReportYear(clock)));
  const { id: reportId = "", intent = "" } = typedTexts(submission, targetFields);
  const target = { reportId, intent };
  if (submission.status !== "success")
    return data({ ...target, lastResult: submission.reply() }, { status: 400 });
  const decision = submission.value;
  try {
    if (decision.intent === "accept")
      await acceptReport(db, clock, actor, decision.id, { figures: decision.figures }, actingFrom(request));
    else if (decision.intent === "existing")
      await acceptReport(
        db,
        clock,
        actor,
        decision.id,
        { motorcycleId: decision.motorcycleId },
        actingFrom(request),
      );
    else await rejectReport(db, clock, actor, decision.id, decision.reason, actingFrom(request));
  } catch (error) {
    const refused = withLastResult(domainFailure(language, error), submission);
    return data({ ...refused.data, ...target }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, "/admin/motorcycle-report"), {
    key: flashes[decision.intent],
  });
}

type ActionResult = {
  reportId: string;
  intent: string;
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

const filterLink =
  "rounded-full border border-subtle px-3 py-1 text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white";

export default function AdminMotorcycleReports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const messages = useMessages();
  const reasonErrors = (mine: ActionResult | undefined) =>
    mine?.intent === "reject" ? messages(mine.lastResult?.error?.reason ?? undefined) : [];
  const { reports, status, latestYear } = loaderData;
  const filters: (MotorcycleReportStatus | null)[] = [null, ...statuses];
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("modelReport.admin.title")}</h1>
      <nav aria-label={t("modelReport.admin.filter")} className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <LocalLink
            key={filter ?? "all"}
            to={filter ? `/admin/motorcycle-report?status=${filter}` : "/admin/motorcycle-report"}
            aria-current={filter === status ? "page" : undefined}
            className={filterLink}
          >
            {filter ? t(`modelReport.report.status.${filter}`) : t("modelReport.admin.all")}
          </LocalLink>
        ))}
      </nav>
      {result?.error && !reports.some((report) => String(report.id) === result.reportId) ? (
        <FormAlert error={result.error} />
      ) : null}
      {reports.length === 0 ? (
        <p className="text-muted">{t("modelReport.admin.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {reports.map((report) => {
            const mine = result && result.reportId === String(report.id) ? result : undefined;
            return (
              <li
                key={report.id}
                className="space-y-3 rounded-xl border border-subtle p-4"
                data-report-status={report.status}
              >
                <div className="space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="text-lg font-bold">
                      {report.manufacturer} {report.model} ({report.releaseYear})
                    </span>
                    <ReportStatusBadge status={report.status} />
                  </p>
                  <p className="text-muted text-xs">
                    {t("modelReport.admin.reportedBy", {
                      nickname: report.reporterNickname ?? "—",
                      date: report.createdAt,
                    })}
                    {report.decidedAt
                      ? ` · ${t("modelReport.admin.decided", { date: report.decidedAt })}`
                      : null}
                  </p>
                  <a
                    href={report.specUrl}
                    rel="noopener noreferrer nofollow"
                    target="_blank"
                    className="text-link break-all text-sm underline"
                  >
                    {t("modelReport.admin.openSpec")}: {report.specUrl}
                  </a>
                  {report.decisionReason ? (
                    <p className="text-sm">
                      {t("modelReport.report.reason", { reason: report.decisionReason })}
                    </p>
                  ) : null}
                </div>
                {mine?.error ? <FormAlert error={mine.error} /> : null}
                {report.transitions.includes("accept") && report.suggestion ? (
                  <>
                    <details open={mine?.intent === "accept"} className="rounded-lg border border-subtle p-3">
                      <summary className="cursor-pointer font-semibold">
                        {t("modelReport.admin.accept")}
                      </summary>
                      <div className="pt-3">
                        <AcceptReportForm
                          report={{ ...report, suggestion: report.suggestion }}
                          latestYear={latestYear}
                          lastResult={mine?.intent === "accept" ? mine.lastResult : undefined}
                        />
                      </div>
                    </details>
                    <details
                      open={mine?.intent === "existing"}
                      className="rounded-lg border border-subtle p-3"
                    >
                      <summary className="cursor-pointer font-semibold">
                        {t("modelReport.admin.existing")}
                      </summary>
                      {report.suggestion.modelYears.length === 0 ? (
                        <p className="text-muted pt-3 text-sm">{t("modelReport.admin.existingNone")}</p>
                      ) : (
                        <Form method="post" className="space-y-3 pt-3">
                          <input type="hidden" name="intent" value="existing" />
                          <input type="hidden" name="id" value={report.id} />
                          <label htmlFor={`existing-${report.id}`} className="block text-sm font-semibold">
                            {t("modelReport.admin.existingYear")}
                          </label>
                          <select
                            id={`existing-${report.id}`}
                            name="motorcycleId"
                            required
                            className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
                          >
                            {report.suggestion.modelYears.map((year) => (
                              <option key={year.id} value={year.id}>
                                {year.label}
                              </option>
                            ))}
                          </select>
                          <SubmitButton variant="secondary">
                            {t("modelReport.admin.existingSubmit")}
                          </SubmitButton>
                        </Form>
                      )}
                    </details>
                  </>
                ) : null}
                {report.transitions.includes("reject") ? (
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="id" value={report.id} />
                    <label htmlFor={`reason-${report.id}`} className="block text-sm font-semibold">
                      {t("modelReport.admin.rejectReason")}
                    </label>
                    <textarea
                      id={`reason-${report.id}`}
                      name="reason"
                      required
                      maxLength={REJECT_REASON_MAX}
                      rows={2}
                      aria-invalid={reasonErrors(mine).length > 0 || undefined}
                      aria-describedby={`reason-${report.id}-hint`}
                      className="surface block w-full rounded-lg border border-subtle px-3 py-2"
                    />
                    <p id={`reason-${report.id}-hint`} className="text-muted text-xs">
                      {t("modelReport.admin.rejectHint")}
                    </p>
                    {reasonErrors(mine).map((message) => (
                      <p key={message} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                        {message}
                      </p>
                    ))}
                    <ConfirmButton
                      name="intent"
                      value="reject"
                      disabled={busy}
                      className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-rose-700 px-4 font-semibold text-white hover:bg-rose-800 disabled:opacity-60"
                      confirm={{
                        title: t("modelReport.admin.rejectConfirm"),
                        action: t("modelReport.admin.reject"),
                      }}
                    >
                      {t("modelReport.admin.reject")}
                    </ConfirmButton>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-muted text-xs">{t("modelReport.report.intro", { points: REPORT_REWARD_POINTS })}</p>
    </section>
  );
}
