import { useEffect, useId, useRef, useState } from "react";
import { Form, useActionData } from "react-router";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { LocalLink, useT } from "#app/i18n/react";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { ChatRoomView } from "#app/services/meetings/chat/read.server";
import {
  PAYMENT_AMOUNT_MAX,
  PAYMENT_MEMO_MAX,
  PICKUP_STEP,
  type PaymentAction,
} from "#app/services/payments/payment-rules";
import {
  ActionForm,
  dangerButton,
  inputClass,
  primaryButton,
  useAnswer,
  type ActionAnswer,
} from "./control-parts";

/**
 * A meeting's payment in its room (ADR 061): the provider's request in the plus controller, the state both sides
 * see at the top of the room, and the requester's panel to pay it, with a coupon or none. What each side is offered
 * is exactly what the payment's resolver gave the room (`room.payment.actions`); the amounts are the server's.
 */

/** The provider's payment actions: the plus controller's part. */
export const providerPaymentActions: ReadonlySet<PaymentAction> = new Set<PaymentAction>([
  "requestPayment",
  "editPayment",
  "withdrawPayment",
]);

/** The request's form: a new one, or the one sent, to change. Pickup goes in 5,000-won steps; repair may be free. */
function PaymentRequestForm({
  room,
  actionPath,
  intent,
}: {
  room: ChatRoomView;
  actionPath: string;
  intent: "requestPayment" | "editPayment";
}) {
  const t = useT();
  const id = useId();
  const { error, values } = useAnswer(intent);
  const { payment, kind } = room;
  const editing = intent === "editPayment";
  const pickup = kind === "pickup";
  const [free, setFree] = useState(
    values.intent ? values.freeInspection === "on" : editing && payment.freeInspection,
  );
  const [amount, setAmount] = useState(values.amount ?? (editing ? String(payment.amount) : ""));
  return (
    <ActionForm intent={intent} actionPath={actionPath}>
      <label htmlFor={`${id}-amount`} className="block text-sm">
        {t("payment.request.amount")}
      </label>
      <input
        id={`${id}-amount`}
        name="amount"
        // Pickup's steps in the browser too; other kinds take the amount as written, "30,000" included.
        type={pickup ? "number" : "text"}
        inputMode="numeric"
        step={pickup ? PICKUP_STEP : undefined}
        min={pickup ? 0 : undefined}
        max={pickup ? PAYMENT_AMOUNT_MAX : undefined}
        required={!free}
        readOnly={free}
        value={free ? "0" : amount}
        onChange={(event) => setAmount(event.target.value)}
        aria-describedby={`${id}-amount-hint`}
        className={inputClass}
      />
      <p id={`${id}-amount-hint`} className="text-muted text-xs">
        {t(pickup ? "payment.request.amountHintPickup" : "payment.request.amountHint")}
      </p>
      {kind === "repair" ? (
        <div className="space-y-1">
          <div className="flex min-h-11 items-center gap-2">
            <input
              id={`${id}-free`}
              type="checkbox"
              name="freeInspection"
              checked={free}
              onChange={(event) => setFree(event.target.checked)}
              aria-describedby={`${id}-free-hint`}
              className="size-5"
            />
            <label htmlFor={`${id}-free`} className="text-sm">
              {t("payment.request.freeInspection")}
            </label>
          </div>
          <p id={`${id}-free-hint`} className="text-muted text-xs">
            {t("payment.request.freeInspectionHint")}
          </p>
        </div>
      ) : null}
      <label htmlFor={`${id}-memo`} className="block text-sm">
        {t("payment.request.memo")}
      </label>
      <textarea
        id={`${id}-memo`}
        name="memo"
        rows={2}
        maxLength={PAYMENT_MEMO_MAX}
        defaultValue={values.memo ?? (editing ? payment.memo : "")}
        aria-describedby={`${id}-memo-hint`}
        className={inputClass}
      />
      <p id={`${id}-memo-hint`} className="text-muted text-xs">
        {t("payment.request.memoHint", { max: PAYMENT_MEMO_MAX })}
      </p>
      <FormAlert error={error} />
      <button type="submit" className={primaryButton}>
        {t(editing ? "payment.request.save" : "payment.request.send")}
      </button>
    </ActionForm>
  );
}

