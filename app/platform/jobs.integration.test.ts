import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { job } from "#app/db/schema";
import { createTestDatabase } from "../../tests/setup/database";
import { FixedClock } from "./clock.server";
import {
  claimNextJob,
  enqueueJob,
  JobWorker,
  purgeFinishedJobs,
  retryDelayMs,
  type JobHandler,
} from "./jobs.server";
import { createLogger } from "./logger.server";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

const logger = createLogger("silent");

function worker(clock: FixedClock, handlers: Record<string, JobHandler>) {
  return new JobWorker({ db, clock, logger, handlers, pollIntervalMs: 1000 });
}

describe("durable jobs", () => {
  it("ignores a second enqueue with the same dedupe key", async () => {
    const first = await enqueueJob(db, "test.noop", { n: 1 }, { dedupeKey: "once" });
    const second = await enqueueJob(db, "test.noop", { n: 2 }, { dedupeKey: "once" });
    expect(first).toBeTypeOf("number");
    expect(second).toBeUndefined();
    await db.delete(job);
  });

  it(
    "runs a due job exactly once even when several workers claim at the same time",
    { tags: ["concurrency"] },
    async () => {
      const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
      for (let n = 0; n < 6; n++) await enqueueJob(db, "test.count", { n }, { runAt: clock.now() });
      await enqueueJob(db, "test.count", { n: 99 }, { runAt: new Date(clock.now().getTime() + 60_000) });
      const seen: number[] = [];
      const handler: JobHandler = async (payload) => void seen.push((payload as { n: number }).n);
      const workers = [worker(clock, { "test.count": handler }), worker(clock, { "test.count": handler })];
      await Promise.all(workers.map((w) => w.drain()));
      expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);

      clock.advance(60_000);
      await workers[0]!.drain();
      expect(seen).toContain(99);
      const statuses = await db.select({ status: job.status }).from(job);
      expect(statuses.every((row) => row.status === "done")).toBe(true);
      await db.delete(job);
    },
  );

  it("retries a failing job later and gives up after its attempts", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    const id = (await enqueueJob(db, "test.fail", {}, { maxAttempts: 2, runAt: clock.now() }))!;
    const w = worker(clock, { "test.fail": async () => Promise.reject(new Error("boom")) });
    await w.drain();
    let [row] = await db.select().from(job).where(eq(job.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "boom" });
    expect(row!.runAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    expect(await claimNextJob(db, clock.now())).toBeUndefined();
    clock.advance(retryDelayMs(1));
    await w.drain();
    [row] = await db.select().from(job).where(eq(job.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
    await db.delete(job);
  });

  it("claims again a job whose worker died while running it", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    await enqueueJob(db, "test.noop", {}, { runAt: clock.now() });
    expect(await claimNextJob(db, clock.now())).toBeDefined();
    expect(await claimNextJob(db, clock.now())).toBeUndefined();
    clock.advance(5 * 60_000 + 1);
    expect(await claimNextJob(db, clock.now())).toMatchObject({ kind: "test.noop", attempts: 2 });
    await db.delete(job);
  });

  it("purges finished jobs older than a week", async () => {
    const clock = new FixedClock(new Date("2026-11-21T00:00:00Z"));
    await db.insert(job).values([
      { kind: "old", status: "done", finishedAt: new Date("2026-11-01T00:00:00Z") },
      { kind: "recent", status: "done", finishedAt: new Date("2026-11-20T00:00:00Z") },
      { kind: "failed", status: "failed", finishedAt: new Date("2026-11-01T00:00:00Z") },
    ]);
    await purgeFinishedJobs({}, { db, clock, logger });
    const kinds = (await db.select({ kind: job.kind }).from(job)).map((row) => row.kind).sort();
    expect(kinds).toEqual(["failed", "recent"]);
    await db.delete(job);
  });
});
