import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { Pager } from "#app/components/notice/Pager";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate, formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { seoulTime } from "#app/platform/seoul-calendar";
import { bankName } from "#app/services/settlement/bank-codes";
import { settlementOverview, taxSummary } from "#app/services/settlement/settlement-pages.server";
import { settlementActionSchema, settlementQuerySchema } from "#app/services/settlement/withdrawal.schema";
import {
  cancelWithdrawal,
  quoteWithdrawal,
  requestWithdrawal,
} from "#app/services/settlement/withdrawals.server";
import { requireActor } from "#app/shell/auth.server";
import { domainAnswer, domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedForm, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireSecurityCheck } from "#app/shell/security-check.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "withdrawal.title" };

/**
 * /settlement: an expert's earnings (ADR 064). The withdrawal tab lists the balances, the lines on hold and the
 * withdrawable ones (all selected by default); a GET with the selected lines and `step=confirm` shows what would be
 * deposited, so the page works without scripts; the withdrawal itself asks the withdrawal password first. The tax
 * tab sums the tax withheld per Seoul month (individuals) or the platform's fees (business members).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = settlementQuerySchema.parse({
    ...Object.fromEntries(url.searchParams),
    line: url.searchParams.getAll("line"),
  });
  const { db, clock, config } = getRuntime();
  const at = (date: Date | null) => (date ? formatDate(language, date) : null);
  if (query.tab === "tax") {
    const year = query.year ?? seoulTime(clock.now()).year;
    const tax = await taxSummary(db, actor, { year });
    return { tab: "tax" as const, query, year, tax, overview: null, quote: null, quoteError: null };
  }
  const overview = await settlementOverview(db, actor, { page: query.page });
  let quote = null;
  let quoteError = null;
  if (query.step === "confirm" && query.line.length > 0) {
    try {
      quote = await quoteWithdrawal(db, clock, actor, query.line, { bankFee: config.bankTransferFee });
    } catch (error) {
      quoteError = domainAnswer(language, error).error;
    }
  }
  return {
    tab: "manage" as const,
    query,
    year: null,
    tax: null,
    quote: quote ? { ...quote, bank: bankName(quote.bankCode, language) } : null,
    quoteError,
    overview: {
      ...overview,
      account: overview.account
        ? { ...overview.account, bank: bankName(overview.account.bankCode, language) }
        : null,
      lines: overview.lines.map((line) => ({
        ...line,
        endedAt: at(line.endedAt),
        releasableAt: at(line.releasableAt)!,
      })),
      withdrawals: overview.withdrawals.map((row) => ({
        ...row,
        requestedAt: formatDateTime(language, row.requestedAt),
      })),
    },
  };
}

/** Withdraws the selected lines (after the withdrawal password), or cancels a requested withdrawal. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const parsed = parseIntentSubmission(await readForm(request), settlementActionSchema, language);
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedForm(language, submission);
  const form = submission.value;
  const { db, clock, config, payouts } = getRuntime();
  try {
    if (form.intent === "withdraw") {
      await requireSecurityCheck(request, actor);
      await requestWithdrawal(db, clock, actor, form.line, {
        bankFee: config.bankTransferFee,
        payoutMode: payouts.mode,
      });
    } else {
      await cancelWithdrawal(db, clock, actor, form.withdrawalId);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, "/settlement"), {
    key: form.intent === "withdraw" ? "withdrawal.flash.requested" : "withdrawal.flash.cancelled",
  });
}

type ActionResult = { error?: { code: string; message: string } };
type Data = Route.ComponentProps["loaderData"];
type Overview = NonNullable<Data["overview"]>;

const button =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white disabled:opacity-60";
const panel = "space-y-3 rounded-xl border border-subtle p-4";

export default function Settlement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("withdrawal.title")}</h1>
        <p className="text-muted text-sm">{t("withdrawal.text")}</p>
      </div>
      <nav aria-label={t("withdrawal.tabs.label")}>
        <ul className="flex gap-2">
          {(["manage", "tax"] as const).map((tab) => (
            <li key={tab}>
              <LocalLink
                to={tab === "manage" ? "/settlement" : "/settlement?tab=tax"}
                aria-current={loaderData.tab === tab ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-subtle px-4 text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
              >
                {t(`withdrawal.tabs.${tab}`)}
              </LocalLink>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.tab === "tax" ? <TaxTab data={loaderData} /> : <ManageTab data={loaderData} />}
    </section>
  );
}

function ManageTab({ data }: { data: Data }) {
  const t = useT();
  const overview = data.overview!;
  const won = (amount: number) => t("withdrawal.won", { amount });
  return (
    <>
      <dl aria-label={t("withdrawal.balances.label")} className="grid grid-cols-2 gap-3">
        <div className="surface-muted rounded-xl p-3">
          <dt className="text-muted text-sm">{t("withdrawal.balances.withdrawable")}</dt>
          <dd className="text-xl font-extrabold tabular-nums">{won(overview.withdrawable)}</dd>
        </div>
        <div className="surface-muted rounded-xl p-3">
          <dt className="text-muted text-sm">{t("withdrawal.balances.pending")}</dt>
          <dd className="text-xl font-extrabold tabular-nums">{won(overview.pending)}</dd>
        </div>
      </dl>
      <div className={panel}>
        <h2 className="font-bold">{t("withdrawal.account.title")}</h2>
        {overview.account ? (
          <p className="text-sm break-all">
            {t("withdrawal.account.value", {
              bank: overview.account.bank,
              masked: overview.account.accountMasked,
              holder: overview.account.holderName,
            })}
          </p>
        ) : (
          <p className="text-sm">{t("withdrawal.account.none")}</p>
        )}
        <LocalLink to="/settlement/account" className="text-primary-strong text-sm font-semibold underline">
          {overview.account ? t("withdrawal.account.change") : t("withdrawal.account.register")}
        </LocalLink>
      </div>
      {data.quote ? <Confirmation data={data} /> : <Selection data={data} />}
      <PendingLines overview={overview} />
      <History overview={overview} page={data.query.page} />
    </>
  );
}

/** The withdrawable lines, each a check box (all ticked unless the address names a selection), and the quote's GET. */
function Selection({ data }: { data: Data }) {
  const t = useT();
  const overview = data.overview!;
  const withdrawable = overview.lines.filter((line) => line.status === "withdrawable");
  const chosen = data.query.line;
  const navigation = useNavigation();
  return (
    <div className={panel}>
      <h2 className="font-bold">{t("withdrawal.lines.title")}</h2>
      <FormAlert error={data.quoteError ?? undefined} />
      {withdrawable.length === 0 ? (
        <p className="text-muted text-sm">{t("withdrawal.select.none")}</p>
      ) : (
        <Form method="get" className="space-y-3">
          <input type="hidden" name="step" value="confirm" />
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">{t("withdrawal.select.legend")}</legend>
            <p className="text-muted text-xs">{t("withdrawal.select.hint")}</p>
            <ul className="space-y-2">
              {withdrawable.map((line) => (
                <li key={line.id} className="rounded-lg border border-subtle p-3">
                  <label className="flex min-h-11 items-start gap-3">
                    <input
                      type="checkbox"
                      name="line"
                      value={line.id}
                      defaultChecked={chosen.length === 0 || chosen.includes(line.id)}
                      className="mt-1 size-5"
                      aria-label={t("withdrawal.select.line", {
                        kind: t(`meeting.kind.${line.meetingKind}`),
                        date: line.endedAt ?? "",
                        amount: line.amount,
                      })}
                    />
                    <LineSummary line={line} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button
            type="submit"
            className={`${button} w-full`}
            disabled={!overview.account || navigation.state !== "idle"}
          >
            {t("withdrawal.select.quote")}
          </button>
        </Form>
      )}
    </div>
  );
}

function LineSummary({ line }: { line: Overview["lines"][number] }) {
  const t = useT();
  const won = (amount: number) => t("withdrawal.won", { amount });
  return (
    <div className="min-w-0 flex-1 space-y-1 text-sm">
      <p className="font-semibold">
        {t("withdrawal.lines.meeting", { kind: t(`meeting.kind.${line.meetingKind}`) })}{" "}
        <span className="surface-muted rounded-full px-2 py-0.5 text-xs">
          {t(`withdrawal.lineState.${line.status}`)}
        </span>
      </p>
      {line.endedAt ? (
        <p className="text-muted">{t("withdrawal.lines.endedAt", { date: line.endedAt })}</p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2">
        <div>
          <dt className="text-muted text-xs">{t("withdrawal.lines.price")}</dt>
          <dd className="tabular-nums">{won(line.price)}</dd>
        </div>
        <div>
          <dt className="text-muted text-xs">{t("withdrawal.lines.fee")}</dt>
          <dd className="tabular-nums">{won(line.fee)}</dd>
        </div>
        <div>
          <dt className="text-muted text-xs">{t("withdrawal.lines.amount")}</dt>
          <dd className="font-semibold tabular-nums">{won(line.amount)}</dd>
        </div>
      </dl>
      {line.status === "pending" ? (
        <p className="text-muted">
          {line.heldByRefund
            ? t("withdrawal.lines.heldByRefund")
            : t("withdrawal.lines.releaseAt", { date: line.releasableAt })}
        </p>
      ) : null}
    </div>
  );
}

/** The quote of the selection and the withdrawal's button, asked once more; a refusal keeps the selection. */
function Confirmation({ data }: { data: Data }) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const quote = data.quote!;
  const won = (amount: number) => t("withdrawal.won", { amount });
  const back = `/settlement?${quote.lineIds.map((id) => `line=${id}`).join("&")}`;
  const rows: [string, string][] = [
    [t("withdrawal.quote.gross"), won(quote.gross)],
    [t("withdrawal.quote.platformFee"), won(quote.platformFee)],
    [t("withdrawal.quote.bankFee"), `-${won(quote.bankFee)}`],
    [t("withdrawal.quote.incomeTax"), `-${won(quote.incomeTax)}`],
    [t("withdrawal.quote.localTax"), `-${won(quote.localTax)}`],
  ];
  const account = `${quote.bank} ${quote.accountMasked}`;
  return (
    <div className={panel} aria-labelledby="withdrawal-quote-title" role="region">
      <h2 id="withdrawal-quote-title" className="font-bold">
        {t("withdrawal.quote.title")}
      </h2>
      <p className="text-muted text-sm">{t("withdrawal.quote.text")}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt>{term}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </div>
        ))}
        <dt className="font-bold">{t("withdrawal.quote.deposit")}</dt>
        <dd className="text-right text-lg font-extrabold tabular-nums">{won(quote.deposit)}</dd>
      </dl>
      {quote.category === "business" ? (
        <p className="text-muted text-xs">{t("withdrawal.quote.businessNoTax")}</p>
      ) : null}
      <p className="text-sm break-all">
        {t("withdrawal.account.value", {
          bank: quote.bank,
          masked: quote.accountMasked,
          holder: quote.holderName,
        })}
      </p>
      <Form method="post" className="space-y-3">
        <FormAlert error={result?.error} />
        <input type="hidden" name="intent" value="withdraw" />
        {quote.lineIds.map((id) => (
          <input key={id} type="hidden" name="line" value={id} />
        ))}
        <ConfirmButton
          className={`${button} w-full`}
          confirm={{
            title: t("withdrawal.quote.confirm"),
            description: t("withdrawal.quote.confirmText", { amount: quote.deposit, account }),
            action: t("withdrawal.quote.submit", { amount: quote.deposit }),
            tone: "primary",
          }}
        >
          {t("withdrawal.quote.submit", { amount: quote.deposit })}
        </ConfirmButton>
      </Form>
      <LocalLink
        to={back}
        className="text-primary-strong inline-flex min-h-11 items-center text-sm underline"
      >
        {t("withdrawal.quote.back")}
      </LocalLink>
    </div>
  );
}

function PendingLines({ overview }: { overview: Overview }) {
  const t = useT();
  const pending = overview.lines.filter((line) => line.status === "pending");
  if (pending.length === 0) return null;
  return (
    <div className={panel}>
      <h2 className="font-bold">{t("withdrawal.lineState.pending")}</h2>
      <ul className="space-y-2">
        {pending.map((line) => (
          <li key={line.id} className="rounded-lg border border-subtle p-3">
            <LineSummary line={line} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function History({ overview, page }: { overview: Overview; page: number }) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <div className={panel}>
      <h2 className="font-bold">{t("withdrawal.history.title")}</h2>
      {overview.withdrawals.length === 0 ? (
        <p className="text-muted text-sm">{t("withdrawal.history.empty")}</p>
      ) : (
        <ul className="space-y-2">
          {overview.withdrawals.map((row) => (
            <li
              key={row.id}
              className="space-y-1 rounded-lg border border-subtle p-3 text-sm"
              data-testid="withdrawal"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">
                  {t("withdrawal.history.deposit", { amount: row.deposit })}
                </span>
                <span className="surface-muted rounded-full px-2 py-0.5 text-xs">
                  {t(`withdrawal.state.${row.status}`)}
                </span>
              </p>
              <p className="text-muted">{t("withdrawal.history.item", { date: row.requestedAt })}</p>
              <p className="text-muted">
                {t("withdrawal.history.detail", {
                  gross: row.gross,
                  bankFee: row.bankFee,
                  tax: row.incomeTax + row.localTax,
                })}
              </p>
              {row.status === "failed" ? (
                <p className="text-rose-700">
                  {t("withdrawal.history.failed", { reason: row.failReason ?? "" })}
                </p>
              ) : null}
              {row.status === "held" ? (
                <p>{t("withdrawal.history.held", { reason: row.holdReason ?? "" })}</p>
              ) : null}
              {row.status === "requested" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="withdrawalId" value={row.id} />
                  <ConfirmButton
                    className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-3 font-semibold"
                    confirm={{
                      title: t("withdrawal.history.cancelConfirm"),
                      description: t("withdrawal.history.cancelText"),
                      action: t("withdrawal.history.cancel"),
                      tone: "danger",
                    }}
                  >
                    {t("withdrawal.history.cancel")}
                  </ConfirmButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {result?.error && !overview.withdrawals.length ? <FormAlert error={result.error} /> : null}
      <Pager path="/settlement" query={{}} page={page} hasNext={overview.hasNext} />
    </div>
  );
}

function TaxTab({ data }: { data: Data }) {
  const t = useT();
  const { tax, year } = data;
  const won = (amount: number) => t("withdrawal.won", { amount });
  const individual = tax!.category === "individual";
  const months = tax!.months;
  const total = months.reduce(
    (sum, month) => ({
      gross: sum.gross + month.gross,
      incomeTax: sum.incomeTax + month.incomeTax,
      localTax: sum.localTax + month.localTax,
      deposit: sum.deposit + month.deposit,
      fees: sum.fees + month.fees,
      lines: sum.lines + month.lines,
    }),
    { gross: 0, incomeTax: 0, localTax: 0, deposit: 0, fees: 0, lines: 0 },
  );
  const columns = individual
    ? (["gross", "incomeTax", "localTax", "deposit"] as const)
    : (["lines", "fees"] as const);
  return (
    <div className={panel}>
      <h2 className="font-bold">{t("withdrawal.tax.title")}</h2>
      <p className="text-muted text-sm">
        {individual ? t("withdrawal.tax.individual") : t("withdrawal.tax.business")}
      </p>
      <nav className="flex items-center justify-between" aria-label={t("withdrawal.tax.title")}>
        <LocalLink
          to={`/settlement?tab=tax&year=${year! - 1}`}
          className="inline-flex min-h-11 items-center underline"
        >
          {t("withdrawal.tax.previous")}
        </LocalLink>
        <span className="font-semibold">{t("withdrawal.tax.year", { year: String(year) })}</span>
        <LocalLink
          to={`/settlement?tab=tax&year=${year! + 1}`}
          className="inline-flex min-h-11 items-center underline"
        >
          {t("withdrawal.tax.next")}
        </LocalLink>
      </nav>
      {months.length === 0 ? (
        <p className="text-muted text-sm">{t("withdrawal.tax.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("withdrawal.tax.year", { year: String(year) })}</caption>
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  {t("withdrawal.tax.month")}
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="text-right">
                    {t(`withdrawal.tax.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="text-left font-normal">
                    {t("withdrawal.tax.monthValue", { month: String(Number(month.month.slice(5))) })}
                  </th>
                  {columns.map((column) => (
                    <td key={column} className="text-right tabular-nums">
                      {column === "lines" ? month.lines : won(month[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-bold">
                <th scope="row" className="text-left">
                  {t("withdrawal.tax.total")}
                </th>
                {columns.map((column) => (
                  <td key={column} className="text-right tabular-nums">
                    {column === "lines" ? total.lines : won(total[column])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
