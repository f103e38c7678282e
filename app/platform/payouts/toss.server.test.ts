import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decryptJwe, encryptJwe } from "./jwe.server";
import { createTossPayouts } from "./toss.server";
import { PayoutRefused, PayoutUnavailable, type PayoutRequest, type PayoutService } from "./types";

// Contract test of the Toss payouts adapter against a local server that speaks the v2 payouts API: Basic auth, JWE
// bodies under the security key (and JWE answers to them), idempotency keys, the {entityBody, error} envelope.

const SECRET_KEY = "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R";
const SECURITY_KEY = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const ACCOUNT = "110123456789";

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  /** The decrypted body, for encrypted requests. */
  body: unknown;
  jweHeader: Record<string, unknown> | null;
}

type Fault = { kind: "error"; status: number; body: string } | { kind: "hang" };

interface Payout {
  id: string;
  refPayoutId: string;
  destination: string;
  scheduleType: string;
  amount: { currency: string; value: number };
  transactionDescription: string;
  status: string;
  error: { code: string; message: string } | null;
}

const state = {
  requests: [] as Seen[],
  faults: [] as Fault[],
  payouts: new Map<string, Payout>(),
  answered: new Map<string, string>(),
  sellers: new Map<string, string>(),
};
let server: http.Server;
let url: string;

const envelope = (entityType: string | null, entityBody: unknown, error: unknown = null) =>
  JSON.stringify({ version: "2022-11-16", traceId: "trace-1", entityType, entityBody, error });

function answer(res: http.ServerResponse, status: number, json: string, encrypted: boolean) {
  res.writeHead(status, { "content-type": encrypted ? "text/plain" : "application/json" });
  res.end(encrypted ? encryptJwe(json, SECURITY_KEY) : json);
}

function handle(seen: Seen, res: http.ServerResponse) {
  const encrypted = seen.headers["tosspayments-api-security-mode"] === "ENCRYPTION";
  const expected = `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`;
  if (seen.headers.authorization !== expected)
    return answer(
      res,
      401,
      envelope(null, null, { code: "UNAUTHORIZED_KEY", message: "인증되지 않은 키입니다." }),
      false,
    );
  const fault = state.faults.shift();
  if (fault?.kind === "hang") return; // never answers
  if (fault?.kind === "error") {
    res.writeHead(fault.status, { "content-type": "application/json" });
    return res.end(fault.body);
  }
  if (seen.method === "POST" && seen.path === "/v2/payouts") {
    const key = String(seen.headers["idempotency-key"] ?? "");
    const replay = state.answered.get(`payouts:${key}`);
    if (replay) return answer(res, 200, replay, encrypted);
    const items = seen.body as Array<Omit<Payout, "id" | "status" | "error">>;
    const created: Payout[] = items.map((item) => {
      const known = state.sellers.has(item.destination);
      const payout: Payout = {
        ...item,
        id: `FPA_${state.payouts.size + 1}`,
        status: known ? (item.amount.value === 13 ? "FAILED" : "IN_PROGRESS") : "FAILED",
        error: known
          ? item.amount.value === 13
            ? { code: "INVALID_ACCOUNT", message: `계좌 ${ACCOUNT} 확인 불가` }
            : null
          : { code: "NOT_FOUND_SELLER", message: "셀러를 찾을 수 없습니다." },
      };
      state.payouts.set(payout.id, payout);
      return payout;
    });
    const json = envelope("payout-list", { items: created });
    state.answered.set(`payouts:${key}`, json);
    return answer(res, 200, json, encrypted);
  }
  const one = /^\/v2\/payouts\/([^/]+)$/.exec(seen.path);
  if (seen.method === "GET" && one) {
    const payout = state.payouts.get(decodeURIComponent(one[1]!));
    return payout
      ? answer(res, 200, envelope("payout", payout), false)
      : answer(
          res,
          404,
          envelope(null, null, { code: "NOT_FOUND_PAYOUT", message: "지급대행 건이 없습니다." }),
          false,
        );
  }
  if (seen.method === "GET" && seen.path === "/v2/balances")
    return answer(
      res,
      200,
      envelope("balance", {
        pendingAmount: { currency: "KRW", value: 50_000 },
        availableAmount: { currency: "KRW", value: 1_234_500 },
      }),
      false,
    );
  if (seen.method === "POST" && seen.path === "/v2/sellers") {
    const body = seen.body as {
      refSellerId: string;
      businessType: string;
      account: { accountNumber: string };
    };
    if (!/^\d{10,14}$/.test(body.account.accountNumber))
      return answer(
        res,
        400,
        envelope(null, null, {
          code: "INVALID_ACCOUNT_NUMBER",
          message: `잘못된 계좌번호입니다: ${body.account.accountNumber}`,
        }),
        encrypted,
      );
    const id = `seller_${state.sellers.size + 1}`;
    state.sellers.set(id, body.refSellerId);
    const status = body.businessType === "CORPORATE" ? "PARTIALLY_APPROVED" : "APPROVAL_REQUIRED";
    return answer(
      res,
      200,
      envelope("seller", { id, refSellerId: body.refSellerId, businessType: body.businessType, status }),
      encrypted,
    );
  }
  answer(res, 404, envelope(null, null, { code: "NOT_FOUND", message: "없는 API입니다." }), false);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      let body: unknown = undefined;
      let jweHeader: Record<string, unknown> | null = null;
      if (raw) {
        const opened = decryptJwe(raw, SECURITY_KEY);
        body = JSON.parse(opened.plaintext);
        jweHeader = opened.header;
      }
      const seen = { method: req.method!, path: req.url!, headers: req.headers, raw, body, jweHeader };
      state.requests.push(seen);
      handle(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  state.requests = [];
  state.faults = [];
});

