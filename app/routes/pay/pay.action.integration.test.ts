import { beforeAll, describe, expect, it } from "vitest";
import { localTestCards } from "#app/platform/payments/local.server";
import { createTossGateway } from "#app/platform/payments/toss.server";
import { GatewayError } from "#app/platform/payments/types";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { callAction, callLoader, startRouteRuntime } from "#tests/setup/route-actions";
import * as checkoutPage from "./local-checkout";
import * as receiptPage from "./local-receipt";

// The local gateway's window and receipt, called as the browser would. The window belongs to the gateway, not to the
// product: it knows no session, so every caller is a visitor here, as at a real gateway.

let runtime: Runtime;
let orders = 0;

beforeAll(async () => {
  runtime = await startRouteRuntime();
});

/** The window's address for a fresh order, as the local adapter's checkout makes it. */
async function checkoutPath(overrides: { amount?: number; successUrl?: string; failUrl?: string } = {}) {
  orders += 1;
  const orderId = `meeting-${orders}-${Date.now().toString(36)}`;
  const checkout = await runtime.payments.createCheckout({
    orderId,
    amount: overrides.amount ?? 30_000,
    orderName: "정비 상담 1회",
    customer: { id: "member-1", name: "김라이더" },
    successUrl: overrides.successUrl ?? "/meeting/42/payment/success",
    failUrl: overrides.failUrl ?? "/meeting/42/payment/fail",
  });
  if (checkout.kind !== "redirect") throw new Error("expected the local checkout");
  return { path: checkout.url, orderId };
}

const pay = (path: string, cardNumber: string, expiry = "12/30") =>
  callAction(checkoutPage.action, { path, form: { intent: "pay", cardNumber, expiry }, as: null });

function returned(location: string | null) {
  const url = new URL(location ?? "", "http://localhost");
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(GatewayError);
  return caught as GatewayError;
}

