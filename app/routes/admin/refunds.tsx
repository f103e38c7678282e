import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/refunds";
import { AdminNav } from "#app/components/admin/AdminNav";
import { useMessages } from "#app/components/forms/messages";
import { Pager } from "#app/components/notice/Pager";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  decideRefundRequest,
  listRefundRequests,
  type RefundDecision,
} from "#app/services/payments/refund-requests.server";
import {
  REFUND_REASON_MAX,
  refundDecisionSchema,
  refundListQuerySchema,
} from "#app/services/payments/refund.schema";
import { actingFrom } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "payment.admin.title" };

/** The refund requests for staff who handle money (after the recent step-up): open ones first, a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = refundListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = getRuntime();
  const { rows, hasNext } = await listRefundRequests(db, actor, query);
  const at = (date: Date | null) => (date ? formatDateTime(language, date) : null);
  return {
    query,
    hasNext,
    rows: rows.map((row) => ({
      ...row,
      createdAt: at(row.createdAt)!,
      deadline: at(row.deadline),
      meeting: { ...row.meeting, endedAt: at(row.meeting.endedAt) },
      decision: row.decision ? { ...row.decision, at: at(row.decision.at) } : null,
    })),
  };
}

/** Decides one request in full, in part or not; back to the list with a message, or the refusal kept. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const language = languageFromPath(new URL(request.url).pathname);
  const parsed = parseIntentSubmission(await readForm(request), refundDecisionSchema, language);
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedSubmission(submission);
  const form = submission.value;
  const decision: RefundDecision =
    form.intent === "partial"
      ? { kind: "partial", amount: form.amount, reason: form.reason }
      : { kind: form.intent, reason: form.reason };
  const { db, clock } = getRuntime();
  try {
    await decideRefundRequest(db, clock, actor, form.requestId, decision, actingFrom(request));
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, "/admin/refunds"), { key: "payment.admin.done" });
}

type ActionResult = {
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** The last answer when it was to this request's form. */
function answerTo(result: ActionResult | undefined, requestId: number) {
  return result?.lastResult?.initialValue?.requestId === String(requestId) ? result : undefined;
}

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

