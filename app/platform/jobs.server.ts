import { purgeStaleRateCounters } from "./rate-limit.server";
import { and, eq, lt, sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import { job } from "#app/db/schema";
import type { Clock } from "./clock.server";
import type { Logger } from "./logger.server";

export type JobHandler = (
  payload: unknown,
  context: { db: Database; clock: Clock; logger: Logger },
) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** A second enqueue with the same key is ignored, so a request or job that retries does not duplicate work. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export async function enqueueJob(db: Database, kind: string, payload: unknown, options: EnqueueOptions = {}) {
  const [row] = await db
    .insert(job)
    .values({
      kind,
      payload: payload ?? {},
      runAt: options.runAt,
      dedupeKey: options.dedupeKey,
      maxAttempts: options.maxAttempts,
    })
    .onConflictDoNothing({ target: job.dedupeKey })
    .returning({ id: job.id });
  return row?.id;
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

export interface JobWorkerOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  handlers: Record<string, JobHandler>;
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

  /** Runs every job due now, one after another; returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    while (!this.stopping && (await this.runOne())) count++;
    return count;
  }

  async runOne(): Promise<boolean> {
    const { db, clock, logger, handlers } = this.options;
    let claimed: ClaimedJob | undefined;
    try {
      claimed = await claimNextJob(db, clock.now());
    } catch (error) {
      logger.error({ err: error }, "job claim failed");
      return false;
    }
    if (!claimed) return false;
    const handler = handlers[claimed.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${claimed.kind}`);
      await handler(claimed.payload, { db, clock, logger });
      await db
        .update(job)
        .set({ status: "done", finishedAt: clock.now(), lockedAt: null, lastError: null })
        .where(eq(job.id, claimed.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = claimed.attempts >= claimed.maxAttempts;
      logger.warn(
        { jobId: claimed.id, kind: claimed.kind, attempts: claimed.attempts, err: error },
        "job failed",
      );
      await db
        .update(job)
        .set({
          status: exhausted ? "failed" : "pending",
          lockedAt: null,
          lastError: message,
          runAt: new Date(clock.now().getTime() + retryDelayMs(claimed.attempts)),
          finishedAt: exhausted ? clock.now() : null,
        })
        .where(eq(job.id, claimed.id));
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

/** Finished jobs are kept a week for inspection, then removed. */
export const purgeFinishedJobs: JobHandler = async (_payload, { db, clock }) => {
  const before = new Date(clock.now().getTime() - 7 * 24 * 60 * 60_000);
  await db.delete(job).where(and(eq(job.status, "done"), lt(job.finishedAt, before)));
  // The same daily sweep drops rate-limit counters (sign-in limits, one-time form tokens) that no rule still reads.
  await purgeStaleRateCounters(db, clock.now());
};