describe("/pay/local/checkout (the local payment window)", () => {
  it("shows the order it was opened for, in either language", async () => {
    const { path, orderId } = await checkoutPath();
    for (const address of [path, `/en${path}`]) {
      const page = await callLoader(checkoutPage.loader, { path: address, as: null });
      expect(page.outcome, address).toBe("done");
      expect(page.data).toMatchObject({
        order: { orderId, amount: 30_000, orderName: "정비 상담 1회", customerName: "김라이더" },
        testCards: localTestCards,
      });
    }
  });

  it("refuses a window whose return address is on another site, or whose order is malformed", async () => {
    const { path } = await checkoutPath();
    const url = new URL(path, "http://localhost");
    const variants: [string, string][] = [
      ["successUrl", "https://evil.example/paid"],
      ["failUrl", "//evil.example/failed"],
      ["successUrl", "/\\evil.example"],
      ["amount", "0"],
      ["amount", "1e5"],
      ["amount", "-30000"],
      ["orderId", "x"],
      ["orderName", " "],
    ];
    for (const [name, value] of variants) {
      const forged = new URL(url);
      forged.searchParams.set(name, value);
      const address = `${forged.pathname}${forged.search}`;
      expect((await callLoader(checkoutPage.loader, { path: address, as: null })).status, address).toBe(400);
      const posted = await pay(address, localTestCards.approves);
      expect(posted.status, address).toBe(400);
      expect(posted.location).toBeNull();
    }
  });

  it("authorises the approving card and returns to the success address with key, order and amount", async () => {
    const { path, orderId } = await checkoutPath();
    const answer = await pay(path, "4242 4242 4242 4242");
    expect(answer.status).toBe(302);
    const back = returned(answer.location);
    expect(back.path).toBe("/meeting/42/payment/success");
    expect(back.query).toEqual({ paymentKey: expect.stringMatching(/^lgk_/), orderId, amount: "30000" });

    // The server confirms what came back, with its own order's amount.
    const payment = await runtime.payments.confirm(
      { paymentKey: back.query.paymentKey!, orderId, amount: 30_000 },
      `confirm-${orderId}`,
    );
    expect(payment.status).toBe("DONE");

    const receipt = await callLoader(receiptPage.loader, {
      path: payment.receiptUrl!,
      params: { paymentKey: payment.paymentKey },
      as: null,
    });
    expect(receipt.data).toMatchObject({
      receipt: { orderId, status: "DONE", totalAmount: 30_000, cardNumber: "424242******4242", cancels: [] },
    });
  });

  it("keeps the success address's own query and adds the window's answer to it", async () => {
    const { path } = await checkoutPath({ successUrl: "/en/meeting/42/payment/success?step=2" });
    expect(path.startsWith("/en/pay/local/checkout?")).toBe(true);
    const back = returned((await pay(path, localTestCards.approves)).location);
    expect(back.path).toBe("/en/meeting/42/payment/success");
    expect(back.query).toMatchObject({ step: "2", amount: "30000" });
  });

  it("returns a declined card to the fail address with the gateway's code and Korean message", async () => {
    const { path, orderId } = await checkoutPath();
    const back = returned((await pay(path, localTestCards.declines)).location);
    expect(back).toEqual({
      path: "/meeting/42/payment/fail",
      query: {
        code: "REJECT_CARD_PAYMENT",
        message: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
        orderId,
      },
    });
    expect(await runtime.payments.getByOrderId(orderId)).toBeNull();
  });

  it("returns a customer who gives up to the fail address, without a card", async () => {
    const { path, orderId } = await checkoutPath();
    const answer = await callAction(checkoutPage.action, { path, form: { intent: "cancel" }, as: null });
    expect(returned(answer.location)).toEqual({
      path: "/meeting/42/payment/fail",
      query: { code: "PAY_PROCESS_CANCELED", message: "사용자에 의해 결제가 취소되었습니다.", orderId },
    });
  });

  it("keeps the form and what was typed when a card number or expiry is wrong", async () => {
    const { path, orderId } = await checkoutPath();
    const cases: [string, string, string, string][] = [
      ["4242 4242 4242 4241", "12/30", "cardNumber", "pay.error.cardNumber"],
      ["", "12/30", "cardNumber", "pay.error.cardNumberRequired"],
      // Well formed, but no test card: the gateway's answer, shown at the same field.
      ["4111 1111 1111 1111", "12/30", "cardNumber", "pay.error.cardNumber"],
      [localTestCards.approves, "13/30", "expiry", "pay.error.expiry"],
      [localTestCards.approves, "01/20", "expiry", "pay.error.expired"],
    ];
    for (const [cardNumber, expiry, field, message] of cases) {
      const answer = await pay(path, cardNumber, expiry);
      expect(answer.status, `${cardNumber} ${expiry}`).toBe(400);
      const { lastResult } = answer.data as {
        lastResult: { error: Record<string, string[]>; initialValue: Record<string, string> };
      };
      expect(lastResult.error[field], `${cardNumber} ${expiry}`).toEqual([message]);
      expect(lastResult.initialValue).toMatchObject({ intent: "pay", expiry });
      if (cardNumber) expect(lastResult.initialValue.cardNumber).toBe(cardNumber);
    }
    expect(await runtime.payments.getByOrderId(orderId)).toBeNull();
  });

  it("answers an unknown intent as invalid access", async () => {
    const { path } = await checkoutPath();
    const answer = await callAction(checkoutPage.action, { path, form: { intent: "refund" }, as: null });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error: { code: "invalid_access" } });
  });

  it("authorises only the amount of the window: a success address with another amount is not confirmed", async () => {
    // The window was opened (or its address edited) with 300 won for an order of 30,000 won.
    const { path, orderId } = await checkoutPath({ amount: 300 });
    const back = returned((await pay(path, localTestCards.approves)).location);
    const error = await failure(
      runtime.payments.confirm({ paymentKey: back.query.paymentKey!, orderId, amount: 30_000 }, "tampered"),
    );
    expect(error).toMatchObject({ outcome: "declined", code: "INVALID_REQUEST" });
    // A success address written by hand names a payment the gateway does not have.
    expect(
      await failure(
        runtime.payments.confirm({ paymentKey: "lgk_handwritten", orderId, amount: 300 }, "forged"),
      ),
    ).toMatchObject({ outcome: "declined", code: "NOT_FOUND_PAYMENT" });
  });

  it("lets the timing-out card's confirmation be recovered by asking the gateway", async () => {
    const { path, orderId } = await checkoutPath();
    const back = returned((await pay(path, localTestCards.timesOut)).location);
    const request = { paymentKey: back.query.paymentKey!, orderId, amount: 30_000 };
    expect(await failure(runtime.payments.confirm(request, `confirm-${orderId}`))).toMatchObject({
      outcome: "unknown",
    });
    expect(await runtime.payments.getByOrderId(orderId)).toMatchObject({ status: "DONE" });
  });

  it("does not exist while another gateway is configured", async () => {
    const { path } = await checkoutPath();
    const toss = createTossGateway({
      secretKey: "test_sk_routeTest",
      clientKey: "test_ck_routeTest",
      publicUrl: "http://localhost:3999",
    });
    setRuntime({ ...runtime, payments: toss });
    try {
      expect((await callLoader(checkoutPage.loader, { path, as: null })).outcome).toBe("not-found");
      expect((await pay(path, localTestCards.approves)).outcome).toBe("not-found");
      expect(
        (
          await callLoader(receiptPage.loader, {
            path: "/pay/local/receipt/lgk_x",
            params: { paymentKey: "lgk_x" },
            as: null,
          })
        ).outcome,
      ).toBe("not-found");
    } finally {
      setRuntime(runtime);
    }
  });
});

describe("/pay/local/receipt/:paymentKey", () => {
  it("shows only payments the local gateway confirmed", async () => {
    const { path } = await checkoutPath();
    const back = returned((await pay(path, localTestCards.approves)).location);
    for (const paymentKey of [back.query.paymentKey!, "lgk_unknown", "not a key", "x".repeat(300)]) {
      const answer = await callLoader(receiptPage.loader, {
        path: `/pay/local/receipt/${encodeURIComponent(paymentKey)}`,
        params: { paymentKey },
        as: null,
      });
      expect(answer.outcome, paymentKey).toBe("not-found");
    }
  });

  it("lists cancellations and what is left", async () => {
    const { path, orderId } = await checkoutPath();
    const back = returned((await pay(path, localTestCards.approves)).location);
    const paymentKey = back.query.paymentKey!;
    await runtime.payments.confirm({ paymentKey, orderId, amount: 30_000 }, `confirm-${orderId}`);
    await runtime.payments.cancel(paymentKey, { reason: "일부 환불", amount: 5_000 }, `cancel-${orderId}`);
    const answer = await callLoader(receiptPage.loader, {
      path: `/en/pay/local/receipt/${paymentKey}`,
      params: { paymentKey },
      as: null,
    });
    expect(answer.data).toMatchObject({
      receipt: {
        status: "PARTIAL_CANCELED",
        totalAmount: 30_000,
        balanceAmount: 25_000,
        cancels: [{ amount: 5_000, reason: "일부 환불" }],
      },
    });
  });
});
