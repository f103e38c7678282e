import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeToss } from "#tests/setup/toss-server";
import { createTossGateway, TOSS_SDK_URL } from "./toss.server";
import { GatewayError, type CheckoutOrder, type PaymentGateway } from "./types";

// Contract test of the Toss Payments adapter against a local server that speaks the v1 payment API with state.

const SECRET_KEY = "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R";
const CLIENT_KEY = "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq";
const PUBLIC_URL = "https://motomate.example";

let toss: Awaited<ReturnType<typeof startFakeToss>>;
let orders = 0;

beforeAll(async () => {
  toss = await startFakeToss({ secretKey: SECRET_KEY });
});
afterAll(() => toss.close());
beforeEach(() => {
  toss.state.requests = [];
  toss.state.faults = [];
});

function gateway(options: { secretKey?: string; timeoutMs?: number; apiUrl?: string } = {}): PaymentGateway {
  return createTossGateway({
    secretKey: options.secretKey ?? SECRET_KEY,
    clientKey: CLIENT_KEY,
    publicUrl: PUBLIC_URL,
    apiUrl: options.apiUrl ?? toss.url,
    timeoutMs: options.timeoutMs,
  });
}

/** A fresh order the payment window has authorised: its id, amount and the key the success URL carries. */
function authorised(amount = 30_000, card: "approves" | "rejects" = "approves") {
  orders += 1;
  const orderId = `meeting-${orders}-${Date.now().toString(36)}`;
  return { orderId, amount, paymentKey: toss.authorise({ orderId, amount, card }) };
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(GatewayError);
  const error = caught as GatewayError;
  for (const text of [error.message, String(error.cause ?? ""), JSON.stringify(error)])
    expect(text).not.toContain(SECRET_KEY);
  return error;
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

describe("checkout", () => {
  it("hands the browser SDK the client key, the order and absolute return addresses", async () => {
    const checkout = await gateway().createCheckout(order());
    expect(checkout).toMatchObject({
      kind: "toss-sdk",
      clientKey: CLIENT_KEY,
      scriptUrl: TOSS_SDK_URL,
      orderId: "meeting-42-a1b2c3",
      amount: 30_000,
      orderName: "정비 상담 1회",
      successUrl: "https://motomate.example/meeting/42/payment/success",
      failUrl: "https://motomate.example/meeting/42/payment/fail",
    });
    expect(toss.state.requests).toHaveLength(0);
  });

  it("names the customer by a key that is stable, within the SDK's rules and not the member id", async () => {
    const first = await gateway().createCheckout(order());
    const again = await gateway().createCheckout(order({ orderId: "meeting-43-a1b2c3" }));
    const other = await gateway().createCheckout(
      order({ customer: { id: "member-9Zx1", name: "박라이더" } }),
    );
    if (first.kind !== "toss-sdk" || again.kind !== "toss-sdk" || other.kind !== "toss-sdk")
      throw new Error("expected the SDK checkout");
    expect(first.customerKey).toMatch(/^[A-Za-z0-9_-]{2,50}$/);
    expect(first.customerKey).toBe(again.customerKey);
    expect(first.customerKey).not.toBe(other.customerKey);
    expect(first.customerKey).not.toContain("member-7Qk2");
  });

  it("refuses an order with a foreign return address, a bad order id or amount, without a call", async () => {
    const refusals = [
      order({ successUrl: "https://evil.example/steal" }),
      order({ failUrl: "//evil.example/fail" }),
      order({ successUrl: "/\\evil.example" }),
      order({ orderId: "short" }),
      order({ orderId: "meeting 42 with spaces" }),
      order({ amount: 0 }),
      order({ amount: 1_000.5 }),
      order({ orderName: " " }),
    ];
    for (const refused of refusals) {
      const error = await failure(gateway().createCheckout(refused));
      expect(error).toMatchObject({ outcome: "declined", code: "INVALID_REQUEST" });
    }
    expect(toss.state.requests).toHaveLength(0);
  });
});

describe("confirm", () => {
  it("confirms with Basic auth, a JSON body and the idempotency key, and reads the payment", async () => {
    const { orderId, amount, paymentKey } = authorised();
    const payment = await gateway().confirm({ paymentKey, orderId, amount }, "confirm-key-1");

    expect(payment).toMatchObject({
      paymentKey,
      orderId,
      status: "DONE",
      totalAmount: 30_000,
      balanceAmount: 30_000,
      method: "카드",
      cancels: [],
    });
    expect(payment.approvedAt).toBeInstanceOf(Date);
    expect(Math.abs(payment.approvedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(payment.receiptUrl).toMatch(/^https:\/\/dashboard\.tosspayments\.com\/receipt\//);

    const [request] = toss.state.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/payments/confirm" });
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`);
    expect(request!.headers["content-type"]).toMatch(/^application\/json\b/);
    expect(request!.headers["idempotency-key"]).toBe("confirm-key-1");
    expect(request!.body).toEqual({ paymentKey, orderId, amount: 30_000 });
  });

  it("answers a second confirmation with a new key ALREADY_PROCESSED_PAYMENT, declined", async () => {
    const { orderId, amount, paymentKey } = authorised();
    await gateway().confirm({ paymentKey, orderId, amount }, "first-try");
    const error = await failure(gateway().confirm({ paymentKey, orderId, amount }, "second-try"));
    expect(error).toMatchObject({
      outcome: "declined",
      code: "ALREADY_PROCESSED_PAYMENT",
      status: 400,
      message: "이미 처리된 결제 입니다.",
    });
    expect(error.unknown).toBe(false);
  });

  it("gets the first answer again for the same idempotency key, and confirms once", async () => {
    const { orderId, amount, paymentKey } = authorised();
    const before = toss.state.confirmations;
    const first = await gateway().confirm({ paymentKey, orderId, amount }, "same-key");
    const replay = await gateway().confirm({ paymentKey, orderId, amount }, "same-key");
    expect(replay).toEqual(first);
    expect(toss.state.confirmations - before).toBe(1);
  });

  it("answers a duplicate sent while the first is still running 409, an unknown outcome", async () => {
    const { orderId, amount, paymentKey } = authorised();
    toss.state.faults.push({ kind: "hold", ms: 300 });
    const first = gateway().confirm({ paymentKey, orderId, amount }, "raced-key");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const duplicate = await failure(gateway().confirm({ paymentKey, orderId, amount }, "raced-key"));
    expect(duplicate).toMatchObject({
      outcome: "unknown",
      code: "IDEMPOTENT_REQUEST_PROCESSING",
      status: 409,
    });
    expect((await first).status).toBe("DONE");
    // Asked again once the first is done, the same key gets the first answer.
    expect((await gateway().confirm({ paymentKey, orderId, amount }, "raced-key")).status).toBe("DONE");
  });

  it("declines a payment key the gateway does not know: NOT_FOUND_PAYMENT", async () => {
    const { orderId, amount } = authorised();
    const error = await failure(
      gateway().confirm({ paymentKey: "tgen_forged0000", orderId, amount }, "forged-key"),
    );
    expect(error).toMatchObject({ outcome: "declined", code: "NOT_FOUND_PAYMENT", status: 404 });
  });

  it("declines an amount other than the one authorised, and leaves the payment waiting", async () => {
    const { orderId, paymentKey } = authorised(30_000);
    const error = await failure(gateway().confirm({ paymentKey, orderId, amount: 3_000 }, "wrong-amount"));
    expect(error).toMatchObject({ outcome: "declined", status: 400 });
    expect((await gateway().getByOrderId(orderId))?.status).toBe("IN_PROGRESS");
  });

  it("passes on a card's refusal with the gateway's Korean message, and the payment is aborted", async () => {
    const { orderId, amount, paymentKey } = authorised(30_000, "rejects");
    const error = await failure(gateway().confirm({ paymentKey, orderId, amount }, "rejected-card"));
    expect(error).toMatchObject({
      outcome: "declined",
      code: "REJECT_CARD_PAYMENT",
      status: 403,
      message: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
    });
    expect((await gateway().getByOrderId(orderId))?.status).toBe("ABORTED");
  });

  it("reports a 5xx FAILED_INTERNAL_SYSTEM_PROCESSING as an unknown outcome", async () => {
    const { orderId, amount, paymentKey } = authorised();
    toss.state.faults.push({
      kind: "error",
      status: 500,
      body: JSON.stringify({
        code: "FAILED_INTERNAL_SYSTEM_PROCESSING",
        message: "내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.",
      }),
    });
    const error = await failure(gateway().confirm({ paymentKey, orderId, amount }, "server-error"));
    expect(error).toMatchObject({
      outcome: "unknown",
      code: "FAILED_INTERNAL_SYSTEM_PROCESSING",
      status: 500,
    });
    expect(error.unknown).toBe(true);
  });

  it("reports a 5xx without a JSON body, and a 2xx that is no payment, as unknown outcomes", async () => {
    const { orderId, amount, paymentKey } = authorised();
    toss.state.faults.push({ kind: "error", status: 502, body: "<html>Bad gateway</html>" });
    expect(await failure(gateway().confirm({ paymentKey, orderId, amount }, "bad-gateway"))).toMatchObject({
      outcome: "unknown",
      code: "HTTP_502",
      status: 502,
    });
    toss.state.faults.push({ kind: "error", status: 200, body: '{"ok":true}' });
    expect(await failure(gateway().confirm({ paymentKey, orderId, amount }, "odd-answer"))).toMatchObject({
      outcome: "unknown",
      code: "GATEWAY_MALFORMED_ANSWER",
    });
  });

  it("reports an answer slower than the timeout as unknown; the payment is still there to confirm", async () => {
    const { orderId, amount, paymentKey } = authorised();
    toss.state.faults.push({ kind: "hang" });
    const started = Date.now();
    const error = await failure(
      gateway({ timeoutMs: 200 }).confirm({ paymentKey, orderId, amount }, "slow-answer"),
    );
    expect(error).toMatchObject({ outcome: "unknown", code: "GATEWAY_TIMEOUT", status: null });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Never guess: ask. This time the gateway had done nothing, so the same key confirms it.
    expect((await gateway().getByOrderId(orderId))?.status).toBe("IN_PROGRESS");
    expect((await gateway().confirm({ paymentKey, orderId, amount }, "slow-answer")).status).toBe("DONE");
  });

  it("reports a confirmation done at the gateway but answered too late as unknown; the lookup shows it DONE", async () => {
    const { orderId, amount, paymentKey } = authorised();
    toss.state.faults.push({ kind: "answer-late", ms: 1_000 });
    const error = await failure(
      gateway({ timeoutMs: 200 }).confirm({ paymentKey, orderId, amount }, "late-answer"),
    );
    expect(error).toMatchObject({ outcome: "unknown", code: "GATEWAY_TIMEOUT" });

    const found = await gateway().getByOrderId(orderId);
    expect(found).toMatchObject({ paymentKey, status: "DONE", totalAmount: 30_000 });
    // A retry with the same key is answered as the first was; a new key would be told it is already done.
    expect((await gateway().confirm({ paymentKey, orderId, amount }, "late-answer")).status).toBe("DONE");
    expect((await failure(gateway().confirm({ paymentKey, orderId, amount }, "another-key"))).code).toBe(
      "ALREADY_PROCESSED_PAYMENT",
    );
  });

  it("reports an unreachable gateway as unknown", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const apiUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { orderId, amount, paymentKey } = authorised();
    const error = await failure(gateway({ apiUrl }).confirm({ paymentKey, orderId, amount }, "unreachable"));
    expect(error).toMatchObject({ outcome: "unknown", code: "GATEWAY_UNREACHABLE", status: null });
    expect(error.cause).toBeDefined();
  });

  it("is refused with a wrong secret key, and never repeats a key the gateway echoes", async () => {
    const { orderId, amount, paymentKey } = authorised();
    const wrong = await failure(
      gateway({ secretKey: "test_sk_wrong0000" }).confirm({ paymentKey, orderId, amount }, "wrong-secret"),
    );
    expect(wrong).toMatchObject({ outcome: "declined", code: "UNAUTHORIZED_KEY", status: 401 });

    toss.state.faults.push({
      kind: "error",
      status: 400,
      body: JSON.stringify({
        code: "INVALID_API_KEY",
        message: `잘못된 시크릿키 연동 정보 입니다. ${SECRET_KEY}`,
      }),
    });
    const echoed = await failure(gateway().confirm({ paymentKey, orderId, amount }, "echoed-secret"));
    expect(echoed.message).toContain("잘못된 시크릿키 연동 정보 입니다.");
  });

  it("refuses a malformed request or idempotency key before calling the gateway", async () => {
    const { orderId, paymentKey } = authorised();
    for (const [request, key] of [
      [{ paymentKey, orderId, amount: 0 }, "k1"],
      [{ paymentKey, orderId, amount: 30_000.5 }, "k2"],
      [{ paymentKey: "", orderId, amount: 30_000 }, "k3"],
      [{ paymentKey, orderId, amount: 30_000 }, ""],
      [{ paymentKey, orderId, amount: 30_000 }, "k".repeat(301)],
    ] as const) {
      expect((await failure(gateway().confirm(request, key))).code).toBe("INVALID_REQUEST");
    }
    expect(toss.state.requests).toHaveLength(0);
  });
});

describe("cancel", () => {
  async function confirmed(amount = 30_000) {
    const paid = authorised(amount);
    await gateway().confirm(paid, `confirm-${paid.orderId}`);
    return paid;
  }

  it("cancels part of a payment, then the rest, with the balance and the cancellations", async () => {
    const { paymentKey } = await confirmed(30_000);
    const partial = await gateway().cancel(paymentKey, { reason: "일부 환불", amount: 10_000 }, "cancel-1");
    expect(partial).toMatchObject({ status: "PARTIAL_CANCELED", totalAmount: 30_000, balanceAmount: 20_000 });
    expect(partial.cancels).toHaveLength(1);
    expect(partial.cancels[0]).toMatchObject({ amount: 10_000, reason: "일부 환불" });
    expect(partial.cancels[0]!.canceledAt).toBeInstanceOf(Date);
    expect(partial.cancels[0]!.transactionKey).toMatch(/^[A-Z0-9]{32}$/);

    const full = await gateway().cancel(paymentKey, { reason: "만남 취소" }, "cancel-2");
    expect(full).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
    expect(full.cancels.map((cancel) => cancel.amount)).toEqual([10_000, 20_000]);

    const bodies = toss.state.requests.filter((request) => request.path.endsWith("/cancel"));
    expect(bodies.map((request) => request.path)).toEqual([
      `/v1/payments/${paymentKey}/cancel`,
      `/v1/payments/${paymentKey}/cancel`,
    ]);
    expect(bodies.map((request) => request.body)).toEqual([
      { cancelReason: "일부 환불", cancelAmount: 10_000 },
      { cancelReason: "만남 취소" },
    ]);
    expect(bodies.map((request) => request.headers["idempotency-key"])).toEqual(["cancel-1", "cancel-2"]);
  });

  it("cancels once for one idempotency key, however often it is sent", async () => {
    const { paymentKey } = await confirmed(30_000);
    await gateway().cancel(paymentKey, { reason: "환불", amount: 5_000 }, "cancel-once");
    const again = await gateway().cancel(paymentKey, { reason: "환불", amount: 5_000 }, "cancel-once");
    expect(again).toMatchObject({ balanceAmount: 25_000 });
    expect(again.cancels).toHaveLength(1);
  });

  it("declines more than the balance, a cancelled payment and an unknown one", async () => {
    const { paymentKey } = await confirmed(30_000);
    expect(
      await failure(gateway().cancel(paymentKey, { reason: "과다", amount: 40_000 }, "too-much")),
    ).toMatchObject({ outcome: "declined", code: "NOT_CANCELABLE_AMOUNT", status: 403 });
    await gateway().cancel(paymentKey, { reason: "전액" }, "all");
    expect(await failure(gateway().cancel(paymentKey, { reason: "다시" }, "again"))).toMatchObject({
      outcome: "declined",
      code: "ALREADY_CANCELED_PAYMENT",
    });
    expect(await failure(gateway().cancel("tgen_unknown", { reason: "없음" }, "none"))).toMatchObject({
      outcome: "declined",
      code: "NOT_FOUND_PAYMENT",
      status: 404,
    });
  });

  it("refuses a cancel without a reason or with a bad amount before calling the gateway", async () => {
    for (const request of [{ reason: " " }, { reason: "환불", amount: 0 }, { reason: "환불", amount: 1.5 }]) {
      expect((await failure(gateway().cancel("tgen_key", request, "refused"))).code).toBe("INVALID_REQUEST");
    }
    expect(toss.state.requests).toHaveLength(0);
  });
});

describe("lookup by order id", () => {
  it("finds the order's payment, and answers null for an order the gateway has none of", async () => {
    const { orderId, paymentKey } = authorised(12_000);
    expect(await gateway().getByOrderId(orderId)).toMatchObject({
      paymentKey,
      orderId,
      status: "IN_PROGRESS",
      totalAmount: 12_000,
      approvedAt: null,
      method: null,
      receiptUrl: null,
      cancels: [],
    });
    expect(toss.state.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v1/payments/orders/${orderId}`,
    });
    expect(await gateway().getByOrderId("meeting-none-000")).toBeNull();
  });

  it("sends the order id escaped, and reports a 5xx as unknown rather than as no payment", async () => {
    const orderId = "a=b_c-d=1";
    toss.authorise({ orderId, amount: 1_000 });
    expect((await gateway().getByOrderId(orderId))?.orderId).toBe(orderId);
    expect(toss.state.requests.at(-1)!.path).toBe("/v1/payments/orders/a%3Db_c-d%3D1");

    toss.state.faults.push({ kind: "error", status: 503, body: "" });
    expect(await failure(gateway().getByOrderId(orderId))).toMatchObject({ outcome: "unknown", status: 503 });
  });
});

describe("webhooks", () => {
  it("reads a PAYMENT_STATUS_CHANGED body as a hint of the payment's key, order and status", async () => {
    const { orderId, amount, paymentKey } = authorised();
    await gateway().confirm({ paymentKey, orderId, amount }, `webhook-${orderId}`);
    const body = toss.webhookBody(paymentKey);
    expect(JSON.parse(body)).toMatchObject({ eventType: "PAYMENT_STATUS_CHANGED", data: { status: "DONE" } });
    expect(gateway().parseWebhook(body, new Headers({ "content-type": "application/json" }))).toEqual({
      eventType: "PAYMENT_STATUS_CHANGED",
      orderId,
      paymentKey,
      status: "DONE",
    });
  });

  it("reads the older body with only key, order and status, and nothing else", () => {
    const hooks = gateway();
    const headers = new Headers();
    expect(
      hooks.parseWebhook(
        JSON.stringify({
          eventType: "PAYMENT_STATUS_CHANGED",
          createdAt: "2022-05-12T00:00:00.000",
          data: { paymentKey: "B3EvL1cKz9p-kO6XPNpfF", status: "CANCELED", orderId: "YOWWcpZSDCZ8WJC5x7mkl" },
        }),
        headers,
      ),
    ).toEqual({
      eventType: "PAYMENT_STATUS_CHANGED",
      paymentKey: "B3EvL1cKz9p-kO6XPNpfF",
      orderId: "YOWWcpZSDCZ8WJC5x7mkl",
      status: "CANCELED",
    });
    for (const body of [
      "not json",
      "null",
      JSON.stringify({
        eventType: "DEPOSIT_CALLBACK",
        data: { paymentKey: "k", orderId: "o", status: "DONE" },
      }),
      JSON.stringify({
        eventType: "PAYMENT_STATUS_CHANGED",
        data: { paymentKey: "k", orderId: "o", status: "PAID" },
      }),
      JSON.stringify({ eventType: "PAYMENT_STATUS_CHANGED", data: { orderId: "o", status: "DONE" } }),
      JSON.stringify({ eventType: "PAYMENT_STATUS_CHANGED" }),
    ]) {
      expect(hooks.parseWebhook(body, headers), body).toBeNull();
    }
  });
});
