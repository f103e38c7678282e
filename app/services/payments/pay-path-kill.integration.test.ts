import { spawn } from "node:child_process";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Database } from "#app/db/client.server";
import { paymentOrder } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { MINUTE_MS, seoulDay } from "#app/platform/seoul-calendar";
import { createTestPostgresDatabase } from "#tests/setup/database";
import {
  localGateway,
  payingMeeting,
  payPathProblems,
  runPaymentJobs,
  silentLogger,
  type TestCard,
} from "#tests/setup/payments";
import { reconcilePayments } from "./reconcile.server";

// The pay path killed with SIGKILL at random moments, in a process of its own, then the work restarted: every order
// settles exactly once and nothing is charged without a paid order (MONEY.md: "a crash at any point leaves a state
// the system can finish"). A killed process cannot share PGlite's database, so this file runs on PostgreSQL only
// (vitest.config.ts, `postgresOnly`); on PGlite, pay-path-crash.integration.test.ts stops the path at each of its
// steps within one process instead.

const RUNS = 30;
const PAYMENTS_PER_RUN = 6;
const PARALLEL = 3;
const CHILD = path.resolve(import.meta.dirname, "../../../tests/setup/pay-path-child.ts");
/** The seed of the runs' cards and kill moments; another may be given to replay a failure. */
const SEED = Number(process.env.PAY_KILL_SEED ?? "20261128");

let db: Database;
let url: string;
let gateway: PaymentGateway;
// 09:00 in Seoul, so that the runs (a quarter of an hour of the clock each) stay on one Seoul day.
const clock = new FixedClock(new Date("2026-06-15T00:00:00Z"));

beforeAll(async () => {
  const made = await createTestPostgresDatabase();
  db = made.handle.db;
  url = made.url;
  gateway = localGateway(db, clock);
});

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

interface ChildRun {
  /** Milliseconds from being told what to pay to "done"; null when it was killed first. */
  finishedAfter: number | null;
  answered: number;
  output: string;
}

interface Child {
  /** Tells it what to pay, and kills it `killAfter` ms later (never when null). */
  pay(jobs: unknown[], seed: number, killAfter: number | null): Promise<ChildRun>;
  kill(): void;
}

/**
 * Starts the pay path in a child process, which connects and then waits to be told what to pay: the next runs'
 * children start while this one works, so that a run costs its payments and not a process's start.
 */
function startChild(): Child {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    env: { ...process.env, PAY_DATABASE_URL: url },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let toldAt: number | null = null;
  let finishedAfter: number | null = null;
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("ready\n")) onReady();
    if (toldAt !== null && finishedAfter === null && output.includes("done\n"))
      finishedAfter = performance.now() - toldAt;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return {
    kill: () => child.kill("SIGKILL"),
    async pay(jobs, seed, killAfter) {
      const started = await Promise.race([ready.then(() => true), exited.then(() => false)]);
      if (!started) throw new Error(`the pay path never got ready: ${output}`);
      const line = JSON.stringify({ at: clock.now().getTime(), seed, parallel: PARALLEL, jobs });
      toldAt = performance.now();
      child.stdin.end(`${line}\n`);
      const killer = setTimeout(() => child.kill("SIGKILL"), killAfter ?? 30_000);
      const { code, signal } = await exited;
      clearTimeout(killer);
      if (signal !== "SIGKILL" && code !== 0) throw new Error(`the pay path exited with ${code}: ${output}`);
      return { finishedAfter, answered: output.split("\nanswered ").length - 1, output };
    },
  };
}

describe("the pay path killed at random moments", () => {
  it(`leaves every order settled once after ${RUNS} kills`, { timeout: 120_000 }, async ({ annotate }) => {
    const random = seeded(SEED);
    const meetings: number[] = [];
    async function prepare() {
      const jobs: { meetingId: number; requesterId: string; card: TestCard }[] = [];
      for (let i = 0; i < PAYMENTS_PER_RUN; i++) {
        const { meetingId, requester } = await payingMeeting(db, clock, { amount: 10_000 + 5_000 * (i % 4) });
        meetings.push(meetingId);
        jobs.push({ meetingId, requesterId: requester.id, card: random() < 0.25 ? "timesOut" : "approves" });
      }
      return jobs;
    }
    /** The work after a restart: the jobs, once the order window and the settle delays have passed. */
    async function restart() {
      clock.advance(11 * MINUTE_MS);
      await runPaymentJobs(db, clock, gateway);
      clock.advance(2 * MINUTE_MS);
      await runPaymentJobs(db, clock, gateway);
    }

    // Two children ahead start while one works; one child per run, and one for the run that is not killed.
    const children: Child[] = [];
    let started = 0;
    const startAhead = () => {
      if (started++ <= RUNS) children.push(startChild());
    };
    const nextChild = () => {
      startAhead();
      return children.shift()!;
    };
    startAhead();
    startAhead();
    onTestFinished(() => children.forEach((child) => child.kill()));

    // A run that is not killed says how long the payments take, and so over how long to spread the kills.
    const whole = await nextChild().pay(await prepare(), SEED, null);
    expect(whole.answered, whole.output).toBe(PAYMENTS_PER_RUN);
    const span = whole.finishedAfter!;
    await restart();

    let killedMidway = 0;
    const interrupted: Record<string, number> = { pending: 0, confirming: 0 };
    for (let run = 0; run < RUNS; run++) {
      const jobs = await prepare();
      const killAfter = Math.floor(random() * span * 1.1);
      const result = await nextChild().pay(jobs, SEED + run + 1, killAfter);
      if (result.finishedAfter === null) killedMidway++;
      const left = await db
        .select({ status: paymentOrder.status })
        .from(paymentOrder)
        .where(
          inArray(
            paymentOrder.meetingId,
            jobs.map((job) => job.meetingId),
          ),
        );
      for (const order of left) if (order.status in interrupted) interrupted[order.status]!++;
      await restart();
      expect(await payPathProblems(db, meetings), `run ${run}, killed after ${killAfter} ms`).toEqual([]);
    }
    await annotate(
      `${RUNS} runs over ${span.toFixed(0)} ms: ${killedMidway} killed midway; orders found pending ${interrupted.pending}, confirming ${interrupted.confirming} and finished by the jobs`,
    );
    expect(killedMidway).toBeGreaterThanOrEqual(RUNS / 2);
    // Every order the runs made is of this Seoul day, and the reconciliation compares each with the gateway; how many
    // there are depends on how far the killed runs got.
    const orders = await db
      .select({ id: paymentOrder.id })
      .from(paymentOrder)
      .where(inArray(paymentOrder.meetingId, meetings));
    expect(orders.length).toBeGreaterThanOrEqual(PAYMENTS_PER_RUN);
    const report = await reconcilePayments(db, clock, gateway, silentLogger, seoulDay(clock.now()));
    expect(report.checked).toBe(orders.length);
    expect(report.mismatches).toEqual([]);
  });
});