function payouts(options: { secretKey?: string; timeoutMs?: number; apiUrl?: string } = {}): PayoutService {
  return createTossPayouts({
    secretKey: options.secretKey ?? SECRET_KEY,
    securityKey: SECURITY_KEY,
    apiUrl: options.apiUrl ?? url,
    timeoutMs: options.timeoutMs,
  });
}

let keys = 0;
const request = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  payoutKey: `wd-${++keys}-${Date.now().toString(36)}`,
  memberId: "member-1",
  category: "individual",
  amount: 29_010,
  bankCode: "088",
  accountNumber: ACCOUNT,
  holderName: "김라이더",
  sellerId: "seller_known",
  ...overrides,
});
state.sellers.set("seller_known", "member-1");

async function thrown(promise: Promise<unknown>): Promise<Error> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(Error);
  const error = caught as Error;
  for (const text of [error.message, JSON.stringify(error)]) {
    expect(text).not.toContain(ACCOUNT);
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(SECURITY_KEY);
  }
  return error;
}

describe("the JWE", () => {
  it("opens a body another implementation (jose) encrypted under the same key", () => {
    const vector =
      "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIiwiaWF0IjoiMjAyNC0wMS0yNFQxNDo0MDoxMCswOTowMCIsIm5vbmNlIjoiNmYxYzJhOGUtM2QyYi00YjdhLTlhNTEtM2MxZTBmN2QyYjExIn0..aGZwTvIEaShMqprM.8_0TaVeBgiE5dqsU2xU.XuPth0tErJq961MVcC6eTQ";
    expect(decryptJwe(vector, SECURITY_KEY)).toEqual({
      plaintext: '{"b":"한글"}',
      header: {
        alg: "dir",
        enc: "A256GCM",
        iat: "2024-01-24T14:40:10+09:00",
        nonce: "6f1c2a8e-3d2b-4b7a-9a51-3c1e0f7d2b11",
      },
    });
    const tampered = vector.slice(0, -2) + (vector.endsWith("TQ") ? "TA" : "TQ");
    expect(() => decryptJwe(tampered, SECURITY_KEY)).toThrow();
    expect(() => decryptJwe(vector, "f".repeat(64))).toThrow();
  });
});