export default function AdminRefunds({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { query, rows, hasNext } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("payment.admin.title")}</h1>
      <AdminNav />
      <p className="text-muted text-sm">{t("payment.admin.text")}</p>
      {rows.length === 0 ? (
        <p className="text-muted">{t("payment.admin.empty")}</p>
      ) : (
        <ul aria-label={t("payment.admin.list")} className="space-y-4">
          {rows.map((row) => (
            <li key={row.id} className={panel} data-testid="refund-request">
              <RequestSummary row={row} />
              {row.status === "open" ? <DecisionForm row={row} result={answerTo(result, row.id)} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Pager path="/admin/refunds" query={{}} page={query.page} hasNext={hasNext} />
    </section>
  );
}

function RequestSummary({ row }: { row: Row }) {
  const t = useT();
  const won = (amount: number) => t("payment.won", { amount });
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-bold">
          {t("payment.admin.meeting", { kind: t(`meeting.kind.${row.meeting.kind}`), id: row.meeting.id })}
        </h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.status === "open" ? "bg-primary-soft text-primary-strong" : "surface-muted"}`}
        >
          {t(`payment.requestState.${row.status}`)}
        </span>
      </div>
      <p className="text-sm break-all">
        {t("payment.admin.members", { requester: row.requesterNickname, provider: row.providerNickname })}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t("payment.amounts.price")}</dt>
          <dd className="tabular-nums">{won(row.price)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("payment.amounts.discount")}</dt>
          <dd className="tabular-nums break-all">
            {row.couponName
              ? t("payment.couponNamed", { name: row.couponName, amount: row.discount })
              : won(0)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t("payment.amounts.charged")}</dt>
          <dd className="font-semibold tabular-nums">{won(row.charged)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("payment.amounts.refunded")}</dt>
          <dd className="tabular-nums">{won(row.refunded)}</dd>
        </div>
      </dl>
      <ul className="text-muted space-y-0.5 text-sm">
        <li>{t("payment.admin.requestedAt", { date: row.createdAt })}</li>
        {row.meeting.endedAt ? <li>{t("payment.admin.endedAt", { date: row.meeting.endedAt })}</li> : null}
        {row.deadline ? <li>{t("payment.admin.deadline", { date: row.deadline })}</li> : null}
      </ul>
      <div className="surface-muted rounded-lg px-3 py-2 text-sm">
        <p className="font-semibold">{t("payment.admin.reason")}</p>
        <p className="break-words whitespace-pre-line">{row.reason}</p>
      </div>
      {row.decision ? (
        <div className="text-sm">
          <p>
            {t("payment.admin.decided", {
              state: t(`payment.requestState.${row.status}`),
              amount: row.decision.amount,
              date: row.decision.at ?? "",
              nickname: row.decision.byNickname ?? t("payment.admin.bySystem"),
            })}
          </p>
          {row.decision.reason ? (
            <p className="break-words">
              {t("payment.admin.decisionReason", { reason: row.decision.reason })}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

const decisionKinds = ["full", "partial", "declined"] as const;

/**
 * One request's decision: in full, in part (an amount) or declined, with a reason; asked once more before it is
 * sent. The server checks it all again; a refusal keeps what was typed.
 */
function DecisionForm({ row, result }: { row: Row; result: ActionResult | undefined }) {
  const t = useT();
  const messages = useMessages();
  const typed = result?.lastResult?.initialValue;
  const [kind, setKind] = useState<string>(typeof typed?.intent === "string" ? typed.intent : "full");
  const id = `refund-${row.id}`;
  const amountErrors = messages(result?.lastResult?.error?.amount ?? undefined);
  const reasonErrors = messages(result?.lastResult?.error?.reason ?? undefined);
  const described = (field: string, errors: string[], hint?: boolean) =>
    [hint ? `${id}-${field}-hint` : null, errors.length > 0 ? `${id}-${field}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <Form method="post" className="space-y-3 border-t border-subtle pt-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t("payment.admin.decide")}
      </h3>
      <input type="hidden" name="requestId" value={row.id} />
      <FormAlert error={result?.error} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t("payment.admin.decisionKind")}</legend>
        <div className="flex flex-wrap gap-x-4">
          {decisionKinds.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="intent"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {value === "full" ? t("payment.admin.full", { amount: row.left }) : t(`payment.admin.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Shown for every choice, so the form works before the page is interactive; only a part reads it. */}
      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className="block text-sm font-semibold">
          {t("payment.admin.amount")}
        </label>
        <p id={`${id}-amount-hint`} className="text-muted text-xs">
          {t("payment.admin.amountHint", { max: row.left })}
        </p>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="numeric"
          required={kind === "partial"}
          defaultValue={typeof typed?.amount === "string" ? typed.amount : ""}
          aria-invalid={amountErrors.length > 0 || undefined}
          aria-describedby={described("amount", amountErrors, true)}
          className={fieldClass}
        />
        {amountErrors.length > 0 ? (
          <p id={`${id}-amount-error`} className="text-sm text-rose-700">
            {amountErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
          {t("payment.admin.decisionReasonLabel")}
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          required
          maxLength={REFUND_REASON_MAX}
          defaultValue={typeof typed?.reason === "string" ? typed.reason : ""}
          aria-invalid={reasonErrors.length > 0 || undefined}
          aria-describedby={described("reason", reasonErrors)}
          className={`${fieldClass} py-2`}
        />
        {reasonErrors.length > 0 ? (
          <p id={`${id}-reason-error`} className="text-sm text-rose-700">
            {reasonErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <ConfirmButton
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white disabled:opacity-60"
        confirm={{
          title: t("payment.admin.confirm"),
          description: t("payment.admin.confirmText"),
          action: t("payment.admin.submit"),
          tone: kind === "declined" ? "primary" : "danger",
        }}
      >
        {t("payment.admin.submit")}
      </ConfirmButton>
    </Form>
  );
}
