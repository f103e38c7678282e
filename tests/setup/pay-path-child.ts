import { openPostgres } from "#app/db/client.server";
import { FixedClock } from "#app/platform/clock.server";
import { createLogger } from "#app/platform/logger.server";
import {
  authoriseLocalPayment,
  createLocalGateway,
  localTestCards,
} from "#app/platform/payments/local.server";
import { actorOf } from "#app/services/actor";
import { confirmCheckout, openCheckout } from "#app/services/payments/orders.server";
import type { TestCard } from "./payments";

/**
 * The pay path in a process of its own, for the kill test (services/payments/pay-path-kill.integration.test.ts):
 * connects to the PostgreSQL database in PAY_DATABASE_URL and says "ready" on its standard output, then reads one
 * line on its standard input, `{ at, seed, parallel, jobs: [{ meetingId, requesterId, card }] }`, and pays those
 * meetings on a clock at `at` (ms), `parallel` at a time, each through the local gateway (open the checkout,
 * authorise in the window, confirm) with the card it is told, saying when each payment is answered and when all are.
 * The test kills it at a moment of its choosing. Ready before it is told what to pay, so that the test can start the
 * next one while this one works. It imports only the pay path (not tests/setup/payments.ts and its jobs), so that
 * it starts in about half the time.
 */

interface PayJob {
  meetingId: number;
  requesterId: string;
  card: TestCard;
}

/** A small seeded generator (mulberry32), so that a run's pauses can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const url = process.env.PAY_DATABASE_URL;
if (!url) throw new Error("PAY_DATABASE_URL is required");
const MAX_PARALLEL = 4;
const handle = await openPostgres(url, MAX_PARALLEL);
// The pool connects lazily: connect now, so that the kill lands in the payments and not in the first connection.
await handle.db.execute("select 1");
process.stdout.write("ready\n");

const told = await new Promise<string>((resolve) => {
  let line = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    line += chunk;
    if (!line.includes("\n")) return;
    process.stdin.destroy();
    resolve(line.slice(0, line.indexOf("\n")));
  });
});
const { at, seed, parallel, jobs } = JSON.parse(told) as {
  at: number;
  seed: number;
  parallel: number;
  jobs: PayJob[];
};
const random = seeded(seed);
const clock = new FixedClock(new Date(at));
const db = handle.db;
const gateway = createLocalGateway({ db, clock });
const logger = createLogger("silent");

/** What the browser does (as tests/setup/payments.ts `payThroughLocalGateway`): the checkout, the window, the return. */
async function pay(job: PayJob): Promise<string> {
  const requester = actorOf({ id: job.requesterId, role: "member", twoFactorEnabled: false });
  const opened = await openCheckout(db, clock, gateway, requester, job.meetingId, {
    memberCouponId: null,
    successUrl: "/pay/success",
    failUrl: "/pay/fail",
  });
  if (opened.kind === "paid") return "paid";
  const window = await authoriseLocalPayment(db, clock, {
    orderId: opened.orderId,
    amount: opened.amount,
    orderName: "만남 결제",
    customerName: "rider",
    cardNumber: localTestCards[job.card],
    expiryMonth: 12,
    expiryYear: clock.now().getUTCFullYear() + 3,
  });
  if (window.outcome !== "authorised") return window.outcome;
  const answer = await confirmCheckout(db, clock, gateway, logger, requester, {
    orderId: window.orderId,
    paymentKey: window.paymentKey,
    amount: window.amount,
  });
  return answer.status;
}

let next = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++]!;
    // A pause of up to 20 ms before each payment, so that the payments at once are at different steps.
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 20)));
    process.stdout.write(`answered ${job.meetingId} ${await pay(job)}\n`);
  }
}
await Promise.all(Array.from({ length: Math.min(parallel, MAX_PARALLEL) }, () => worker()));
process.stdout.write("done\n");
await handle.close();