describe("send", () => {
  it("posts one encrypted item per payout with Basic auth and the payoutKey as idempotency key", async () => {
    const first = request();
    const second = request({ amount: 100_000 });
    const states = await payouts().send([first, second]);
    expect(states).toEqual([
      { status: "processing", ref: expect.stringMatching(/^FPA_/) },
      { status: "processing", ref: expect.stringMatching(/^FPA_/) },
    ]);
    expect(state.requests).toHaveLength(2);
    const [seen] = state.requests;
    expect(seen).toMatchObject({ method: "POST", path: "/v2/payouts" });
    expect(seen!.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`);
    expect(seen!.headers["tosspayments-api-security-mode"]).toBe("ENCRYPTION");
    expect(seen!.headers["content-type"]).toMatch(/^text\/plain/);
    expect(seen!.headers["idempotency-key"]).toBe(first.payoutKey);
    expect(state.requests[1]!.headers["idempotency-key"]).toBe(second.payoutKey);
    // The body on the wire is a compact JWE, not the JSON; the account number is in neither (the seller has it).
    expect(seen!.raw).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(seen!.raw).not.toContain(first.payoutKey);
    expect(seen!.body).toEqual([
      {
        refPayoutId: first.payoutKey,
        destination: "seller_known",
        scheduleType: "EXPRESS",
        amount: { currency: "KRW", value: 29_010 },
        transactionDescription: "모토메이트",
      },
    ]);
    expect(JSON.stringify(seen!.body)).not.toContain(ACCOUNT);
    expect(seen!.jweHeader).toMatchObject({ alg: "dir", enc: "A256GCM" });
    expect(String(seen!.jweHeader!.iat)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    expect(String(seen!.jweHeader!.nonce)).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.requests[1]!.jweHeader!.nonce).not.toBe(seen!.jweHeader!.nonce);
  });

  it("is answered once per payoutKey: the same request again gets the same payout", async () => {
    const same = request();
    const [first] = await payouts().send([same]);
    const [again] = await payouts().send([same]);
    expect(again).toEqual(first);
    expect(
      [...state.payouts.values()].filter((payout) => payout.refPayoutId === same.payoutKey),
    ).toHaveLength(1);
  });

  it("reports a payout Toss failed, and a refusal, as failed with Toss's code and no account number", async () => {
    const [failed] = await payouts().send([request({ amount: 13 })]);
    expect(failed).toMatchObject({
      status: "failed",
      ref: expect.stringMatching(/^FPA_/),
      code: "INVALID_ACCOUNT",
    });
    expect(JSON.stringify(failed)).not.toContain(ACCOUNT);

    state.faults.push({
      kind: "error",
      status: 400,
      body: envelope(null, null, {
        code: "FORBIDDEN_SELLER_PAYOUT",
        message: `The seller requires KYC (account ${ACCOUNT.slice(0, 3)}-${ACCOUNT.slice(3)})`,
      }),
    });
    const [refused] = await payouts().send([request()]);
    expect(refused).toEqual({
      status: "failed",
      ref: null,
      code: "FORBIDDEN_SELLER_PAYOUT",
      message: "The seller requires KYC (account ***)",
    });
  });

  it("refuses without a call a payout with no seller, a malformed key or amount", async () => {
    const states = await payouts().send([
      request({ sellerId: undefined }),
      request({ payoutKey: "wd 1" }),
      request({ amount: 1.5 }),
      request({ amount: 0 }),
    ]);
    expect(states.map((one) => (one.status === "failed" ? one.code : one.status))).toEqual([
      "SELLER_NOT_REGISTERED",
      "INVALID_REQUEST",
      "INVALID_REQUEST",
      "INVALID_REQUEST",
    ]);
    expect(state.requests).toHaveLength(0);
  });

  it("throws PayoutUnavailable for a 5xx, a 409 still-processing, a 2xx without the payout, a wrong key", async () => {
    state.faults.push({
      kind: "error",
      status: 500,
      body: envelope(null, null, { code: "FAILED_INTERNAL_SYSTEM_PROCESSING", message: "내부 오류" }),
    });
    expect(await thrown(payouts().send([request()]))).toBeInstanceOf(PayoutUnavailable);
    state.faults.push({
      kind: "error",
      status: 409,
      body: envelope(null, null, {
        code: "IDEMPOTENT_REQUEST_PROCESSING",
        message: "이전 멱등 요청이 처리중입니다.",
      }),
    });
    expect(await thrown(payouts().send([request()]))).toBeInstanceOf(PayoutUnavailable);
    state.faults.push({ kind: "error", status: 200, body: envelope("payout-list", { items: [] }) });
    expect(await thrown(payouts().send([request()]))).toBeInstanceOf(PayoutUnavailable);
    state.faults.push({ kind: "error", status: 502, body: "<html>Bad gateway</html>" });
    expect(await thrown(payouts().send([request()]))).toBeInstanceOf(PayoutUnavailable);
    // Our own credentials refused: a configuration to fix, never a payout to mark failed.
    expect(await thrown(payouts({ secretKey: "test_sk_wrong" }).send([request()]))).toBeInstanceOf(
      PayoutUnavailable,
    );
  });

  it("throws PayoutUnavailable when Toss does not answer in time, or cannot be reached", async () => {
    state.faults.push({ kind: "hang" });
    const started = Date.now();
    const slow = await thrown(payouts({ timeoutMs: 200 }).send([request()]));
    expect(slow).toBeInstanceOf(PayoutUnavailable);
    expect(slow.message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const apiUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await thrown(payouts({ apiUrl }).send([request()]))).toBeInstanceOf(PayoutUnavailable);
  });
});

describe("lookup", () => {
  it("gets the payout by Toss's id and maps its status", async () => {
    const sent = request();
    const [first] = await payouts().send([sent]);
    const ref = first!.status === "processing" ? first!.ref! : "";
    expect(await payouts().lookup(sent.payoutKey, ref)).toEqual({ status: "processing", ref });
    expect(state.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v2/payouts/${ref}`,
      body: undefined,
    });

    const stored = state.payouts.get(ref)!;
    stored.status = "COMPLETED";
    expect(await payouts().lookup(sent.payoutKey, ref)).toEqual({ status: "paid", ref, paidAt: null });
    stored.status = "REQUESTED";
    expect((await payouts().lookup(sent.payoutKey, ref)).status).toBe("processing");
    stored.status = "CANCELED";
    expect(await payouts().lookup(sent.payoutKey, ref)).toMatchObject({ status: "failed", code: "CANCELED" });
    stored.status = "FAILED";
    stored.error = { code: "BANK_ACCOUNT_CLOSED", message: "해지된 계좌입니다." };
    expect(await payouts().lookup(sent.payoutKey, ref)).toEqual({
      status: "failed",
      ref,
      code: "BANK_ACCOUNT_CLOSED",
      message: "해지된 계좌입니다.",
    });
  });

  it("answers unknown for an id Toss has not, and refuses to guess without an id or for another key", async () => {
    expect(await payouts().lookup("wd-none", "FPA_none")).toEqual({ status: "unknown" });
    expect(await thrown(payouts().lookup("wd-none"))).toBeInstanceOf(PayoutUnavailable);
    const [first] = await payouts().send([request()]);
    const ref = first!.status === "processing" ? first!.ref! : "";
    expect(await thrown(payouts().lookup("wd-other", ref))).toBeInstanceOf(PayoutUnavailable);
    state.faults.push({ kind: "error", status: 503, body: "" });
    expect(await thrown(payouts().lookup("wd-x", ref))).toBeInstanceOf(PayoutUnavailable);
  });
});

