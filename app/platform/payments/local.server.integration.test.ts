import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { FixedClock } from "#app/platform/clock.server";
import { createTestDatabase } from "#tests/setup/database";
import {
  authoriseLocalPayment,
  createLocalGateway,
  findLocalReceipt,
  localTestCards,
  type LocalCardPayment,
} from "./local.server";
import { GatewayError, type CheckoutOrder, type PaymentGateway } from "./types";

// The local gateway on a real database: what its checkout window authorises, its confirm, cancel and lookup answer
// with the gateway's codes, and what it keeps survives a new adapter (a restart).

let db: Database;
const clock = new FixedClock(new Date("2026-05-04T03:00:00Z"));
let gateway: PaymentGateway;
let orders = 0;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  gateway = createLocalGateway({ db, clock });
});

function card(overrides: Partial<LocalCardPayment> = {}): LocalCardPayment {
  orders += 1;
  return {
    orderId: `meeting-${orders}-local`,
    amount: 30_000,
    orderName: "정비 상담 1회",
    customerName: "김라이더",
    cardNumber: localTestCards.approves,
    expiryMonth: 12,
    expiryYear: 2030,
    ...overrides,
  };
}

/** A payment the checkout window authorised: what its success URL carries. */
async function authorised(overrides: Partial<LocalCardPayment> = {}) {
  const result = await authoriseLocalPayment(db, clock, card(overrides));
  if (result.outcome !== "authorised") throw new Error(`not authorised: ${JSON.stringify(result)}`);
  return { paymentKey: result.paymentKey, orderId: result.orderId, amount: result.amount };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(GatewayError);
  return caught as GatewayError;
}

const order = (overrides: Partial<CheckoutOrder> = {}): CheckoutOrder => ({
  orderId: "meeting-42-a1b2c3",
  amount: 30_000,
  orderName: "정비 상담 1회",
  customer: { id: "member-7Qk2", name: "김라이더" },
  successUrl: "/meeting/42/payment/success",
  failUrl: "/meeting/42/payment/fail",
  ...overrides,
});

describe("the local checkout", () => {
  it("sends the browser to its own checkout page with the order", async () => {
    const checkout = await gateway.createCheckout(order());
    if (checkout.kind !== "redirect") throw new Error("expected a redirect");
    const url = new URL(checkout.url, "http://localhost");
    expect(url.pathname).toBe("/pay/local/checkout");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orderId: "meeting-42-a1b2c3",
      amount: "30000",
      orderName: "정비 상담 1회",
      customerName: "김라이더",
      successUrl: "/meeting/42/payment/success",
      failUrl: "/meeting/42/payment/fail",
    });
    const english = await gateway.createCheckout(order({ successUrl: "/en/meeting/42/payment/success" }));
    expect(english.kind === "redirect" && english.url.startsWith("/en/pay/local/checkout?")).toBe(true);
  });

  it("refuses a return address on another site", async () => {
    for (const successUrl of ["https://evil.example/", "//evil.example/", "javascript:alert(1)"]) {
      expect((await failure(gateway.createCheckout(order({ successUrl })))).code).toBe("INVALID_REQUEST");
    }
  });

  it("authorises a test card with a fresh key, declines the declining card and refuses other numbers", async () => {
    const first = await authorised();
    const second = await authorised();
    expect(first.paymentKey).not.toBe(second.paymentKey);
    expect(await gateway.getByOrderId(first.orderId)).toMatchObject({
      status: "IN_PROGRESS",
      totalAmount: 30_000,
      approvedAt: null,
    });

    expect(await authoriseLocalPayment(db, clock, card({ cardNumber: localTestCards.declines }))).toEqual({
      outcome: "declined",
      code: "REJECT_CARD_PAYMENT",
      message: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
    });
    expect(await authoriseLocalPayment(db, clock, card({ cardNumber: "4111111111111111" }))).toMatchObject({
      outcome: "invalid-card",
      field: "cardNumber",
      code: "INVALID_CARD_NUMBER",
    });
    expect(await authoriseLocalPayment(db, clock, card({ expiryMonth: 4, expiryYear: 2026 }))).toMatchObject({
      outcome: "invalid-card",
      field: "expiry",
      code: "INVALID_CARD_EXPIRATION",
    });
    // Good through the last day of its month.
    expect((await authoriseLocalPayment(db, clock, card({ expiryMonth: 5, expiryYear: 2026 }))).outcome).toBe(
      "authorised",
    );
  });

  it("authorises an order again while it waits for confirmation, never once it is confirmed", async () => {
    const first = await authorised();
    const again = await authoriseLocalPayment(db, clock, card({ orderId: first.orderId, amount: 30_000 }));
    if (again.outcome !== "authorised") throw new Error("expected a new authorisation");
    // The first window's key is gone: only the last one can be confirmed.
    expect((await failure(gateway.confirm(first, "old-window"))).code).toBe("NOT_FOUND_PAYMENT");
    await gateway.confirm({ ...first, paymentKey: again.paymentKey }, "new-window");
    expect(await authoriseLocalPayment(db, clock, card({ orderId: first.orderId }))).toMatchObject({
      outcome: "declined",
      code: "DUPLICATED_ORDER_ID",
    });
  });
});

