import { randomUUID } from "node:crypto";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/inquiry";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { inquiryFormSchema } from "#app/services/support/inquiry.schema";
import { alreadySubmitted, submitOnce } from "#app/services/content/submit-once.server";
import { myInquiries, sendInquiry } from "#app/services/support/inquiry.server";
import { domainFailure } from "#app/shell/domain.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "inquiry.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const rows = await myInquiries(getRuntime().db, viewer.id);
  return {
    token: randomUUID(),
    inquiries: rows.map((row) => ({
      ...row,
      createdAt: formatDate(language, row.createdAt),
      answeredAt: row.answeredAt ? formatDate(language, row.answeredAt) : null,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), inquiryFormSchema);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { token, ...input } = submission.value;
  const { db, clock } = getRuntime();
  const sent = () => redirectWithFlash(localizePath(language, "/setting/inquiry"), { key: "inquiry.sent" });
  try {
    // A double click sends one inquiry: the second waits for the first and lands on the same page.
    await submitOnce(db, clock, { memberId: actor.id, token }, (uow) =>
      sendInquiry(uow, clock, actor.id, input),
    );
  } catch (error) {
    // The same form already went through (from another process): the member sees it sent, as after the first.
    if (alreadySubmitted(error)) return sent();
    return domainFailure(language, error, input);
  }
  return sent();
}

export default function Inquiry({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("inquiry.title")}</h1>
      <p className="text-muted text-sm">{t("inquiry.text")}</p>
      <Form method="post" className="space-y-3" noValidate>
        <FormAlert error={result?.error} />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label={t("inquiry.subject")}
          name="title"
          maxLength={100}
          required
          defaultValue={result?.values.title}
        />
        <div className="space-y-1">
          <label htmlFor="inquiry-body" className="block text-sm font-semibold">
            {t("inquiry.body")}
          </label>
          <textarea
            id="inquiry-body"
            name="body"
            rows={6}
            maxLength={2000}
            required
            defaultValue={result?.values.body}
            className="surface block w-full rounded-lg border border-subtle px-3 py-2"
          />
        </div>
        <SubmitButton>{t("inquiry.submit")}</SubmitButton>
      </Form>
      <section aria-labelledby="my-inquiries" className="space-y-3">
        <h2 id="my-inquiries" className="text-lg font-bold">
          {t("inquiry.mine")}
        </h2>
        {loaderData.inquiries.length === 0 ? <p className="text-muted">{t("inquiry.empty")}</p> : null}
        <ul className="space-y-3">
          {loaderData.inquiries.map((item) => (
            <li key={item.id} className="rounded-xl border border-subtle p-4">
              <p className="font-semibold">{item.title}</p>
              <p className="text-muted text-xs">{item.createdAt}</p>
              <p className="mt-2 whitespace-pre-wrap text-sm">{item.body}</p>
              {item.answer ? (
                <div className="surface-muted mt-3 rounded-lg p-3 text-sm">
                  <p className="font-semibold">{t("inquiry.answeredOn", { date: item.answeredAt ?? "" })}</p>
                  <p className="mt-1 whitespace-pre-wrap" data-testid="inquiry-answer">
                    {item.answer}
                  </p>
                </div>
              ) : (
                <p className="text-muted mt-3 text-sm">{t("inquiry.waiting")}</p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
