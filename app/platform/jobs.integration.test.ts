import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { job } from "#app/db/schema";
import { createTestDatabase } from "#tests/setup/database";
import { FixedClock } from "./clock.server";
import {
  cancelJobs,
  claimNextJob,
  composeJobRegistry,
  dailySweepJob,
  defineJob,
  enqueueJob,
  ensureDailyJobs,
  JobWorker,
  listFailedJobs,
  purgeFinishedJobs,
  rescheduleJob,
  retryDelayMs,
  retryFailedJob,
  type EnqueueOptions,
  type JobKind,
} from "./jobs.server";
import { createLogger } from "./logger.server";
import { runInTransaction } from "./unit-of-work.server";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});
afterEach(async () => {
  await db.delete(job);
});

const logger = createLogger("silent");
const MINUTE = 60_000;

/** What the test kinds below did, in order. */
let seen: number[] = [];
afterEach(() => {
  seen = [];
});

const countJob = defineJob("test.count", {
  payload: z.object({ n: z.number().int() }),
  handle: async ({ n }) => {
    // Long enough for a second worker to try the same row while the first holds it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push(n);
  },
});

let failures = 0;
const failJob = defineJob("test.fail", {
  payload: z.object({}),
  maxAttempts: 2,
  handle: async () => {
    failures += 1;
    throw new Error("boom");
  },
});

const dailyJob = defineJob("test.daily", {
  payload: z.object({}).strict(),
  daily: { seoulHour: 4 },
  handle: async (_payload, { uow }) => void seen.push(uow.now.getTime()),
});

const registry = composeJobRegistry([countJob, failJob, dailyJob]);

function worker(clock: FixedClock) {
  return new JobWorker({ db, clock, logger, registry, pollIntervalMs: 1000 });
}

function enqueue<P>(clock: FixedClock, kind: JobKind<P>, payload: P, options: Partial<EnqueueOptions> = {}) {
  return runInTransaction(db, clock, (uow) => enqueueJob(uow, kind, payload, { runAt: uow.now, ...options }));
}

async function row(id: number) {
  const [found] = await db.select().from(job).where(eq(job.id, id));
  return found!;
}

