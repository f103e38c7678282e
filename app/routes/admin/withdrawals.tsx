import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/withdrawals";
import { AdminNav } from "#app/components/admin/AdminNav";
import { useMessages } from "#app/components/forms/messages";
import { Pager } from "#app/components/notice/Pager";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { bankName } from "#app/services/settlement/bank-codes";
import { withdrawalMachine } from "#app/services/settlement/settlement-machine";
import { listWithdrawals } from "#app/services/settlement/settlement-pages.server";
import {
  ADMIN_REASON_MAX,
  withdrawalActSchema,
  withdrawalListQuerySchema,
} from "#app/services/settlement/withdrawal.schema";
import {
  holdWithdrawal,
  markWithdrawalFailed,
  markWithdrawalPaid,
  unholdWithdrawal,
} from "#app/services/settlement/withdrawals.server";
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
export const handle: RouteHandle = { titleKey: "withdrawal.admin.title" };

/**
 * /admin/withdrawals: the withdrawals for staff who handle money (after the recent step-up), by state: the export of
 * the requested ones as the bank's bulk-transfer file, paid / failed / hold / release per withdrawal, the payout
 * service's mode and balance, and the month's tax files.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = withdrawalListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db, clock, payouts, logger } = getRuntime();
  const { rows, hasNext, requested } = await listWithdrawals(db, actor, query);
  const balance = await payouts.balance().catch((error: unknown) => {
    logger.warn({ err: error }, "payout balance unavailable");
    return null;
  });
  const at = (date: Date | null) => (date ? formatDateTime(language, date) : null);
  return {
    query,
    hasNext,
    requested,
    mode: payouts.mode,
    balance,
    month: seoulDay(clock.now()).slice(0, 7),
    rows: rows.map((row) => ({
      ...row,
      bank: bankName(row.bankCode, language),
      requestedAt: at(row.requestedAt)!,
      paidAt: at(row.paidAt),
    })),
  };
}

/** One act on one withdrawal: back to the list with a message, or the refusal kept. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const parsed = parseIntentSubmission(await readForm(request), withdrawalActSchema, language);
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedSubmission(submission);
  const form = submission.value;
  const { db, clock, payouts } = getRuntime();
  const from = actingFrom(request);
  try {
    if (form.intent === "hold") await holdWithdrawal(db, clock, actor, form.withdrawalId, form.reason, from);
    if (form.intent === "unhold") await unholdWithdrawal(db, clock, actor, form.withdrawalId, from);
    if (form.intent === "paid")
      await markWithdrawalPaid(db, clock, actor, form.withdrawalId, payouts.mode, from);
    if (form.intent === "failed")
      await markWithdrawalFailed(db, clock, actor, form.withdrawalId, form.reason, payouts.mode, from);
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, `/admin/withdrawals${url.search}`), {
    key: "withdrawal.admin.done",
  });
}

type ActionResult = {
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};
type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold";

/** The last answer when it was to this withdrawal's form. */
function answerTo(result: ActionResult | undefined, id: number) {
  return result?.lastResult?.initialValue?.withdrawalId === String(id) ? result : undefined;
}