describe("balance", () => {
  it("reads what can be paid out now", async () => {
    expect(await payouts().balance()).toBe(1_234_500);
    expect(state.requests.at(-1)).toMatchObject({ method: "GET", path: "/v2/balances" });
  });
});

describe("seller registration", () => {
  const registration = {
    memberId: "member-7",
    registrationKey: "seller-member-7-v1",
    kind: "individual" as const,
    name: "김라이더",
    email: "rider@example.com",
    phone: "01012345678",
    bankCode: "088",
    accountNumber: ACCOUNT,
    holderName: "김라이더",
  };

  it("registers an individual with an encrypted body and its own idempotency key", async () => {
    const seller = await payouts().registerSeller!(registration);
    expect(seller).toEqual({ sellerId: expect.stringMatching(/^seller_/), status: "approval-required" });
    const [seen] = state.requests;
    expect(seen).toMatchObject({ method: "POST", path: "/v2/sellers" });
    expect(seen!.headers["idempotency-key"]).toBe("seller-member-7-v1");
    expect(seen!.headers["tosspayments-api-security-mode"]).toBe("ENCRYPTION");
    expect(seen!.raw).not.toContain(ACCOUNT);
    expect(seen!.body).toEqual({
      refSellerId: "member-7",
      businessType: "INDIVIDUAL",
      individual: { name: "김라이더", email: "rider@example.com", phone: "01012345678" },
      account: { bankCode: "088", accountNumber: ACCOUNT, holderName: "김라이더" },
    });
  });

  it("registers a business with its company, and a payout to the new seller goes out", async () => {
    const seller = await payouts().registerSeller!({
      ...registration,
      kind: "corporation",
      business: { companyName: "모토정비 주식회사", registrationNumber: "1234567890" },
    });
    expect(seller.status).toBe("partially-approved");
    expect(state.requests[0]!.body).toMatchObject({
      businessType: "CORPORATE",
      company: {
        name: "모토정비 주식회사",
        representativeName: "김라이더",
        businessRegistrationNumber: "1234567890",
        email: "rider@example.com",
        phone: "01012345678",
      },
    });
    const [sent] = await payouts().send([request({ sellerId: seller.sellerId })]);
    expect(sent!.status).toBe("processing");
  });

  it("passes on a refusal without the account number Toss echoed", async () => {
    const refused = await thrown(payouts().registerSeller!({ ...registration, accountNumber: "12-34" }));
    expect(refused).toBeInstanceOf(PayoutRefused);
    expect(refused).toMatchObject({ code: "INVALID_ACCOUNT_NUMBER" });
    expect(refused.message).not.toContain("12-34");
    expect(
      await thrown(payouts().registerSeller!({ ...registration, kind: "sole-proprietor" })),
    ).toBeInstanceOf(PayoutRefused);
  });
});

