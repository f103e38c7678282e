import type { Route } from "./+types/purchases";
import { Pager } from "#app/components/notice/Pager";
import { languageFromPath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listPurchases } from "#app/services/payments/history.server";
import { refundListQuerySchema } from "#app/services/payments/refund.schema";
import { requireActor } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "payment.purchases.title" };

/** /setting/purchases: the member's payments, newest first, with their refunds and receipts. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = refundListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = getRuntime();
  const { rows, hasNext } = await listPurchases(db, actor, query);
  const at = (date: Date) => formatDateTime(language, date);
  return {
    query,
    hasNext,
    rows: rows.map((row) => ({
      ...row,
      paidAt: at(row.paidAt),
      refunds: row.refunds.map((refund) => ({ ...refund, createdAt: at(refund.createdAt) })),
    })),
  };
}

const stateTone: Record<string, string> = {
  paid: "bg-primary-soft text-primary-strong",
  refundRequested: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
};

export default function Purchases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, rows, hasNext } = loaderData;
  const won = (amount: number) => t("payment.won", { amount });
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("payment.purchases.title")}</h1>
        <p className="text-muted text-sm">{t("payment.purchases.text")}</p>
      </div>
      {rows.length === 0 ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-6 text-center text-sm">
          {t("payment.purchases.empty")}
        </p>
      ) : (
        <ul aria-label={t("payment.purchases.list")} className="space-y-3">
          {rows.map((row) => (
            <li key={row.id} data-testid="purchase" className="space-y-2 rounded-xl border border-subtle p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-bold break-all">
                  {t("payment.purchases.meeting", {
                    kind: t(`meeting.kind.${row.meeting.kind}`),
                    nickname: row.meeting.providerNickname,
                  })}
                </h2>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[row.state] ?? "surface-muted"}`}
                >
                  {t(`payment.state.${row.state}`)}
                </span>
              </div>
              <p className="text-muted flex flex-wrap gap-x-3 text-xs">
                <span>{t("payment.purchases.paidAt", { date: row.paidAt })}</span>
                {row.method ? <span>{t("payment.purchases.method", { method: row.method })}</span> : null}
                <span>{t("payment.purchases.order", { orderId: row.orderId })}</span>
              </p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt>{t("payment.amounts.price")}</dt>
                <dd className="text-right tabular-nums">{won(row.price)}</dd>
                {row.discount > 0 ? (
                  <>
                    <dt className="break-all">
                      {t("payment.amounts.discount")}
                      {row.couponName ? ` · ${row.couponName}` : null}
                    </dt>
                    <dd className="text-right tabular-nums">-{won(row.discount)}</dd>
                  </>
                ) : null}
                <dt className="font-semibold">{t("payment.amounts.charged")}</dt>
                <dd className="text-right font-semibold tabular-nums" data-testid="purchase-charged">
                  {won(row.charged)}
                </dd>
                {row.refunded > 0 ? (
                  <>
                    <dt>{t("payment.amounts.refunded")}</dt>
                    <dd className="text-right tabular-nums" data-testid="purchase-refunded">
                      {won(row.refunded)}
                    </dd>
                  </>
                ) : null}
              </dl>
              {row.refunds.length > 0 ? (
                <div className="space-y-1 text-sm">
                  <h3 className="font-semibold">{t("payment.purchases.refunds")}</h3>
                  <ul className="space-y-0.5">
                    {row.refunds.map((refund) => (
                      <li key={`${refund.createdAt}-${refund.amount}`} className="flex flex-wrap gap-x-2">
                        <span className="tabular-nums">
                          {t("payment.purchases.refundLine", {
                            amount: refund.amount,
                            date: refund.createdAt,
                          })}
                        </span>
                        <span className="text-muted">{t(`payment.refundState.${refund.status}`)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {row.refundRequest ? (
                <p className="text-sm">
                  {t("payment.purchases.request", {
                    state: t(`payment.requestState.${row.refundRequest.status}`),
                  })}
                </p>
              ) : null}
              <p className="flex flex-wrap gap-4 text-sm">
                {row.receiptUrl ? (
                  <a
                    href={row.receiptUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-link font-semibold underline"
                  >
                    {t("payment.purchases.receipt")}
                  </a>
                ) : null}
                <LocalLink to={row.meeting.chatPath} className="text-link underline">
                  {t("payment.purchases.openChat")}
                </LocalLink>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager path="/setting/purchases" query={{}} page={query.page} hasNext={hasNext} />
    </section>
  );
}
