import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { meeting, paymentOrder } from "#app/db/schema";
import { AdjustableClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { payingMeeting, payThroughLocalGateway } from "#tests/setup/payments";
import { createTestRuntime } from "#tests/setup/runtime";
import { createHttpApp } from "../app";

let base: string;
let server: http.Server;
let runtime: Runtime;
const clock = new AdjustableClock();

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts a body to the webhook as the gateway's servers do: JSON, no Origin, no cookie. */
const postWebhook = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/payments/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });

/** The body Toss sends when a payment's status changed (its `data` is the payment). */
const statusChanged = (orderId: string, paymentKey: string, status: string) =>
  JSON.stringify({
    eventType: "PAYMENT_STATUS_CHANGED",
    createdAt: "2026-06-15T12:00:00.000000",
    data: { paymentKey, orderId, status, totalAmount: 30_000 },
  });

const orderOf = async (meetingId: number) =>
  (await runtime.db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId)))[0]!;
const paymentStatusOf = async (meetingId: number) =>
  (await runtime.db.select().from(meeting).where(eq(meeting.id, meetingId)))[0]!.paymentStatus;

describe("POST /api/payments/webhook", () => {
  it("settles a confirming order whose confirmation timed out by asking the gateway, whatever the hint says", async () => {
    const { meetingId, requester } = await payingMeeting(runtime.db, clock, { amount: 30_000 });
    const answer = await payThroughLocalGateway(runtime.db, clock, runtime.payments, requester, meetingId, {
      card: "timesOut",
    });
    expect(answer.status).toBe("confirming");
    const order = await orderOf(meetingId);
    expect(order.status).toBe("confirming");
    expect(await paymentStatusOf(meetingId)).toBe("requested");

    // The hint says the payment was aborted; the gateway says it is done: the gateway is believed.
    const response = await postWebhook(statusChanged(order.orderId, order.paymentKey!, "ABORTED"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    await vi.waitFor(async () => expect((await orderOf(meetingId)).status).toBe("paid"), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await paymentStatusOf(meetingId)).toBe("paid");

    // The gateway sends it again (its retries): nothing changes.
    expect((await postWebhook(statusChanged(order.orderId, order.paymentKey!, "DONE"))).status).toBe(200);
    expect((await orderOf(meetingId)).status).toBe("paid");
  });

  it("answers 200 for a hint about an order the product does not have, or one not being confirmed", async () => {
    const unknown = await postWebhook(statusChanged("mmNoSuchOrder000000000000", "lgk_nothing", "DONE"));
    expect(unknown.status).toBe(200);
    const noOrderId = await postWebhook(statusChanged("mm\u0000".repeat(40), "lgk_nothing", "DONE"));
    expect(noOrderId.status).toBe(200);

    const { meetingId, requester } = await payingMeeting(runtime.db, clock, { amount: 30_000 });
    await payThroughLocalGateway(runtime.db, clock, runtime.payments, requester, meetingId, {
      card: "declines",
    });
    const pending = await orderOf(meetingId);
    const response = await postWebhook(statusChanged(pending.orderId, "lgk_forged", "DONE"));
    expect(response.status).toBe(200);
    expect((await orderOf(meetingId)).status).toBe("pending");
    expect(await paymentStatusOf(meetingId)).toBe("requested");
  });

  it("refuses what is not a payment's webhook with 400 and a body past its limit with 413", async () => {
    for (const body of [
      "",
      "not json",
      "[]",
      JSON.stringify({ eventType: "DEPOSIT_CALLBACK", data: {} }),
      JSON.stringify({ eventType: "PAYMENT_STATUS_CHANGED", data: { orderId: "mmOrder00001" } }),
    ]) {
      const response = await postWebhook(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "malformed_body" } });
    }
    const huge = await postWebhook(
      JSON.stringify({ eventType: "PAYMENT_STATUS_CHANGED", data: { pad: "x".repeat(70_000) } }),
    );
    expect(huge.status).toBe(413);
  });

  it("is still refused to a foreign page's post", async () => {
    const response = await postWebhook(statusChanged("mmOrder0000001", "lgk_x", "DONE"), {
      Origin: "https://elsewhere.example",
    });
    expect(response.status).toBe(403);
  });
});
