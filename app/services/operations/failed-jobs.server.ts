import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { failedJob, listFailedJobs, retryFailedJob, type FailedJob } from "#app/platform/jobs.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import type { FailedJobErrorCode } from "./errors";

const jobsError = (code: FailedJobErrorCode) => new DomainError("jobs", code);

/** Jobs that failed for good, for administrators (with two-step verification) only. */
export async function failedJobsForAdmin(db: Database, actor: Actor): Promise<FailedJob[]> {
  requirePermission(actor, "manage:site", () => jobsError("forbidden"));
  return listFailedJobs(db);
}

/**
 * An administrator puts a failed job back in the queue, due now; its handler is idempotent, so a rerun is safe. The
 * retry is recorded in the audit log with the job's kind and its last error.
 */
export async function retryJobAsAdmin(
  db: Database,
  clock: Clock,
  actor: Actor,
  id: number,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:site", () => jobsError("forbidden"));
  await runInTransaction(db, clock, async (uow) => {
    const job = await failedJob(uow, id);
    if (!job || !(await retryFailedJob(uow, id))) throw jobsError("not_failed");
    await recordAdminAct(
      uow,
      actor,
      {
        action: "jobs.retry",
        subject: { kind: "job", id },
        before: { kind: job.kind, attempts: job.attempts, lastError: job.lastError?.slice(0, 500) ?? null },
        after: { due: uow.now.toISOString() },
      },
      from,
    );
  });
}
