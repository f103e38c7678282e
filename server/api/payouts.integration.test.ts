import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawal } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { requestWithdrawal } from "#app/services/settlement/withdrawals.server";
import { insertMember } from "#tests/setup/members";
import { localGateway, runPaymentJobs } from "#tests/setup/payments";
import { createTestRuntime } from "#tests/setup/runtime";
import { MemoryPayouts, registerSettlementInfo, withdrawableLines } from "#tests/setup/settlement";
import { createHttpApp } from "../app";

let base: string;
let server: http.Server;
let runtime: Runtime;
const clock = new FixedClock(new Date("2026-07-01T03:00:00Z"));
const payouts = new MemoryPayouts();

beforeAll(async () => {
  runtime = await createTestRuntime({ clock, payouts });
  const app = createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts a body to the webhook as the payout service's servers do: JSON, no Origin, no cookie. */
const postWebhook = (body: string) =>
  fetch(`${base}/api/payouts/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });

const payoutChanged = (ref: string, status: string) =>
  JSON.stringify({ eventType: "payout.changed", data: { id: ref, status } });

const rowOf = async (id: number) =>
  (await runtime.db.select().from(withdrawal).where(eq(withdrawal.id, id)))[0]!;

/** A withdrawal sent to the payout service and still on its way there. */
async function sentWithdrawal() {
  const requester = await insertMember(runtime.db);
  const provider = await insertMember(runtime.db);
  const keyring = runtime.config.personalDataKeys;
  await registerSettlementInfo(runtime.db, clock, keyring, provider.id);
  const gateway = localGateway(runtime.db, clock);
  const lineIds = await withdrawableLines(runtime.db, clock, gateway, { requester, provider }, 1);
  const made = await requestWithdrawal(runtime.db, clock, provider, lineIds, {
    bankFee: 500,
    payoutMode: "toss",
  });
  await runPaymentJobs(runtime.db, clock, gateway, { payouts, keyring });
  const row = await rowOf(made.id);
  expect(row).toMatchObject({ status: "processing", payoutRef: `ref-${made.payoutKey}` });
  return row;
}

describe("POST /api/payouts/webhook", () => {
  it("settles a processing withdrawal by asking the service, whatever the hint says, once", async () => {
    const row = await sentWithdrawal();
    // The hint says failed; the service says it is still on its way: nothing changes.
    const early = await postWebhook(payoutChanged(row.payoutRef!, "FAILED"));
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ received: true, status: "processing" });
    expect((await rowOf(row.id)).status).toBe("processing");

    payouts.settle(row.payoutKey, "paid");
    const paid = await postWebhook(payoutChanged(row.payoutRef!, "COMPLETED"));
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ received: true, status: "paid" });
    expect((await rowOf(row.id)).status).toBe("paid");

    // Sent again (the service's retries): the withdrawal is final, refused, nothing changes.
    expect((await postWebhook(payoutChanged(row.payoutRef!, "COMPLETED"))).status).toBe(409);
    expect((await rowOf(row.id)).status).toBe("paid");
  });

  it("refuses a withdrawal the product does not have, a body it cannot read and one too large", async () => {
    expect((await postWebhook(payoutChanged("ref-nothing", "COMPLETED"))).status).toBe(404);
    expect((await postWebhook("not json")).status).toBe(400);
    expect((await postWebhook(JSON.stringify({ eventType: "seller.changed", data: {} }))).status).toBe(400);
    expect((await postWebhook(payoutChanged("x".repeat(70_000), "COMPLETED"))).status).toBe(413);
  });
});
