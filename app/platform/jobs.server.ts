import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "#app/db/client.server";
import { job } from "#app/db/schema";
import type { Clock } from "./clock.server";
import type { Logger } from "./logger.server";
import { purgeStaleRateCounters } from "./rate-limit.server";
import { addSeoulDays, HOUR_MS, seoulDay, startOfSeoulDay } from "./seoul-calendar";
import { executor, runInTransaction, type DatabaseOrUnit, type UnitOfWork } from "./unit-of-work.server";

/** What a handler receives: the unit of work its job runs in (on the app clock), and where to log. */
export interface JobContext {
  uow: UnitOfWork;
  clock: Clock;
  logger: Logger;
  /** What the kind's `prepare` answered for this run (undefined without one). */
  prepared?: unknown;
}

/** What a job's `prepare` step gets: the database itself (no unit of work is open yet), the clock and the logger. */
export interface PrepareContext {
  db: Database;
  clock: Clock;
  logger: Logger;
}

/** A recurring job runs once a Seoul day, at this hour (Korean time); its key is its kind and the Seoul date. */
export interface DailyRecurrence {
  seoulHour: number;
}

/** One kind of job: its name, the schema its payload must pass (at enqueue and again at run) and its handler. */
export interface JobKind<Payload = unknown> {
  readonly kind: string;
  readonly payload: z.ZodType<Payload>;
  /** Runs in a unit of work that also marks the job done; it must be idempotent (a job may run again after a crash). */
  handle(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Runs before the unit of work, outside any transaction: a job that calls an outside service (the payment
   * gateway) calls it here, so that no row lock is held across the call. What it answers is the handler's
   * `prepared`. It runs again on a retry, so what it asks must be safe to ask twice (an idempotency key, a read).
   */
  prepare?(payload: Payload, context: PrepareContext): Promise<unknown>;
  readonly maxAttempts: number;
  readonly daily?: DailyRecurrence;
}

export function defineJob<Payload>(
  kind: string,
  definition: {
    payload: z.ZodType<Payload>;
    handle: (payload: Payload, context: JobContext) => Promise<void>;
    prepare?: (payload: Payload, context: PrepareContext) => Promise<unknown>;
    maxAttempts?: number;
    daily?: DailyRecurrence;
  },
): JobKind<Payload> {
  if (definition.daily) {
    const { seoulHour } = definition.daily;
    if (!Number.isInteger(seoulHour) || seoulHour < 0 || seoulHour > 23)
      throw new RangeError(`bad hour ${seoulHour}`);
  }
  return { kind, maxAttempts: 5, ...definition };
}

/** Every kind the worker knows, composed from the areas' lists; a kind named twice is a start-up error. */
export type JobRegistry = ReadonlyMap<string, JobKind>;

export function composeJobRegistry(...areas: ReadonlyArray<ReadonlyArray<JobKind>>): JobRegistry {
  const registry = new Map<string, JobKind>();
  for (const kind of areas.flat()) {
    if (registry.has(kind.kind)) throw new Error(`job kind ${kind.kind} is registered twice`);
    registry.set(kind.kind, kind);
  }
  return registry;
}

export interface EnqueueOptions {
  /** When the job is due, on the app clock (`uow.now` for "as soon as possible"). */
  runAt: Date;
  /**
   * Names the job while it is still to run: a second enqueue with a key that a pending or running job holds is
   * ignored, and `cancelJobs` and `rescheduleJob` find it by this key. Once that job finished the key is free again.
   */
  key?: string;
  maxAttempts?: number;
}

/** The condition of the partial unique index on keys: only jobs still to run hold theirs. */
const openKey = sql`status in ('pending', 'running')`;

/**
 * Adds a job in the caller's unit, so it exists exactly when the caller's data does. The payload is checked by the
 * kind's schema (a wrong one throws). Answers the new job's id, or undefined when a job still to run holds the key.
 */
export async function enqueueJob<Payload>(
  uow: UnitOfWork,
  kind: JobKind<Payload>,
  payload: NoInfer<Payload>,
  options: EnqueueOptions,
): Promise<number | undefined> {
  const checked = kind.payload.parse(payload);
  const [row] = await uow.tx
    .insert(job)
    .values({
      kind: kind.kind,
      payload: checked ?? {},
      runAt: options.runAt,
      dedupeKey: options.key,
      maxAttempts: options.maxAttempts ?? kind.maxAttempts,
      createdAt: uow.now,
    })
    .onConflictDoNothing({ target: job.dedupeKey, where: openKey })
    .returning({ id: job.id });
  return row?.id;
}

/** Cancels the pending jobs with this key or keys (a running one finishes); answers how many were cancelled. */
export async function cancelJobs(uow: UnitOfWork, key: string | readonly string[]): Promise<number> {
  const keys = typeof key === "string" ? [key] : [...key];
  if (keys.length === 0) return 0;
  const rows = await uow.tx
    .update(job)
    .set({ status: "cancelled", finishedAt: uow.now, lockedAt: null })
    .where(and(inArray(job.dedupeKey, keys), eq(job.status, "pending")))
    .returning({ id: job.id });
  return rows.length;
}

/** Moves the pending job with this key to `runAt`; false when no pending job holds the key (it ran, or never was). */
export async function rescheduleJob(uow: UnitOfWork, key: string, runAt: Date): Promise<boolean> {
  const rows = await uow.tx
    .update(job)
    .set({ runAt })
    .where(and(eq(job.dedupeKey, key), eq(job.status, "pending")))
    .returning({ id: job.id });
  return rows.length > 0;
}

/** Reschedules the pending job with this key, or enqueues it when there is none: "this job, at this time". */
export async function scheduleJob<Payload>(
  uow: UnitOfWork,
  kind: JobKind<Payload>,
  payload: NoInfer<Payload>,
  options: EnqueueOptions & { key: string },
): Promise<void> {
  if (await rescheduleJob(uow, options.key, options.runAt)) return;
  await enqueueJob(uow, kind, payload, options);
}

/** The key of a daily job's run on a Seoul day. */
const dailyKey = (kind: JobKind, day: string) => `${kind.kind}:${day}`;

/** The next run of a daily job after one that ran at `now`: the next Seoul day, at the kind's hour. */
function nextDailyRun(kind: JobKind, now: Date): { key: string; runAt: Date } {
  const day = addSeoulDays(seoulDay(now), 1);
  return {
    key: dailyKey(kind, day),
    runAt: new Date(startOfSeoulDay(day).getTime() + kind.daily!.seoulHour * HOUR_MS),
  };
}

/**
 * Makes sure each daily kind has a run to come: when none is pending or running and none ran today (Seoul), one is
 * due now. Two processes starting together insert the same key; the second waits for the first and adds nothing.
 */
export async function ensureDailyJobs(db: Database, clock: Clock, registry: JobRegistry): Promise<void> {
  for (const kind of registry.values()) {
    if (!kind.daily) continue;
    await runInTransaction(db, clock, async ({ tx, now }) => {
      const key = dailyKey(kind, seoulDay(now));
      await tx.execute(sql`
        insert into ${job} (kind, payload, run_at, dedupe_key, max_attempts, created_at)
        select ${kind.kind}, '{}'::jsonb, ${now}, ${key}, ${kind.maxAttempts}, ${now}
        where not exists (
          select 1 from ${job}
          where ${job.kind} = ${kind.kind} and (${job.status} in ('pending', 'running') or ${job.dedupeKey} = ${key})
        )
        on conflict (dedupe_key) where status in ('pending', 'running') do nothing`);
    });
  }
}

// A job left "running" this long was owned by a process that died; it is claimed again.
const STALE_AFTER_MS = 5 * 60_000;

/** Retry delay after the n-th failed attempt: 2 s, 4 s, 8 s … capped at 10 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 10 * 60_000);
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export async function claimNextJob(db: Database, now: Date): Promise<ClaimedJob | undefined> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS);
  const [row] = await queryRows<{
    id: number | string;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`
    update ${job} set status = 'running', locked_at = ${now}, attempts = ${job.attempts} + 1
    where ${job.id} = (
      select id from ${job}
      where (${job.status} = 'pending' and ${job.runAt} <= ${now})
         or (${job.status} = 'running' and ${job.lockedAt} < ${staleBefore})
      order by ${job.runAt}, ${job.id}
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

/** A failure that no retry can mend: the job fails at once. */
class PermanentJobError extends Error {}

/** This claim is no longer the job's (it went stale and another worker claimed it): the work is rolled back. */
class LostClaimError extends Error {}

export interface JobWorkerOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  registry: JobRegistry;
  pollIntervalMs: number;
}

