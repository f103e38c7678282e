import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHttpSmsSender, smsByteLength, smsType } from "./sms-http.server";
import { DeliveryError } from "./types";

// Contract test of the SMS adapter against a local server speaking the provider's HTTP protocol.

const API_KEY = "sk_test_Zq81mXc0Rr4t";
const SENDER = "0212345678";

interface Request {
  method: string | undefined;
  path: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

type Answer = { status: number; body: string } | "hang";

let requests: Request[] = [];
let answer: Answer;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      if (answer === "hang") return;
      res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  answer = accepted();
});

function accepted(): Answer {
  return { status: 200, body: JSON.stringify({ status: "accepted", messageId: "m-1" }) };
}

function sender(options: { timeoutMs?: number; url?: string } = {}) {
  return createHttpSmsSender({
    url: options.url ?? `${baseUrl}/v1/messages`,
    apiKey: API_KEY,
    sender: SENDER,
    timeoutMs: options.timeoutMs,
  });
}

async function failure(promise: Promise<void>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  const delivery = error as DeliveryError;
  expect(delivery.code).toBe("delivery_failed");
  expect(delivery.message).not.toContain(API_KEY);
  expect(String(delivery.cause ?? "")).not.toContain(API_KEY);
  return delivery;
}

describe("message length", () => {
  it("counts ASCII as one byte and Hangul and other characters as two", () => {
    expect(smsByteLength("abc 123")).toBe(7);
    expect(smsByteLength("인증번호")).toBe(8);
    expect(smsByteLength("[모토메이트] 123456")).toBe(1 + 10 + 1 + 1 + 6);
    expect(smsByteLength("é·")).toBe(4);
  });

  it("sends up to 90 bytes as SMS and longer texts as LMS", () => {
    expect(smsType("a".repeat(90))).toBe("SMS");
    expect(smsType("a".repeat(91))).toBe("LMS");
    expect(smsType("가".repeat(45))).toBe("SMS");
    expect(smsType(`${"가".repeat(45)}a`)).toBe("LMS");
  });
});

describe("HTTP SMS sender", () => {
  it("posts a short Korean text as SMS with the bearer key and resolves when accepted", async () => {
    const sms = sender();
    expect(sms.kind).toBe("http");
    await sms.send({ to: "01012345678", text: "[모토메이트] 인증번호 123456" });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/messages");
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.headers["content-type"]).toMatch(/^application\/json\b/);
    expect(request!.body).toEqual({
      from: SENDER,
      to: "01012345678",
      text: "[모토메이트] 인증번호 123456",
      type: "SMS",
    });
  });

  it("sends a 60-character Korean text as LMS", async () => {
    const text = "가나다라마바사아자차".repeat(6);
    expect(text).toHaveLength(60);
    await sender().send({ to: "01098765432", text });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({ to: "01098765432", text, type: "LMS" });
  });

  it("throws a DeliveryError on a server error", async () => {
    answer = { status: 500, body: JSON.stringify({ errorMessage: "internal error" }) };
    const error = await failure(sender().send({ to: "01012345678", text: "코드 123456" }));
    expect(error.message).toContain("500");
    expect(error.message).toContain("internal error");
  });

  it("throws a DeliveryError on a 500 without a JSON body", async () => {
    answer = { status: 500, body: "<html>Bad gateway</html>" };
    const error = await failure(sender().send({ to: "01012345678", text: "코드 123456" }));
    expect(error.message).toContain("500");
  });

  it("throws a DeliveryError with the provider's reason when it rejects the message", async () => {
    answer = { status: 200, body: JSON.stringify({ status: "rejected", errorMessage: "blocked number" }) };
    const error = await failure(sender().send({ to: "01012345678", text: "코드 123456" }));
    expect(error.message).toContain("blocked number");
  });

  it("throws a DeliveryError on a 2xx that is not an acceptance", async () => {
    answer = { status: 200, body: "OK" };
    await failure(sender().send({ to: "01012345678", text: "코드 123456" }));
    answer = { status: 200, body: JSON.stringify({ messageId: "m-2" }) };
    await failure(sender().send({ to: "01012345678", text: "코드 123456" }));
    expect(requests).toHaveLength(2);
  });

  it("never repeats the API key, even when the provider echoes it", async () => {
    answer = {
      status: 401,
      body: JSON.stringify({ status: "error", errorMessage: `unknown key ${API_KEY}` }),
    };
    const error = await failure(sender().send({ to: "01012345678", text: "코드 123456" }));
    expect(error.message).toContain("401");
    expect(error.message).toContain("unknown key");
  });

  it("throws a DeliveryError when the provider does not answer in time", async () => {
    answer = "hang";
    const started = Date.now();
    const error = await failure(sender({ timeoutMs: 200 }).send({ to: "01012345678", text: "코드 123456" }));
    expect(error.message).toMatch(/did not answer/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests).toHaveLength(1);
  });

  it("throws a DeliveryError when the provider cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1/messages`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(sender({ url }).send({ to: "01012345678", text: "코드 123456" }));
    expect(error.cause).toBeDefined();
  });

  it("refuses a malformed number without calling the provider", async () => {
    await failure(sender().send({ to: "010-1234-5678", text: "코드 123456" }));
    expect(requests).toHaveLength(0);
  });
});