describe("confirm", () => {
  it("captures an authorised payment once; a second confirmation is ALREADY_PROCESSED_PAYMENT", async () => {
    const paid = await authorised();
    const payment = await gateway.confirm(paid, "confirm-1");
    expect(payment).toMatchObject({
      paymentKey: paid.paymentKey,
      orderId: paid.orderId,
      status: "DONE",
      totalAmount: 30_000,
      balanceAmount: 30_000,
      approvedAt: clock.now(),
      method: "카드",
      receiptUrl: `/pay/local/receipt/${encodeURIComponent(paid.paymentKey)}`,
      cancels: [],
    });
    // The same key is answered as the first time; another is told it is done.
    expect(await gateway.confirm(paid, "confirm-1")).toEqual(payment);
    expect(await failure(gateway.confirm(paid, "confirm-2"))).toMatchObject({
      outcome: "declined",
      code: "ALREADY_PROCESSED_PAYMENT",
      status: 400,
      message: "이미 처리된 결제 입니다.",
    });
  });

  it("confirms only what the gateway authorised: a forged key or another order or amount is declined", async () => {
    const paid = await authorised();
    expect(await failure(gateway.confirm({ ...paid, paymentKey: "lgk_forged-key" }, "forged"))).toMatchObject(
      { outcome: "declined", code: "NOT_FOUND_PAYMENT", status: 404 },
    );
    for (const forged of [
      { ...paid, amount: 3_000 },
      { ...paid, orderId: "meeting-other-order" },
    ]) {
      expect(
        await failure(gateway.confirm(forged, `forged-${forged.amount}-${forged.orderId}`)),
      ).toMatchObject({ outcome: "declined", code: "INVALID_REQUEST" });
    }
    expect((await gateway.getByOrderId(paid.orderId))?.status).toBe("IN_PROGRESS");
  });

  it("expires an authorisation not confirmed within ten minutes", async () => {
    const paid = await authorised();
    const later = createLocalGateway({
      db,
      clock: new FixedClock(new Date(clock.now().getTime() + 10 * 60_000 + 1)),
    });
    expect(await failure(later.confirm(paid, "too-late"))).toMatchObject({
      outcome: "declined",
      code: "NOT_FOUND_PAYMENT_SESSION",
      status: 404,
    });
    expect((await gateway.getByOrderId(paid.orderId))?.status).toBe("EXPIRED");
    expect((await failure(gateway.confirm(paid, "after-expiry"))).code).toBe("NOT_FOUND_PAYMENT_SESSION");
  });

  it("stores the timing-out card's confirmation and answers unknown; the lookup shows it DONE", async () => {
    const paid = await authorised({ cardNumber: localTestCards.timesOut });
    const error = await failure(gateway.confirm(paid, "times-out"));
    expect(error).toMatchObject({ outcome: "unknown", code: "GATEWAY_TIMEOUT", status: null });
    expect(error.unknown).toBe(true);

    expect(await gateway.getByOrderId(paid.orderId)).toMatchObject({
      status: "DONE",
      paymentKey: paid.paymentKey,
    });
    // Asked again with the same key, the gateway answers this time; a new key is told it is done.
    expect((await gateway.confirm(paid, "times-out")).status).toBe("DONE");
    expect((await failure(gateway.confirm(paid, "times-out-2"))).code).toBe("ALREADY_PROCESSED_PAYMENT");
  });

  it("keeps its payments across a restart (a new adapter on the same database)", async () => {
    const paid = await authorised();
    await gateway.confirm(paid, "before-restart");
    const restarted = createLocalGateway({ db, clock });
    expect(await restarted.getByOrderId(paid.orderId)).toMatchObject({
      status: "DONE",
      paymentKey: paid.paymentKey,
    });
    expect(await restarted.getByOrderId("meeting-never-paid")).toBeNull();
  });
});

