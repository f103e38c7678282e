import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/inquiry";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import { answerInquiry, inquiriesForAdmin } from "#app/services/support/inquiry.server";
import { domainAnswer } from "#app/shell/domain.server";

import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { inquiryAnswerForm } from "#app/services/admin/console-forms.schema";
import { redirectWithFlash } from "#app/shell/flash.server";
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
export const handle: RouteHandle = { titleKey: "inquiry.adminTitle" };

/** Administrators (with two-step verification) read and answer members' inquiries; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  try {
    const rows = await inquiriesForAdmin(getRuntime().db, actor);
    return {
      inquiries: rows.map((row) => ({
        ...row,
        createdAt: formatDate(language, row.createdAt),
        answeredAt: row.answeredAt ? formatDate(language, row.answeredAt) : null,
      })),
    };
  } catch (error) {
    if (isDomainError(error, "inquiry")) {
      notFound();
    }
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), inquiryAnswerForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { db, clock } = getRuntime();
  try {
    await answerInquiry(db, clock, actor, submission.value.id, submission.value.answer, actingFrom(request));
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body }, { status });
  }
  return redirectWithFlash(localizePath(language, "/admin/inquiry"), { key: "inquiry.answerDone" });
}

export default function AdminInquiry({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("inquiry.adminTitle")}</h1>
      <FormAlert error={result?.error} />
      <ul className="space-y-4">
        {loaderData.inquiries.map((item) => (
          <li key={item.id} className="rounded-xl border border-subtle p-4">
            <p className="text-muted text-xs">
              {t("inquiry.from", { nickname: item.nickname ?? "-" })} · {item.createdAt}
            </p>
            <p className="font-semibold">{item.title}</p>
            <p className="mt-1 whitespace-pre-wrap text-sm">{item.body}</p>
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="id" value={item.id} />
              <label className="block text-sm font-semibold" htmlFor={`answer-${item.id}`}>
                {t("inquiry.answer")}
              </label>
              <textarea
                id={`answer-${item.id}`}
                name="answer"
                rows={3}
                defaultValue={item.answer ?? ""}
                className="surface block w-full rounded-lg border border-subtle px-3 py-2"
              />
              <SubmitButton variant="secondary">{t("inquiry.answerSubmit")}</SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
