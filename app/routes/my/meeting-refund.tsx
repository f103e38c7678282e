import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/meeting-refund";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import type { SchemaField } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath, type Language } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { refundRequestPage, requestRefund } from "#app/services/payments/refund-requests.server";
import { REFUND_REASON_MAX, refundRequestSchema } from "#app/services/payments/refund.schema";
import { requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "payment.refund.title" };

/** The meeting the address names, or 404. */
function meetingIdOf(params: { id?: string }): number {
  const id = idOrNull(params.id);
  if (id === null) notFound();
  return id;
}

/** A refusal of the page itself (no such meeting, not its requester) as its status and message. */
function refusal(language: Language, error: unknown): never {
  const { status, error: body } = domainAnswer(language, error);
  throw data(body.message, { status, statusText: body.message });
}

/**
 * /my/meeting/:id/refund: the requester of a paid meeting that ended asks for a refund with a reason, within the
 * hold; a request already sent is shown with its state instead.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const meetingId = meetingIdOf(params);
  const { db, clock } = getRuntime();
  try {
    const page = await refundRequestPage(db, clock, actor, meetingId);
    const at = (date: Date | null) => (date ? formatDateTime(language, date) : null);
    return {
      ...page,
      meeting: { ...page.meeting, endedAt: at(page.meeting.endedAt) },
      deadline: at(page.deadline),
    };
  } catch (error) {
    refusal(language, error);
  }
}

/** Sends the request: back to the member's sent meetings with a message, or the refusal with the reason kept. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const meetingId = meetingIdOf(params);
  const submission = parseSubmission(await readForm(request), refundRequestSchema);
  if (submission.status !== "success") return refusedSubmission(submission);
  const { db, clock } = getRuntime();
  try {
    await requestRefund(db, clock, actor, meetingId, submission.value.reason);
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  const { meeting } = await refundRequestPage(db, clock, actor, meetingId);
  return redirectWithFlash(localizePath(language, `/my/meeting?tab=${meeting.kind}&side=sent`), {
    key: "payment.refund.sent",
  });
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };

export default function MeetingRefund({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { meeting, order, request, deadline, allowed } = loaderData;
  const won = (amount: number) => t("payment.won", { amount });
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("payment.refund.title")}</h1>
        <p className="text-muted text-sm">{t("payment.refund.text")}</p>
      </div>
      <div className="space-y-2 rounded-xl border border-subtle p-4">
        <h2 className="font-bold break-all">
          {t("payment.refund.meeting", {
            nickname: meeting.providerNickname,
            kind: t(`meeting.kind.${meeting.kind}`),
          })}
        </h2>
        <ul className="text-muted space-y-0.5 text-sm">
          {meeting.endedAt ? <li>{t("payment.refund.endedAt", { date: meeting.endedAt })}</li> : null}
          {deadline ? <li>{t("payment.refund.deadline", { date: deadline })}</li> : null}
        </ul>
        {order ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt>{t("payment.amounts.price")}</dt>
            <dd className="text-right tabular-nums">{won(order.price)}</dd>
            {order.discount > 0 ? (
              <>
                <dt>{t("payment.amounts.discount")}</dt>
                <dd className="text-right tabular-nums">-{won(order.discount)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">{t("payment.amounts.charged")}</dt>
            <dd className="text-right font-semibold tabular-nums">{won(order.charged)}</dd>
            {order.refunded > 0 ? (
              <>
                <dt>{t("payment.amounts.refunded")}</dt>
                <dd className="text-right tabular-nums">{won(order.refunded)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
      {request ? (
        <section aria-labelledby="refund-sent" className="space-y-1 rounded-xl border border-subtle p-4">
          <h2 id="refund-sent" className="font-bold">
            {t("payment.refund.existing")}
            {" · "}
            {t(`payment.requestState.${request.status}`)}
          </h2>
          <p className="text-sm break-words">{t("payment.refund.yourReason", { reason: request.reason })}</p>
          {request.decisionReason ? (
            <p className="text-sm break-words">
              {t("payment.refund.decisionReason", { reason: request.decisionReason })}
            </p>
          ) : null}
        </section>
      ) : allowed ? (
        <RefundForm result={result} />
      ) : (
        <Notice>{t("payment.refund.notAllowed")}</Notice>
      )}
      <p className="flex flex-wrap gap-4 text-sm">
        <LocalLink to="/policy/refund" className="text-link font-semibold underline">
          {t("payment.refund.policy")}
        </LocalLink>
        <LocalLink to={`/my/meeting?tab=${meeting.kind}&side=sent`} className="text-link underline">
          {t("payment.refund.back")}
        </LocalLink>
      </p>
    </section>
  );
}

/** The reason with its counter; checked by the form's schema before sending and by the service after. */
function RefundForm({ result }: { result: ActionResult | undefined }) {
  const t = useT();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/payments/refund.schema").then((schemas) => schemas.refundRequestSchema),
    { lastResult: result?.lastResult },
  );
  const reason = fields.reason as unknown as SchemaField;
  const [typed, setTyped] = useState(reason.defaultValue ?? "");
  const messages = useMessages()(reason.errors);
  const described = [`${reason.id}-hint`, `${reason.id}-counter`, messages.length > 0 ? reason.errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <FormAlert error={result?.error} />
      <div className="space-y-1">
        <label htmlFor={reason.id} className="block text-sm font-semibold">
          {t("payment.refund.reason")}
        </label>
        <textarea
          id={reason.id}
          name={reason.name}
          defaultValue={reason.defaultValue}
          required
          maxLength={REFUND_REASON_MAX}
          rows={5}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={described}
          className="surface block w-full rounded-lg border border-subtle px-3 py-2 aria-[invalid]:border-rose-600"
        />
        <div className="flex justify-between gap-2 text-xs">
          <p id={`${reason.id}-hint`} className="text-muted">
            {t("payment.refund.reasonHint")}
          </p>
          <p id={`${reason.id}-counter`} aria-live="polite" className="text-muted shrink-0 tabular-nums">
            {t("payment.refund.counter", { count: [...typed.trim()].length, max: REFUND_REASON_MAX })}
          </p>
        </div>
        {messages.length > 0 ? (
          <p id={reason.errorId} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
      <SubmitButton>{t("payment.refund.submit")}</SubmitButton>
    </Form>
  );
}