describe("cancel", () => {
  async function confirmed(amount = 30_000) {
    const paid = await authorised({ amount });
    await gateway.confirm(paid, `confirm-${paid.orderId}`);
    return paid;
  }

  it("refunds part, then the rest, once per idempotency key", async () => {
    const { paymentKey, orderId } = await confirmed(30_000);
    const partial = await gateway.cancel(paymentKey, { reason: "일부 환불", amount: 10_000 }, "cancel-a");
    expect(partial).toMatchObject({ status: "PARTIAL_CANCELED", balanceAmount: 20_000 });
    expect(partial.cancels).toEqual([
      {
        amount: 10_000,
        reason: "일부 환불",
        canceledAt: clock.now(),
        transactionKey: expect.stringMatching(/^lgt_/),
      },
    ]);
    expect(await gateway.cancel(paymentKey, { reason: "일부 환불", amount: 10_000 }, "cancel-a")).toEqual(
      partial,
    );

    const full = await gateway.cancel(paymentKey, { reason: "만남 취소" }, "cancel-b");
    expect(full).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
    expect(full.cancels.map((cancel) => cancel.amount)).toEqual([10_000, 20_000]);
    expect(await gateway.getByOrderId(orderId)).toEqual(full);

    const receipt = await findLocalReceipt(db, paymentKey);
    expect(receipt).toMatchObject({
      orderName: "정비 상담 1회",
      customerName: "김라이더",
      status: "CANCELED",
      totalAmount: 30_000,
      balanceAmount: 0,
      cardNumber: "424242******4242",
    });
    expect(receipt!.cancels.map((cancel) => cancel.reason)).toEqual(["일부 환불", "만남 취소"]);
  });

  it("declines more than the balance, a cancelled payment, an unconfirmed one and an unknown one", async () => {
    const { paymentKey } = await confirmed(30_000);
    expect(await failure(gateway.cancel(paymentKey, { reason: "과다", amount: 30_001 }, "c1"))).toMatchObject(
      {
        code: "NOT_CANCELABLE_AMOUNT",
        status: 403,
      },
    );
    await gateway.cancel(paymentKey, { reason: "전액" }, "c2");
    expect((await failure(gateway.cancel(paymentKey, { reason: "다시" }, "c3"))).code).toBe(
      "ALREADY_CANCELED_PAYMENT",
    );
    const waiting = await authorised();
    expect((await failure(gateway.cancel(waiting.paymentKey, { reason: "미승인" }, "c4"))).code).toBe(
      "NOT_CANCELABLE_PAYMENT",
    );
    expect((await failure(gateway.cancel("lgk_unknown", { reason: "없음" }, "c5"))).code).toBe(
      "NOT_FOUND_PAYMENT",
    );
    expect(await findLocalReceipt(db, waiting.paymentKey)).toBeNull();
  });
});

describe("webhooks", () => {
  it("reads the same PAYMENT_STATUS_CHANGED hint as the real gateway's", () => {
    const body = JSON.stringify({
      eventType: "PAYMENT_STATUS_CHANGED",
      createdAt: "2026-05-04T12:00:00.000000",
      data: { paymentKey: "lgk_x", orderId: "meeting-1-local", status: "CANCELED" },
    });
    expect(gateway.parseWebhook(body, new Headers())).toEqual({
      eventType: "PAYMENT_STATUS_CHANGED",
      paymentKey: "lgk_x",
      orderId: "meeting-1-local",
      status: "CANCELED",
    });
    expect(gateway.parseWebhook("{}", new Headers())).toBeNull();
  });
});
