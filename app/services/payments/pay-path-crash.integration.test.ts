import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { paymentOrder } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { authoriseLocalPayment, localTestCards } from "#app/platform/payments/local.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { createTestDatabase, testsOnPostgres } from "#tests/setup/database";
import {
  localGateway,
  payingMeeting,
  payPathProblems,
  runPaymentJobs,
  silentLogger,
  type TestCard,
} from "#tests/setup/payments";
import { confirmCheckout, openCheckout } from "./orders.server";

// The pay path stopped after each of its steps, as a crash there would leave it, then the work restarted: every order
// settles once. The same with the process killed at random moments is pay-path-kill.integration.test.ts, which needs
// PostgreSQL (a killed process cannot share PGlite's database).

let db: Database;
let gateway: PaymentGateway;
const clock = new FixedClock(new Date("2026-06-15T00:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
});

/** Where the path stops: after the checkout, after the window, around the gateway's capture, or nowhere. */
const stops = ["checkout", "window", "before-capture", "after-capture", "nowhere"] as const;
type Stop = (typeof stops)[number];

class Crash extends Error {}

/** The gateway as seen by a process that dies just before its confirmation is sent, or just after it answered. */
function dyingGateway(stop: Stop): PaymentGateway {
  if (stop !== "before-capture" && stop !== "after-capture") return gateway;
  return {
    ...gateway,
    kind: gateway.kind,
    confirm: async (request, key) => {
      if (stop === "before-capture") throw new Crash("the process died before the confirmation was sent");
      await gateway.confirm(request, key).catch(() => undefined);
      throw new Crash("the process died before the capture was recorded");
    },
  };
}

async function payUntil(stop: Stop, card: TestCard): Promise<number> {
  const { meetingId, requester } = await payingMeeting(db, clock, { amount: 25_000 });
  const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
    memberCouponId: null,
    successUrl: "/s",
    failUrl: "/f",
  });
  if (opened.kind !== "checkout" || stop === "checkout") return meetingId;
  const window = await authoriseLocalPayment(db, clock, {
    orderId: opened.orderId,
    amount: opened.amount,
    orderName: "만남 결제",
    customerName: "rider",
    cardNumber: localTestCards[card],
    expiryMonth: 12,
    expiryYear: clock.now().getUTCFullYear() + 3,
  });
  if (window.outcome !== "authorised" || stop === "window") return meetingId;
  await confirmCheckout(db, clock, dyingGateway(stop), silentLogger, requester, {
    orderId: window.orderId,
    paymentKey: window.paymentKey,
    amount: window.amount,
  }).catch((error: unknown) => {
    if (!(error instanceof Crash)) throw error;
  });
  return meetingId;
}

describe("the pay path stopped at each step", () => {
  it("settles every order once when the work restarts", async ({ annotate }) => {
    if (!testsOnPostgres())
      await annotate(
        "ran on PGlite: the path stopped after each step in this process; the kill test (SIGKILL of a process paying) needs TEST_DATABASE_URL",
        "notice",
      );
    const meetings: number[] = [];
    const cases: string[] = [];
    for (const stop of stops)
      for (const card of ["approves", "timesOut", "declines"] as const) {
        meetings.push(await payUntil(stop, card));
        cases.push(`${stop} ${card}`);
      }
    // The settle jobs a minute after the confirmations, then the expiry of the orders nobody confirmed.
    clock.advance(2 * MINUTE_MS);
    await runPaymentJobs(db, clock, gateway);
    clock.advance(9 * MINUTE_MS);
    await runPaymentJobs(db, clock, gateway);
    expect(await payPathProblems(db, meetings)).toEqual([]);
    const rows = await db.select().from(paymentOrder).where(inArray(paymentOrder.meetingId, meetings));
    const statusOf = (meetingId: number) => rows.find((order) => order.meetingId === meetingId)!.status;
    expect(Object.fromEntries(cases.map((name, index) => [name, statusOf(meetings[index]!)]))).toEqual({
      "checkout approves": "expired",
      "checkout timesOut": "expired",
      "checkout declines": "expired",
      "window approves": "expired",
      "window timesOut": "expired",
      "window declines": "expired",
      "before-capture approves": "paid",
      "before-capture timesOut": "paid",
      "before-capture declines": "expired",
      "after-capture approves": "paid",
      "after-capture timesOut": "paid",
      "after-capture declines": "expired",
      "nowhere approves": "paid",
      "nowhere timesOut": "paid",
      "nowhere declines": "expired",
    });
  });
});
