import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { listFailedJobs, retryFailedJob, type FailedJob } from "#app/platform/jobs.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { isAdmin, type Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";

export type FailedJobErrorCode = "forbidden" | "not_failed";

const jobsError = (code: FailedJobErrorCode) => new DomainError("jobs", code);

/** Jobs that failed for good, for administrators (with two-step verification) only. */
export async function failedJobsForAdmin(db: Database, actor: Actor): Promise<FailedJob[]> {
  if (!isAdmin(actor)) throw jobsError("forbidden");
  return listFailedJobs(db);
}

/** An administrator puts a failed job back in the queue, due now; its handler is idempotent, so a rerun is safe. */
export async function retryJobAsAdmin(db: Database, clock: Clock, actor: Actor, id: number): Promise<void> {
  if (!isAdmin(actor)) throw jobsError("forbidden");
  const retried = await runInTransaction(db, clock, (uow) => retryFailedJob(uow, id));
  if (!retried) throw jobsError("not_failed");
}