/** The plus controller's payment part: send the request, or change and withdraw the one sent (asking first). */
export function PaymentRequestControls({ room, actionPath }: { room: ChatRoomView; actionPath: string }) {
  const t = useT();
  const has = (action: PaymentAction) => room.payment.actions.includes(action);
  const withdraw = useAnswer("withdrawPayment");
  return (
    <div className="space-y-3">
      {has("requestPayment") ? (
        <PaymentRequestForm room={room} actionPath={actionPath} intent="requestPayment" />
      ) : null}
      {has("editPayment") ? (
        <PaymentRequestForm room={room} actionPath={actionPath} intent="editPayment" />
      ) : null}
      {has("withdrawPayment") ? (
        <ActionForm intent="withdrawPayment" actionPath={actionPath}>
          <FormAlert error={withdraw.error} />
          <ConfirmButton
            className={dangerButton}
            confirm={{
              title: t("payment.request.withdrawConfirm"),
              action: t("payment.request.withdraw"),
              tone: "danger",
            }}
          >
            {t("payment.request.withdraw")}
          </ConfirmButton>
        </ActionForm>
      ) : null}
    </div>
  );
}

/**
 * The payment's state, for both sides at the top of the room; how it was paid for the requester, and the way to ask
 * for a refund while the resolver gives it.
 */
export function PaymentSummary({
  meetingId,
  payment,
}: {
  meetingId: number;
  payment: ChatRoomView["payment"];
}) {
  const t = useT();
  const { paid } = payment;
  const state = (() => {
    switch (payment.status) {
      case "none":
        return t("payment.room.none");
      case "requested":
        return payment.confirming
          ? `${t("payment.room.requested", { amount: payment.amount })} · ${t("payment.room.confirming")}`
          : t("payment.room.requested", { amount: payment.amount });
      case "free":
        return t(payment.freeInspection ? "payment.room.freeInspection" : "payment.room.free");
      case "paid":
        return t("payment.room.paid", { amount: paid?.price ?? payment.amount });
      case "refunded":
        return t("payment.room.refunded", { amount: paid?.refunded || paid?.price || payment.amount });
      case "partiallyRefunded":
        return t("payment.room.partiallyRefunded", { amount: paid?.refunded ?? 0 });
    }
  })();
  const charge = paid?.charge ?? null;
  return (
    <p data-testid="payment-state">
      <span className="font-semibold">{t("payment.room.title")}</span>
      {" · "}
      {state}
      {charge ? (
        <>
          {" · "}
          {t("payment.room.charged", { amount: charge.charged })}
          {charge.discount > 0
            ? ` · ${t("payment.room.discount", { amount: charge.discount, name: charge.couponName ?? "" })}`
            : null}
          {charge.receiptUrl ? (
            <>
              {" · "}
              <a href={charge.receiptUrl} className="font-semibold text-primary underline">
                {t("payment.room.receipt")}
              </a>
            </>
          ) : null}
        </>
      ) : null}
      {payment.memo && (payment.status === "requested" || payment.status === "free")
        ? ` · ${t("payment.room.memo", { memo: payment.memo })}`
        : null}
      {payment.actions.includes("requestRefund") ? (
        <>
          {" · "}
          <LocalLink to={`/my/meeting/${meetingId}/refund`} className="font-semibold text-primary underline">
            {t("payment.my.requestRefund")}
          </LocalLink>
        </>
      ) : null}
    </p>
  );
}

type TossCheckout = Extract<Awaited<ReturnType<PaymentGateway["createCheckout"]>>, { kind: "toss-sdk" }>;

/** What the page's action answers to "pay" when the gateway's window is Toss's: the values its script needs. */
interface PayAnswer extends ActionAnswer {
  checkout?: TossCheckout;
}

