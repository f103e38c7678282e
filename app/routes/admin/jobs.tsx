import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/jobs";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { failedJobsForAdmin, retryJobAsAdmin } from "#app/services/operations/failed-jobs.server";
import { actingFrom } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { failedJobForm } from "#app/services/admin/console-forms.schema";
import { domainAnswer } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "jobs.adminTitle" };

/** Administrators (with two-step verification) see the jobs that failed for good; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:site");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const jobs = await failedJobsForAdmin(getRuntime().db, actor);
  return {
    jobs: jobs.map((job) => ({
      id: job.id,
      kind: job.kind,
      lastError: job.lastError ?? "",
      attempts: job.attempts,
      failedAt: job.failedAt ? formatDateTime(language, job.failedAt) : "",
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:site");
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), failedJobForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { db, clock } = getRuntime();
  try {
    await retryJobAsAdmin(db, clock, actor, submission.value.id, actingFrom(request));
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body }, { status });
  }
  return redirectWithFlash(localizePath(language, "/admin/jobs"), { key: "jobs.retried" });
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("jobs.adminTitle")}</h1>
      <p className="text-muted text-sm">{t("jobs.adminText")}</p>
      <FormAlert error={result?.error} />
      {loaderData.jobs.length === 0 ? (
        <p className="text-muted">{t("jobs.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {loaderData.jobs.map((job) => (
            <li key={job.id} className="space-y-2 rounded-xl border border-subtle p-4">
              <p className="font-semibold">
                <span className="sr-only">{t("jobs.kind")}: </span>
                <code>{job.kind}</code>
              </p>
              <p className="text-muted text-xs">
                {t("jobs.attempts", { count: job.attempts })} · {t("jobs.failedAt", { date: job.failedAt })}
              </p>
              <div className="surface-muted rounded-lg px-3 py-2 text-sm">
                <p className="text-muted text-xs">{t("jobs.lastError")}</p>
                <pre className="font-sans break-all whitespace-pre-wrap">{job.lastError}</pre>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={job.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
                >
                  {t("jobs.retry")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
