import { z } from "zod";
import { defineJob } from "#app/platform/jobs.server";

/**
 * The payout job as it is scheduled (ADR 064): the unit that moves a withdrawal to `processing` with the automatic
 * payout service schedules it; the worker runs the kind `withdrawalJobs` binds to the process's payout service.
 */

export const payoutPayload = z.object({ withdrawalId: z.number().int().positive() });

export const PAYOUT_JOB_KIND = "withdrawal.payout";
/** The payout service may take a while to answer: about a day of retries, then an administrator retries the job. */
export const PAYOUT_ATTEMPTS = 160;

export const payoutJobKey = (id: number) => `withdrawal-payout:${id}`;

export const withdrawalPayoutJob = defineJob(PAYOUT_JOB_KIND, {
  payload: payoutPayload,
  maxAttempts: PAYOUT_ATTEMPTS,
  handle: () =>
    Promise.reject(new Error("the payout job runs with the process's payout service (withdrawalJobs)")),
});
