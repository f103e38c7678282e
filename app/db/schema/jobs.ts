import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const jobStatuses = ["pending", "running", "done", "failed", "cancelled"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Durable background work: claimed with FOR UPDATE SKIP LOCKED so that each job runs once across processes. Every
 * time is the app clock's, written by the code (no column defaults): the worker compares `run_at` with that clock.
 */
export const job = pgTable(
  "job",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** Names the job for cancel and reschedule; unique among the jobs still to run, free again once one finishes. */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("job_pending_run_at_idx").on(t.status, t.runAt),
    uniqueIndex("job_open_dedupe_key_idx")
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);
