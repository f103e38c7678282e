import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/local-checkout";
import { Field } from "#app/components/ui/Field";
import { SubmitButton } from "#app/components/ui/fields";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { languageFromPath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import {
  authoriseLocalPayment,
  customerCancelled,
  localTestCards,
} from "#app/platform/payments/local.server";
import { localCheckoutSchema } from "#app/services/payments/local-checkout.schema";
import { parseIntentSubmission, refusedSubmission } from "#app/shell/form.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { readCheckoutOrder, requireLocalGateway, returnAddress } from "./local-checkout.server";

/**
 * The local gateway's payment window (ADR 059): the order and a card form. A test card is authorised and the
 * browser goes back to the order's success address with `paymentKey`, `orderId` and `amount`, for the server to
 * confirm; a refusal or "cancel" goes back to the fail address with the gateway's `code` and `message`.
 */

export const handle: RouteHandle = { titleKey: "pay.checkout.title" };

export function loader({ request }: Route.LoaderArgs) {
  requireLocalGateway();
  const order = readCheckoutOrder(new URL(request.url));
  return {
    order: {
      orderId: order.orderId,
      amount: order.amount,
      orderName: order.orderName,
      customerName: order.customerName,
    },
    testCards: localTestCards,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, clock } = requireLocalGateway();
  const url = new URL(request.url);
  const order = readCheckoutOrder(url);
  const parsed = parseIntentSubmission(
    await readForm(request),
    localCheckoutSchema,
    languageFromPath(url.pathname),
  );
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedSubmission(submission);
  const form = submission.value;
  if (form.intent === "cancel")
    return redirect(returnAddress(order.failUrl, { ...customerCancelled, orderId: order.orderId }));

  const result = await authoriseLocalPayment(db, clock, {
    orderId: order.orderId,
    amount: order.amount,
    orderName: order.orderName,
    customerName: order.customerName,
    cardNumber: form.cardNumber,
    expiryMonth: form.expiry.month,
    expiryYear: form.expiry.year,
  });
  switch (result.outcome) {
    case "authorised":
      return redirect(
        returnAddress(order.successUrl, {
          paymentKey: result.paymentKey,
          orderId: result.orderId,
          amount: String(result.amount),
        }),
      );
    case "declined":
      return redirect(
        returnAddress(order.failUrl, { code: result.code, message: result.message, orderId: order.orderId }),
      );
    case "invalid-card": {
      // A card detail to correct in the window: shown at its field, with what was typed kept.
      const message = result.field === "expiry" ? "pay.error.expired" : "pay.error.cardNumber";
      return data(
        { lastResult: submission.reply({ fieldErrors: { [result.field]: [message] } }) },
        { status: 400 },
      );
    }
  }
}

/** "4242424242424242" → "4242 4242 4242 4242", as printed on a card. */
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

export default function LocalCheckout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const { order, testCards } = loaderData;
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/payments/local-checkout.schema").then((schemas) => schemas.localCheckoutSchema),
    { lastResult: result && "lastResult" in result ? result.lastResult : undefined },
  );
  const cards = [
    { number: testCards.approves, outcome: t("pay.checkout.cardApproves") },
    { number: testCards.declines, outcome: t("pay.checkout.cardDeclines") },
    { number: testCards.timesOut, outcome: t("pay.checkout.cardTimesOut") },
  ];
  return (
    <section className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-extrabold">{t("pay.checkout.title")}</h1>
      <p role="note" className="surface-muted rounded-lg border border-subtle px-3 py-2 text-sm">
        {t("pay.checkout.notice")}
      </p>

      <section aria-labelledby="checkout-order" className="space-y-2">
        <h2 id="checkout-order" className="text-lg font-bold">
          {t("pay.checkout.order")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t("pay.checkout.orderName")}</dt>
          <dd className="break-words">{order.orderName}</dd>
          {order.customerName ? (
            <>
              <dt className="text-muted">{t("pay.checkout.customer")}</dt>
              <dd className="break-words">{order.customerName}</dd>
            </>
          ) : null}
          <dt className="text-muted">{t("pay.checkout.amount")}</dt>
          <dd className="text-lg font-extrabold" data-testid="checkout-amount">
            {t("pay.won", { amount: order.amount })}
          </dd>
        </dl>
      </section>

      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-bold">{t("pay.checkout.card")}</legend>
          <Field
            label={t("pay.checkout.cardNumber")}
            hint={t("pay.checkout.cardNumberHint")}
            field={fields.cardNumber}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            required
          />
          <Field
            label={t("pay.checkout.expiry")}
            hint={t("pay.checkout.expiryHint")}
            field={fields.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            required
          />
        </fieldset>
        <SubmitButton name="intent" value="pay">
          {t("pay.checkout.pay", { amount: order.amount })}
        </SubmitButton>
        {/* Giving up needs no card: the browser's check is skipped, the server's union has no fields for it. */}
        <button
          type="submit"
          name="intent"
          value="cancel"
          formNoValidate
          className="surface inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
        >
          {t("pay.checkout.cancel")}
        </button>
      </Form>

      <section aria-labelledby="checkout-test-cards" className="space-y-2">
        <h2 id="checkout-test-cards" className="text-lg font-bold">
          {t("pay.checkout.testCards")}
        </h2>
        <ul className="space-y-1 text-sm">
          {cards.map((card) => (
            <li key={card.number} className="flex flex-wrap justify-between gap-x-4">
              <span className="font-mono">{spaced(card.number)}</span>
              <span className="text-muted">{card.outcome}</span>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