describe("durable jobs", () => {
  it("keeps a key unique among jobs still to run only: once that job finished, the key is free again", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    const first = await enqueue(clock, countJob, { n: 1 }, { key: "once" });
    const second = await enqueue(clock, countJob, { n: 2 }, { key: "once" });
    expect(first).toBeTypeOf("number");
    expect(second).toBeUndefined();
    await worker(clock).drain();
    expect(seen).toEqual([1]);
    const third = await enqueue(clock, countJob, { n: 3 }, { key: "once" });
    expect(third).toBeTypeOf("number");
    await worker(clock).drain();
    expect(seen).toEqual([1, 3]);
    // The business times are the app clock's, not the database's.
    expect((await row(third!)).createdAt).toEqual(clock.now());
  });

  it("cancels a pending job by its key, in the caller's unit", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    const id = (await enqueue(clock, countJob, { n: 1 }, { key: "reminder:1" }))!;
    // A rolled-back unit cancels nothing.
    await expect(
      runInTransaction(db, clock, async (uow) => {
        expect(await cancelJobs(uow, "reminder:1")).toBe(1);
        throw new Error("the caller's write failed");
      }),
    ).rejects.toThrow("the caller's write failed");
    expect((await row(id)).status).toBe("pending");

    expect(await runInTransaction(db, clock, (uow) => cancelJobs(uow, "reminder:1"))).toBe(1);
    expect(await row(id)).toMatchObject({ status: "cancelled", finishedAt: clock.now() });
    expect(await worker(clock).drain()).toBe(0);
    expect(seen).toEqual([]);
    expect(await runInTransaction(db, clock, (uow) => cancelJobs(uow, "reminder:1"))).toBe(0);
    // The key is free again.
    expect(await enqueue(clock, countJob, { n: 2 }, { key: "reminder:1" })).toBeTypeOf("number");
  });

  it("reschedules a pending job by its key; a job that already ran is not found", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    const id = (await enqueue(clock, countJob, { n: 7 }, { key: "reminder:2" }))!;
    const later = new Date(clock.now().getTime() + 30 * MINUTE);
    expect(await runInTransaction(db, clock, (uow) => rescheduleJob(uow, "reminder:2", later))).toBe(true);
    expect((await row(id)).runAt).toEqual(later);
    expect(await worker(clock).drain()).toBe(0);
    clock.set(later);
    expect(await worker(clock).drain()).toBe(1);
    expect(seen).toEqual([7]);
    expect(await runInTransaction(db, clock, (uow) => rescheduleJob(uow, "reminder:2", later))).toBe(false);
  });

  it("refuses a payload its kind's schema rejects, at enqueue and when a stored one is run", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    await expect(enqueue(clock, countJob, { n: "one" as unknown as number })).rejects.toThrow(z.ZodError);
    expect(await db.select().from(job)).toEqual([]);

    // A row written by an older version with another payload fails at once: no retry can mend it.
    const [stored] = await db
      .insert(job)
      .values({ kind: countJob.kind, payload: { count: 1 }, runAt: clock.now(), createdAt: clock.now() })
      .returning({ id: job.id });
    await worker(clock).drain();
    const failed = await row(stored!.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/^bad payload/);
    expect(seen).toEqual([]);
  });

  it(
    "runs a due job exactly once even when several workers claim at the same time",
    { tags: ["concurrency"] },
    async () => {
      const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
      for (let n = 0; n < 20; n++) await enqueue(clock, countJob, { n });
      await enqueue(clock, countJob, { n: 99 }, { runAt: new Date(clock.now().getTime() + MINUTE) });
      const workers = [worker(clock), worker(clock), worker(clock)];
      await Promise.all(workers.map((w) => w.drain()));
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));

      clock.advance(MINUTE);
      await Promise.all(workers.map((w) => w.drain()));
      expect(seen.filter((n) => n === 99)).toEqual([99]);
      const statuses = await db.select({ status: job.status, attempts: job.attempts }).from(job);
      expect(statuses.every((one) => one.status === "done" && one.attempts === 1)).toBe(true);
    },
  );

  it("retries a failing job with a growing delay, gives up after its attempts, and shows it as failed", async () => {
    failures = 0;
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    const id = (await enqueue(clock, failJob, {}))!;
    const w = worker(clock);
    await w.drain();
    let found = await row(id);
    expect(found).toMatchObject({ status: "pending", attempts: 1, lastError: "boom" });
    expect(found.runAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    expect(await claimNextJob(db, clock.now())).toBeUndefined();
    clock.advance(retryDelayMs(1));
    await w.drain();
    found = await row(id);
    expect(found).toMatchObject({ status: "failed", attempts: 2, finishedAt: clock.now() });
    expect(failures).toBe(2);

    expect(await listFailedJobs(db)).toEqual([
      {
        id,
        kind: "test.fail",
        lastError: "boom",
        attempts: 2,
        failedAt: clock.now(),
        createdAt: new Date("2026-11-21T00:00:00Z"),
      },
    ]);
    clock.advance(MINUTE);
    expect(await runInTransaction(db, clock, (uow) => retryFailedJob(uow, id))).toBe(true);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, runAt: clock.now() });
    expect(await listFailedJobs(db)).toEqual([]);
    // Only a failed job is retried.
    expect(await runInTransaction(db, clock, (uow) => retryFailedJob(uow, id))).toBe(false);
    await w.drain();
    expect(failures).toBe(3);
  });

  it("does not retry a failed job whose key another job still to run holds", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    const [failed] = await db
      .insert(job)
      .values({
        kind: countJob.kind,
        payload: { n: 1 },
        status: "failed",
        dedupeKey: "k",
        runAt: clock.now(),
        createdAt: clock.now(),
      })
      .returning({ id: job.id });
    await enqueue(clock, countJob, { n: 2 }, { key: "k" });
    expect(await runInTransaction(db, clock, (uow) => retryFailedJob(uow, failed!.id))).toBe(false);
  });

  it("claims again a job whose worker died while running it", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    await enqueue(clock, countJob, { n: 1 });
    expect(await claimNextJob(db, clock.now())).toBeDefined();
    expect(await claimNextJob(db, clock.now())).toBeUndefined();
    clock.advance(5 * MINUTE + 1);
    expect(await claimNextJob(db, clock.now())).toMatchObject({ kind: countJob.kind, attempts: 2 });
  });

  it("purges finished and cancelled jobs older than a week, and keeps failed ones", async () => {
    const now = new Date("2026-11-21T00:00:00Z");
    const old = new Date("2026-11-01T00:00:00Z");
    await db.insert(job).values([
      { kind: "old", status: "done", finishedAt: old, runAt: old, createdAt: old },
      { kind: "cancelled", status: "cancelled", finishedAt: old, runAt: old, createdAt: old },
      {
        kind: "recent",
        status: "done",
        finishedAt: new Date("2026-11-20T00:00:00Z"),
        runAt: old,
        createdAt: old,
      },
      { kind: "failed", status: "failed", finishedAt: old, runAt: old, createdAt: old },
    ]);
    await purgeFinishedJobs(db, now);
    const kinds = (await db.select({ kind: job.kind }).from(job)).map((one) => one.kind).sort();
    expect(kinds).toEqual(["failed", "recent"]);
  });
});