/** Toss Payments' browser SDK v2, as its script defines it on the window. */
interface TossPaymentsSdk {
  (clientKey: string): {
    payment(options: { customerKey: string }): {
      requestPayment(request: {
        method: "CARD";
        amount: { currency: "KRW"; value: number };
        orderId: string;
        orderName: string;
        successUrl: string;
        failUrl: string;
      }): Promise<void>;
    };
  };
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

/**
 * Opens Toss's payment window: loads its script (allowed by the page policy only while Toss is the gateway) and
 * calls it with the order the server made. The window returns to the success or fail address itself; a window
 * closed, or a script that did not load, goes to the fail address, so the order is closed and its coupon given back.
 */
function TossWindow({ checkout }: { checkout: TossCheckout }) {
  const t = useT();
  // One window per order, however often the effect runs (development's double effects included).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === checkout.orderId) return;
    opened.current = checkout.orderId;
    const failed = (code: string, message: string) => {
      const url = new URL(checkout.failUrl);
      url.searchParams.set("code", code);
      url.searchParams.set("message", message);
      url.searchParams.set("orderId", checkout.orderId);
      window.location.assign(url.toString());
    };
    loadScript(checkout.scriptUrl)
      .then(() => {
        const sdk = (window as unknown as { TossPayments?: TossPaymentsSdk }).TossPayments;
        if (!sdk) throw new Error("TossPayments is missing");
        return sdk(checkout.clientKey)
          .payment({ customerKey: checkout.customerKey })
          .requestPayment({
            method: "CARD",
            amount: { currency: "KRW", value: checkout.amount },
            orderId: checkout.orderId,
            orderName: checkout.orderName,
            successUrl: checkout.successUrl,
            failUrl: checkout.failUrl,
          });
      })
      .catch((error: unknown) => {
        const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
        failed(
          typeof code === "string" ? code : "WINDOW_NOT_OPENED",
          typeof message === "string" && typeof code === "string" ? message : t("payment.panel.openFailed"),
        );
      });
  }, [checkout, t]);
  return (
    <p role="status" className="text-sm">
      {t("payment.panel.opening")}
    </p>
  );
}

/**
 * The requester's panel while they may pay: the requested amount, the coupons that apply (each with its discount and
 * what is left to pay, as the server computed them; none by default), the last refusal of the gateway when there was
 * one, and the button. Without JavaScript each coupon's line says what it leaves to pay.
 */
export function PaymentPanel({ room, actionPath }: { room: ChatRoomView; actionPath: string }) {
  const t = useT();
  const id = useId();
  const { payment } = room;
  const { error, values } = useAnswer("pay");
  const [choice, setChoice] = useState(values.memberCouponId ?? "");
  const answer = useActionData<PayAnswer>();
  const chosen = payment.coupons.find((coupon) => String(coupon.memberCouponId) === choice);
  const total = chosen ? chosen.total : payment.amount;
  const checkout = answer?.intent === "pay" && answer.ok ? answer.checkout : undefined;
  return (
    <section
      aria-labelledby={`${id}-title`}
      // On a phone the panel keeps most of the screen for the conversation, scrolling within itself.
      className="surface max-h-[45dvh] space-y-2 overflow-y-auto border-b border-subtle px-4 py-3 text-sm"
      data-testid="payment-panel"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {t("payment.panel.title")}
      </h2>
      <p>
        {t("payment.panel.requested")}:{" "}
        <strong className="text-base">{t("payment.won", { amount: payment.amount })}</strong>
      </p>
      {payment.lastFailure ? (
        <p className="rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 text-rose-900">
          {t("payment.panel.lastFailure", { message: payment.lastFailure })}
        </p>
      ) : null}
      <Form method="post" action={actionPath} className="space-y-2">
        <input type="hidden" name="intent" value="pay" />
        {payment.coupons.length > 0 ? (
          <fieldset className="space-y-1">
            <legend className="font-semibold">{t("payment.panel.coupons")}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="memberCouponId"
                value=""
                checked={choice === ""}
                onChange={() => setChoice("")}
                className="size-5"
              />
              {t("payment.panel.noCoupon")}
            </label>
            {payment.coupons.map((coupon) => (
              <label key={coupon.memberCouponId} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="memberCouponId"
                  value={coupon.memberCouponId}
                  checked={choice === String(coupon.memberCouponId)}
                  onChange={() => setChoice(String(coupon.memberCouponId))}
                  className="size-5"
                />
                {t("payment.panel.coupon", {
                  name: coupon.name,
                  discount: coupon.discount,
                  total: coupon.total,
                })}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-muted">{t("payment.panel.noCoupons")}</p>
        )}
        <p aria-live="polite">
          {t("payment.panel.total")}:{" "}
          <strong className="text-base" data-testid="payment-total">
            {t("payment.won", { amount: total })}
          </strong>
        </p>
        <FormAlert error={error} />
        {checkout ? <TossWindow checkout={checkout} /> : null}
        <button type="submit" className={`${primaryButton} w-full`}>
          {t("payment.panel.pay", { amount: total })}
        </button>
      </Form>
    </section>
  );
}
