import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/payments";
import { AdminNav } from "#app/components/admin/AdminNav";
import { Pager } from "#app/components/notice/Pager";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { addSeoulDays, seoulDay } from "#app/platform/seoul-calendar";
import { reconcileForm } from "#app/services/admin/console-forms.schema";
import {
  listConsolePayments,
  reconcileAsAdmin,
  type ReconcileReport,
} from "#app/services/payments/reconcile.server";
import { actingFrom } from "#app/shell/auth.server";
import { domainAnswer } from "#app/shell/domain.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "payment.console.title" };

/** The recent payments for staff who handle money (after the recent step-up), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const page = Math.max(1, Math.min(1_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const { db, clock } = getRuntime();
  const { rows, hasNext } = await listConsolePayments(db, actor, page);
  return {
    page,
    hasNext,
    // The day the daily run reconciles: yesterday in Seoul.
    yesterday: addSeoulDays(seoulDay(clock.now()), -1),
    rows: rows.map((row) => ({ ...row, createdAt: formatDateTime(language, row.createdAt) })),
  };
}

/**
 * Reconciles a chosen Seoul day now (an audited act): the mismatches are answered to the page, not kept (see
 * services/payments/reconcile.server.ts for why).
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), reconcileForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { db, clock, payments, logger } = getRuntime();
  try {
    const report = await reconcileAsAdmin(
      db,
      clock,
      payments,
      logger,
      actor,
      submission.value.day,
      actingFrom(request),
    );
    return { report };
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body, day: submission.value.day }, { status });
  }
}

type ActionResult =
  | { report: ReconcileReport; error?: undefined; day?: undefined }
  | { error: { code: string; message: string }; day?: string; report?: undefined };

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const { rows, page, hasNext, yesterday } = loaderData;
  const report = result?.report;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("payment.console.title")}</h1>
      <AdminNav />
      <p className="text-muted text-sm">{t("payment.console.text")}</p>
      <section aria-labelledby="payment-reconcile" className={panel}>
        <h2 id="payment-reconcile" className="text-lg font-bold">
          {t("payment.console.reconcile.title")}
        </h2>
        <Form method="post" className="space-y-3">
          <FormAlert error={result?.error} />
          <label htmlFor="reconcile-day" className="block text-sm font-semibold">
            {t("payment.console.reconcile.day")}
          </label>
          <p id="reconcile-day-hint" className="text-muted text-xs">
            {t("payment.console.reconcile.dayHint")}
          </p>
          <input
            id="reconcile-day"
            name="day"
            type="date"
            required
            defaultValue={result?.day ?? report?.day ?? yesterday}
            aria-describedby="reconcile-day-hint"
            className="surface block min-h-11 rounded-lg border border-subtle px-3"
          />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong disabled:opacity-60"
          >
            {t("payment.console.reconcile.submit")}
          </button>
        </Form>
        {report ? <ReportView report={report} /> : null}
      </section>
      <section aria-labelledby="payment-list" className="space-y-3">
        <h2 id="payment-list" className="text-lg font-bold">
          {t("payment.console.list")}
        </h2>
        {rows.length === 0 ? (
          <p className="text-muted">{t("payment.console.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {rows.map((row) => (
              <li key={row.id} className={panel} data-testid="console-payment">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-bold break-all">
                    {t("payment.console.order", { orderId: row.orderId })}
                  </h3>
                  <span
                    className={`${badge} ${row.status === "paid" ? "bg-primary-soft text-primary-strong" : "surface-muted"}`}
                  >
                    {t(`payment.console.state.${row.status}`)}
                  </span>
                </div>
                <ul className="text-muted space-y-0.5 text-sm">
                  <li>
                    {t("payment.console.meeting", {
                      id: row.meetingId,
                      kind: t(`meeting.kind.${row.meetingKind}`),
                    })}
                  </li>
                  <li>
                    {t("payment.console.requester", {
                      nickname: row.requesterNickname ?? t("payment.console.unknownMember"),
                    })}
                    {" · "}
                    {t("payment.console.provider", {
                      nickname: row.providerNickname ?? t("payment.console.unknownMember"),
                    })}
                  </li>
                  <li>
                    {t("payment.console.amounts", {
                      price: row.price,
                      discount: row.discount,
                      amount: row.amount,
                    })}
                  </li>
                  {row.refundedAmount > 0 ? (
                    <li>{t("payment.console.refunded", { amount: row.refundedAmount })}</li>
                  ) : null}
                  <li>{t("payment.console.createdAt", { date: row.createdAt })}</li>
                  {row.failCode ? <li>{t("payment.console.failCode", { code: row.failCode })}</li> : null}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pager path="/admin/payments" query={{}} page={page} hasNext={hasNext} />
    </section>
  );
}

/** What a reconciliation found, one line per mismatch, the fixed ones saying what they became. */
function ReportView({ report }: { report: ReconcileReport }) {
  const t = useT();
  return (
    <div role="status" className="space-y-2 border-t border-subtle pt-3" data-testid="reconcile-report">
      <p className="font-semibold">
        {t("payment.console.reconcile.result", { day: report.day, checked: report.checked })}
      </p>
      {report.mismatches.length === 0 ? (
        <p className="text-muted text-sm">{t("payment.console.reconcile.clean")}</p>
      ) : (
        <ul className="space-y-2">
          {report.mismatches.map((mismatch, index) => (
            <li
              key={`${mismatch.kind}-${mismatch.order}-${mismatch.refundId ?? index}`}
              className={`rounded-lg px-3 py-2 text-sm ${mismatch.fixed ? "surface-muted" : "border border-rose-300"}`}
            >
              <p className="font-semibold">{t(`payment.console.mismatch.${mismatch.kind}`)}</p>
              <p className="text-muted break-all">
                {t("payment.console.order", { orderId: mismatch.orderId })}
                {" · "}
                {t("payment.console.meetingNumber", { id: mismatch.meetingId })}
                {" · "}
                {t(`payment.console.state.${mismatch.status}`)}
                {mismatch.refundId !== null
                  ? ` · ${t("payment.console.reconcile.refund", { id: mismatch.refundId })}`
                  : ""}
              </p>
              <p className="text-muted">
                {mismatch.ours !== null
                  ? t("payment.console.reconcile.ours", { amount: mismatch.ours })
                  : null}
                {mismatch.ours !== null && mismatch.theirs !== null ? " · " : null}
                {mismatch.theirs !== null
                  ? t("payment.console.reconcile.theirs", { amount: mismatch.theirs })
                  : null}
                {mismatch.gatewayStatus
                  ? ` · ${t("payment.console.reconcile.gatewayStatus", { status: mismatch.gatewayStatus })}`
                  : null}
              </p>
              {mismatch.fixed ? (
                <p className="font-semibold">
                  {t("payment.console.reconcile.fixed", {
                    status: t(`payment.console.state.${mismatch.fixed}`),
                  })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