describe("daily jobs", () => {
  const pending = async () =>
    (await db.select().from(job).where(eq(job.status, "pending"))).map((one) => ({
      key: one.dedupeKey,
      runAt: one.runAt.toISOString(),
    }));

  it("enqueue their next run, keyed by the next Seoul date, in the unit that marks this one done", async () => {
    // 05:00 on 23 November in Seoul.
    const clock = new FixedClock(new Date("2026-11-22T20:00:00Z"));
    await ensureDailyJobs(db, clock, registry);
    expect(await pending()).toEqual([{ key: "test.daily:2026-11-23", runAt: "2026-11-22T20:00:00.000Z" }]);
    await worker(clock).drain();
    expect(seen).toEqual([clock.now().getTime()]);
    expect(await pending()).toEqual([{ key: "test.daily:2026-11-24", runAt: "2026-11-23T19:00:00.000Z" }]);

    // A restart the same day adds nothing: today's ran and tomorrow's is waiting.
    await ensureDailyJobs(db, clock, registry);
    expect(await pending()).toHaveLength(1);

    // The next run, at 04:00 on the last day of the month, leads to the first of December.
    clock.set(new Date("2026-11-29T19:00:00Z"));
    await db
      .update(job)
      .set({ runAt: clock.now(), dedupeKey: "test.daily:2026-11-30" })
      .where(eq(job.status, "pending"));
    await worker(clock).drain();
    expect(await pending()).toEqual([{ key: "test.daily:2026-12-01", runAt: "2026-11-30T19:00:00.000Z" }]);
  });

  it("turn the day at midnight in Seoul: a run at 23:59 is followed by one the same night", async () => {
    const clock = new FixedClock(new Date("2026-12-31T14:59:00Z"));
    await ensureDailyJobs(db, clock, registry);
    await worker(clock).drain();
    expect(await pending()).toEqual([{ key: "test.daily:2027-01-01", runAt: "2026-12-31T19:00:00.000Z" }]);
  });

  it("still get their next day when a run fails for good", async () => {
    const failing = defineJob("test.dailyFail", {
      payload: z.object({}),
      maxAttempts: 1,
      daily: { seoulHour: 4 },
      handle: async () => Promise.reject(new Error("disk full")),
    });
    const clock = new FixedClock(new Date("2026-11-22T20:00:00Z"));
    const failingRegistry = composeJobRegistry([failing]);
    await ensureDailyJobs(db, clock, failingRegistry);
    await new JobWorker({ db, clock, logger, registry: failingRegistry, pollIntervalMs: 1000 }).drain();
    expect(await listFailedJobs(db)).toMatchObject([{ kind: "test.dailyFail", lastError: "disk full" }]);
    expect(await pending()).toEqual([
      { key: "test.dailyFail:2026-11-24", runAt: "2026-11-23T19:00:00.000Z" },
    ]);
  });

  it("are not doubled when several processes start at once", { tags: ["concurrency"] }, async () => {
    const clock = new FixedClock(new Date("2026-11-22T20:00:00Z"));
    await Promise.all(Array.from({ length: 4 }, () => ensureDailyJobs(db, clock, registry)));
    expect(await pending()).toEqual([{ key: "test.daily:2026-11-23", runAt: "2026-11-22T20:00:00.000Z" }]);
  });

  it("include the platform's sweep, at 04:00 in Seoul", () => {
    expect(dailySweepJob.daily).toEqual({ seoulHour: 4 });
    expect(() => composeJobRegistry([dailySweepJob], [dailySweepJob])).toThrow(/registered twice/);
  });
});