/** Runs due jobs one at a time in this process; several processes may run workers on one PostgreSQL. */
export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;

  constructor(private readonly options: JobWorkerOptions) {}

  start() {
    this.stopping = false;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = undefined;
        this.schedule(this.options.pollIntervalMs);
      });
    }, delay);
  }

  /** Runs every job due now, one after another; returns how many ran. Safe beside the polling loop. */
  async drain(): Promise<number> {
    let count = 0;
    while (!this.stopping && (await this.runOne())) count++;
    return count;
  }

  async runOne(): Promise<boolean> {
    const { db, clock, logger, registry } = this.options;
    let claimed: ClaimedJob | undefined;
    try {
      claimed = await claimNextJob(db, clock.now());
    } catch (error) {
      logger.error({ err: error }, "job claim failed");
      return false;
    }
    if (!claimed) return false;
    const kind = registry.get(claimed.kind);
    const mine = and(eq(job.id, claimed.id), eq(job.status, "running"), eq(job.attempts, claimed.attempts));
    try {
      if (!kind) throw new PermanentJobError(`no handler for job kind ${claimed.kind}`);
      const parsed = kind.payload.safeParse(claimed.payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const prepared = kind.prepare ? await kind.prepare(parsed.data, { db, clock, logger }) : undefined;
      await runInTransaction(
        db,
        clock,
        async (uow) => {
          await kind.handle(parsed.data, { uow, clock, logger, prepared });
          if (kind.daily) {
            const next = nextDailyRun(kind, uow.now);
            await enqueueJob(uow, kind, {}, { runAt: next.runAt, key: next.key });
          }
          const done = await uow.tx
            .update(job)
            .set({ status: "done", finishedAt: uow.now, lockedAt: null, lastError: null })
            .where(mine)
            .returning({ id: job.id });
          if (done.length === 0) throw new LostClaimError("the job was claimed again by another worker");
        },
        { logger },
      );
    } catch (error) {
      if (error instanceof LostClaimError) return true;
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = error instanceof PermanentJobError || claimed.attempts >= claimed.maxAttempts;
      logger.warn(
        { jobId: claimed.id, kind: claimed.kind, attempts: claimed.attempts, err: error },
        exhausted ? "job failed for good" : "job failed; it will be retried",
      );
      await runInTransaction(db, clock, async (uow) => {
        const now = uow.now;
        await uow.tx
          .update(job)
          .set({
            status: exhausted ? "failed" : "pending",
            lockedAt: null,
            lastError: message,
            runAt: exhausted ? now : new Date(now.getTime() + retryDelayMs(claimed.attempts)),
            finishedAt: exhausted ? now : null,
          })
          .where(mine);
        // A daily job that failed for good still has its next day.
        if (exhausted && kind?.daily) {
          const next = nextDailyRun(kind, now);
          await enqueueJob(uow, kind, {}, { runAt: next.runAt, key: next.key });
        }
      }).catch((failure: unknown) =>
        logger.error({ err: failure, jobId: claimed.id }, "job failure not saved"),
      );
    }
    return true;
  }

  /** Stops polling and waits for the job in progress. */
  async stop() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

export interface FailedJob {
  id: number;
  kind: string;
  lastError: string | null;
  attempts: number;
  failedAt: Date | null;
  createdAt: Date;
}

const failedJobColumns = {
  id: job.id,
  kind: job.kind,
  lastError: job.lastError,
  attempts: job.attempts,
  failedAt: job.finishedAt,
  createdAt: job.createdAt,
};

/** Jobs that failed for good, most recent first: what administrators look at. */
export async function listFailedJobs(source: DatabaseOrUnit, limit = 100): Promise<FailedJob[]> {
  return executor(source)
    .select(failedJobColumns)
    .from(job)
    .where(eq(job.status, "failed"))
    .orderBy(desc(job.finishedAt), desc(job.id))
    .limit(limit);
}

/** One job that failed for good, or null when the id names no such job. */
export async function failedJob(source: DatabaseOrUnit, id: number): Promise<FailedJob | null> {
  const [found] = await executor(source)
    .select(failedJobColumns)
    .from(job)
    .where(and(eq(job.id, id), eq(job.status, "failed")));
  return found ?? null;
}

/**
 * Puts a failed job back in the queue, due now, with its attempts counted from zero. False when it is not a failed
 * job, or when another job still to run holds its key (that one does the work).
 */
export async function retryFailedJob(uow: UnitOfWork, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    uow.tx,
    sql`
    update ${job} set status = 'pending', attempts = 0, run_at = ${uow.now}, finished_at = null, locked_at = null
    where ${job.id} = ${id} and ${job.status} = 'failed'
      and (${job.dedupeKey} is null or not exists (
        select 1 from ${job} other
        where other.dedupe_key = ${job.dedupeKey} and other.status in ('pending', 'running')
      ))
    returning id`,
  );
  return rows.length > 0;
}

/** Finished and cancelled jobs are kept a week for inspection, then removed; failed ones stay until retried. */
export async function purgeFinishedJobs(source: DatabaseOrUnit, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 7 * 24 * HOUR_MS);
  await executor(source)
    .delete(job)
    .where(and(inArray(job.status, ["done", "cancelled"]), lt(job.finishedAt, before)));
}

/**
 * The daily sweep, at 04:00 in Seoul: old finished jobs, and rate-limit counters (sign-in limits, one-time form
 * tokens) that no rule still reads.
 */
export const dailySweepJob = defineJob("platform.dailySweep", {
  payload: z.object({}).strict(),
  daily: { seoulHour: 4 },
  handle: async (_payload, { uow }) => {
    await purgeFinishedJobs(uow, uow.now);
    await purgeStaleRateCounters(uow.tx, uow.now);
  },
});

/** The platform's own jobs. */
export const platformJobs = [dailySweepJob];