describe("webhooks", () => {
  const headers = new Headers({
    "content-type": "application/json",
    "tosspayments-webhook-transmission-time": "2024-09-05T12:19:21+09:00",
  });

  it("reads payout.changed as a hint of the payoutKey and Toss's id", () => {
    const body = JSON.stringify({
      eventType: "payout.changed",
      createdAt: "2024-12-02T12:15:20+09:00",
      version: "2022-11-16",
      eventId: "evt-1",
      entityType: "payout",
      entityBody: {
        id: "FPA_12345",
        refPayoutId: "wd-42",
        destination: "seller-1",
        scheduleType: "EXPRESS",
        payoutDate: "2024-12-02",
        amount: { currency: "KRW", value: 29010 },
        transactionDescription: "모토메이트",
        requestedAt: "2024-12-02T10:35:02+09:00",
        status: "COMPLETED",
        error: null,
        metadata: null,
      },
    });
    expect(payouts().parseWebhook(body, headers)).toEqual({ payoutKey: "wd-42", ref: "FPA_12345" });
  });

  it("ignores seller.changed, payment events and anything malformed, without throwing", () => {
    for (const body of [
      "not json",
      "null",
      "[]",
      JSON.stringify({ eventType: "seller.changed", entityType: "seller", entityBody: { id: "seller-1" } }),
      JSON.stringify({ eventType: "PAYMENT_STATUS_CHANGED", data: { paymentKey: "k", orderId: "o" } }),
      JSON.stringify({ eventType: "payout.changed", entityBody: { status: "COMPLETED" } }),
      JSON.stringify({ eventType: "payout.changed" }),
    ])
      expect(payouts().parseWebhook(body, headers), body).toBeNull();
  });
});
