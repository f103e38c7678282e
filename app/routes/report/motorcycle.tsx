import { randomUUID } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/motorcycle";
import { ReportStatusBadge } from "#app/components/garage/ReportStatusBadge";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { submitOnce } from "#app/services/content/submit-once.server";
import { latestReportYear, myReports, submitReport } from "#app/services/motorcycles/reports.server";
import { REPORT_REWARD_POINTS, reportSchema } from "#app/services/motorcycles/report.schema";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "modelReport.report.title" };

/** The report form of a model the catalogue lacks, and the member's own reports with where each stands. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const reports = await myReports(db, viewer.id);
  return {
    latestYear: latestReportYear(clock),
    token: randomUUID(),
    reports: reports.map((report) => ({
      id: report.id,
      manufacturer: report.manufacturer,
      model: report.model,
      releaseYear: report.releaseYear,
      specUrl: report.specUrl,
      status: report.status,
      decisionReason: report.decisionReason,
      createdAt: formatDate(language, report.createdAt),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const submission = parseSubmission(await readForm(request), reportSchema(latestReportYear(clock)));
  if (submission.status !== "success") return refusedSubmission(submission);
  const { token, ...report } = submission.value;
  try {
    // A double click files one report: the second waits for the first and lands on the same page.
    await submitOnce(db, clock, { memberId: actor.id, token }, (uow) =>
      submitReport(uow, clock, actor, report),
    );
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, "/report/motorcycle"), { key: "garage.flash.reported" });
}

export default function ReportMotorcycle({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const messages = useMessages();
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/motorcycles/report.schema").then((schemas) =>
        schemas.reportSchema(loaderData.latestYear),
      ),
    { lastResult: result?.lastResult },
  );
  const serverError = result && "error" in result ? result.error : undefined;
  return (
    <section className="mx-auto max-w-xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-extrabold">{t("modelReport.report.title")}</h1>
        <p className="text-muted text-sm">
          {t("modelReport.report.intro", { points: REPORT_REWARD_POINTS })}
        </p>
      </header>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormAlert
          error={
            serverError ??
            (form.errors ? { code: "invalid", message: messages(form.errors).join(" ") } : undefined)
          }
        />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label={t("modelReport.report.manufacturer")}
          hint={t("modelReport.report.manufacturerHint")}
          field={fields.manufacturer}
          autoComplete="off"
          lang="en"
          maxLength={60}
          required
        />
        <Field
          label={t("modelReport.report.model")}
          hint={t("modelReport.report.modelHint")}
          field={fields.model}
          autoComplete="off"
          lang="en"
          maxLength={60}
          required
        />
        <Field
          label={t("modelReport.report.releaseYear")}
          hint={t("modelReport.report.releaseYearHint", { max: loaderData.latestYear })}
          field={fields.releaseYear}
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={4}
          required
        />
        <Field
          label={t("modelReport.report.specUrl")}
          hint={t("modelReport.report.specUrlHint")}
          field={fields.specUrl}
          type="url"
          placeholder="https://"
          required
        />
        <SubmitButton>{t("modelReport.report.submit")}</SubmitButton>
      </Form>
      <section aria-labelledby="my-reports" className="space-y-3">
        <h2 id="my-reports" className="text-lg font-bold">
          {t("modelReport.report.mine")}
        </h2>
        {loaderData.reports.length === 0 ? (
          <p className="text-muted text-sm">{t("modelReport.report.mineEmpty")}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
            {loaderData.reports.map((report) => (
              <li key={report.id} className="space-y-1 px-4 py-3" data-report-status={report.status}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {report.manufacturer} {report.model} ({report.releaseYear})
                  </span>
                  <ReportStatusBadge status={report.status} />
                </p>
                <p className="text-muted text-xs">
                  {t("modelReport.report.reportedOn", { date: report.createdAt })}
                  {report.status === "accepted"
                    ? ` · ${t("modelReport.report.reward", { points: REPORT_REWARD_POINTS })}`
                    : null}
                </p>
                {report.status === "rejected" && report.decisionReason ? (
                  <p className="text-sm">
                    {t("modelReport.report.reason", { reason: report.decisionReason })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