export default function AdminWithdrawals({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { query, rows, hasNext } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("withdrawal.admin.title")}</h1>
      <AdminNav />
      <p className="text-muted text-sm">{t("withdrawal.admin.text")}</p>
      <Service data={loaderData} />
      <nav aria-label={t("withdrawal.admin.filter")}>
        <ul className="flex flex-wrap gap-2">
          {withdrawalMachine.states.map((state) => (
            <li key={state}>
              <LocalLink
                to={`/admin/withdrawals?state=${state}`}
                aria-current={query.state === state ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-subtle px-3 text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
              >
                {t(`withdrawal.state.${state}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <p className="text-muted">{t("withdrawal.admin.empty")}</p>
      ) : (
        <ul aria-label={t("withdrawal.admin.list")} className="space-y-4">
          {rows.map((row) => (
            <li key={row.id} className={panel} data-testid="withdrawal-row">
              <Summary row={row} />
              <Acts row={row} mode={loaderData.mode} result={answerTo(result, row.id)} />
            </li>
          ))}
        </ul>
      )}
      <Pager path="/admin/withdrawals" query={{ state: query.state }} page={query.page} hasNext={hasNext} />
      <TaxFiles month={loaderData.month} />
    </section>
  );
}

/** The payout service's mode and balance, and the export of the requested withdrawals (a file download). */
function Service({ data }: { data: Data }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className={panel}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t("withdrawal.admin.mode")}</dt>
        <dd>{data.mode === "manual" ? t("withdrawal.admin.modeManual") : t("withdrawal.admin.modeToss")}</dd>
        <dt className="text-muted">{t("withdrawal.admin.balance")}</dt>
        <dd className="tabular-nums">
          {data.balance === null
            ? t("withdrawal.admin.balanceUnknown")
            : t("withdrawal.won", { amount: data.balance })}
        </dd>
      </dl>
      {data.mode === "manual" ? (
        <Form
          method="post"
          action={localizePath(language, "/admin/withdrawals/export.csv")}
          reloadDocument
          className="space-y-2"
        >
          <p className="text-muted text-xs">{t("withdrawal.admin.exportHint")}</p>
          <ConfirmButton
            className={`${primary} w-full`}
            disabled={data.requested === 0}
            confirm={{
              title: t("withdrawal.admin.exportConfirm"),
              description: t("withdrawal.admin.exportConfirmText", { count: data.requested }),
              action: t("withdrawal.admin.export"),
              tone: "danger",
            }}
          >
            {t("withdrawal.admin.export")}
          </ConfirmButton>
        </Form>
      ) : null}
    </div>
  );
}

function Summary({ row }: { row: Row }) {
  const t = useT();
  const won = (amount: number) => t("withdrawal.won", { amount });
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-bold break-all">{t("withdrawal.admin.member", { nickname: row.nickname })}</h2>
        <span className="surface-muted rounded-full px-2 py-0.5 text-xs font-semibold">
          {t(`withdrawal.state.${row.status}`)}
        </span>
      </div>
      <p className="text-sm break-all">
        {t("withdrawal.admin.account", { bank: row.bank, masked: row.accountMasked, holder: row.holderName })}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">{t("withdrawal.quote.gross")}</dt>
          <dd className="tabular-nums">{won(row.gross)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("withdrawal.quote.bankFee")}</dt>
          <dd className="tabular-nums">{won(row.bankFee)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("withdrawal.quote.tax")}</dt>
          <dd className="tabular-nums">{won(row.incomeTax + row.localTax)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("withdrawal.quote.deposit")}</dt>
          <dd className="font-semibold tabular-nums">{won(row.deposit)}</dd>
        </div>
      </dl>
      <ul className="text-muted space-y-0.5 text-sm">
        <li>{t("withdrawal.admin.requestedAt", { date: row.requestedAt })}</li>
        {row.paidAt ? <li>{t("withdrawal.admin.paidAt", { date: row.paidAt })}</li> : null}
        {row.holdReason ? <li>{t("withdrawal.history.held", { reason: row.holdReason })}</li> : null}
        {row.failReason ? <li>{t("withdrawal.history.failed", { reason: row.failReason })}</li> : null}
      </ul>
    </>
  );
}

/** The acts the row's state allows, each asked once more; those with a reason keep it after a refusal. */
function Acts({ row, mode, result }: { row: Row; mode: string; result: ActionResult | undefined }) {
  const t = useT();
  const id = `withdrawal-${row.id}`;
  if (row.status === "requested")
    return <ReasonAct row={row} intent="hold" result={result} id={`${id}-hold`} />;
  if (row.status === "held")
    return (
      <Form method="post" className="border-t border-subtle pt-3">
        <FormAlert error={result?.error} />
        <input type="hidden" name="withdrawalId" value={row.id} />
        <input type="hidden" name="intent" value="unhold" />
        <ConfirmButton
          className={secondary}
          confirm={{
            title: t("withdrawal.admin.unholdConfirm"),
            description: t("withdrawal.admin.unholdConfirmText"),
            action: t("withdrawal.admin.unhold"),
            tone: "primary",
          }}
        >
          {t("withdrawal.admin.unhold")}
        </ConfirmButton>
      </Form>
    );
  if (row.status === "processing" && mode === "manual")
    return (
      <div className="space-y-3 border-t border-subtle pt-3">
        <Form method="post">
          <input type="hidden" name="withdrawalId" value={row.id} />
          <input type="hidden" name="intent" value="paid" />
          <ConfirmButton
            className={`${primary} w-full`}
            confirm={{
              title: t("withdrawal.admin.paidConfirm"),
              description: t("withdrawal.admin.paidConfirmText", { amount: row.deposit }),
              action: t("withdrawal.admin.paid"),
              tone: "primary",
            }}
          >
            {t("withdrawal.admin.paid")}
          </ConfirmButton>
        </Form>
        <ReasonAct row={row} intent="failed" result={result} id={`${id}-failed`} />
      </div>
    );
  return null;
}

function ReasonAct({
  row,
  intent,
  result,
  id,
}: {
  row: Row;
  intent: "hold" | "failed";
  result: ActionResult | undefined;
  id: string;
}) {
  const t = useT();
  const messages = useMessages();
  const mine = result?.lastResult?.initialValue?.intent === intent ? result : undefined;
  const typed = mine?.lastResult?.initialValue;
  const errors = messages(mine?.lastResult?.error?.reason ?? undefined);
  return (
    <Form method="post" className="space-y-2 border-t border-subtle pt-3">
      <FormAlert error={mine?.error} />
      <input type="hidden" name="withdrawalId" value={row.id} />
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
        {t("withdrawal.admin.reason")}
      </label>
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t("withdrawal.admin.reasonHint", { max: ADMIN_REASON_MAX })}
      </p>
      <input
        id={`${id}-reason`}
        name="reason"
        required
        maxLength={ADMIN_REASON_MAX}
        defaultValue={typeof typed?.reason === "string" ? typed.reason : ""}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={[`${id}-hint`, errors.length > 0 ? `${id}-error` : null].filter(Boolean).join(" ")}
        className={fieldClass}
      />
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {errors.join(" ")}
        </p>
      ) : null}
      <ConfirmButton
        className={secondary}
        confirm={{
          title: t(intent === "hold" ? "withdrawal.admin.holdConfirm" : "withdrawal.admin.failedConfirm"),
          description: t(
            intent === "hold" ? "withdrawal.admin.holdConfirmText" : "withdrawal.admin.failedConfirmText",
          ),
          action: t(intent === "hold" ? "withdrawal.admin.hold" : "withdrawal.admin.failed"),
          tone: "danger",
        }}
      >
        {t(intent === "hold" ? "withdrawal.admin.hold" : "withdrawal.admin.failed")}
      </ConfirmButton>
    </Form>
  );
}

/** The month's tax files, each a download (GET) of its own. */
function TaxFiles({ month }: { month: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className={panel}>
      <h2 className="font-bold">{t("withdrawal.admin.taxExports")}</h2>
      <p className="text-muted text-xs">{t("withdrawal.admin.taxHint")}</p>
      {(["tax", "fees"] as const).map((file) => (
        <Form
          key={file}
          method="get"
          action={localizePath(language, `/admin/withdrawals/${file}.csv`)}
          reloadDocument
          className="flex flex-wrap items-end gap-2"
        >
          <div className="space-y-1">
            <label htmlFor={`tax-month-${file}`} className="block text-sm font-semibold">
              {t(file === "tax" ? "withdrawal.admin.taxCsv" : "withdrawal.admin.feesCsv")}
            </label>
            <input
              id={`tax-month-${file}`}
              type="month"
              name="month"
              required
              defaultValue={month}
              className={fieldClass}
            />
          </div>
          <button type="submit" className={secondary}>
            {t("withdrawal.admin.download")}
          </button>
        </Form>
      ))}
    </div>
  );
}
