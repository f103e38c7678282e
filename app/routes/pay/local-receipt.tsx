import type { Route } from "./+types/local-receipt";
import { Time } from "#app/components/ui/Time";
import { useT } from "#app/i18n/react";
import { findLocalReceipt } from "#app/platform/payments/local.server";
import { notFound } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { requireLocalGateway } from "./local-checkout.server";

/** The receipt of a payment the local gateway confirmed: what a real gateway's receipt address shows (ADR 059). */

export const handle: RouteHandle = { titleKey: "pay.receipt.title" };

/** Keys the local gateway makes: letters, digits, `-` and `_`. */
const PAYMENT_KEY = /^[A-Za-z0-9_-]{1,200}$/;

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = requireLocalGateway();
  if (!PAYMENT_KEY.test(params.paymentKey)) notFound();
  const receipt = await findLocalReceipt(db, params.paymentKey);
  if (!receipt) notFound();
  return {
    receipt: {
      orderId: receipt.orderId,
      orderName: receipt.orderName,
      customerName: receipt.customerName,
      status: receipt.status,
      cardNumber: receipt.cardNumber,
      totalAmount: receipt.totalAmount,
      balanceAmount: receipt.balanceAmount,
      approvedAt: receipt.approvedAt.toISOString(),
      cancels: receipt.cancels.map((cancel) => ({ ...cancel, canceledAt: cancel.canceledAt.toISOString() })),
    },
  };
}

export default function LocalReceipt({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { receipt } = loaderData;
  return (
    <section className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-extrabold">{t("pay.receipt.title")}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t("pay.receipt.state")}</dt>
        <dd className="font-semibold" data-testid="receipt-status">
          {t(`pay.receipt.status.${receipt.status}`)}
        </dd>
        <dt className="text-muted">{t("pay.receipt.orderName")}</dt>
        <dd className="break-words">{receipt.orderName}</dd>
        <dt className="text-muted">{t("pay.receipt.orderId")}</dt>
        <dd className="font-mono break-all">{receipt.orderId}</dd>
        {receipt.customerName ? (
          <>
            <dt className="text-muted">{t("pay.receipt.customer")}</dt>
            <dd className="break-words">{receipt.customerName}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t("pay.receipt.card")}</dt>
        <dd className="font-mono">{receipt.cardNumber}</dd>
        <dt className="text-muted">{t("pay.receipt.approvedAt")}</dt>
        <dd>
          <Time at={receipt.approvedAt} format="dateTime" />
        </dd>
        <dt className="text-muted">{t("pay.receipt.total")}</dt>
        <dd className="text-lg font-extrabold">{t("pay.won", { amount: receipt.totalAmount })}</dd>
        {receipt.cancels.length > 0 ? (
          <>
            <dt className="text-muted">{t("pay.receipt.balance")}</dt>
            <dd className="font-semibold">{t("pay.won", { amount: receipt.balanceAmount })}</dd>
          </>
        ) : null}
      </dl>
      {receipt.cancels.length > 0 ? (
        <section aria-labelledby="receipt-cancels" className="space-y-2">
          <h2 id="receipt-cancels" className="text-lg font-bold">
            {t("pay.receipt.cancels")}
          </h2>
          <ul className="space-y-2 text-sm">
            {receipt.cancels.map((cancel) => (
              <li key={cancel.canceledAt + cancel.amount} className="rounded-lg border border-subtle p-3">
                <p className="font-semibold">−{t("pay.won", { amount: cancel.amount })}</p>
                <p className="break-words">{cancel.reason}</p>
                <p className="text-muted text-xs">
                  <Time at={cancel.canceledAt} format="dateTime" />
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
