import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of the failed jobs' console (the `jobs` area). */
export const failedJobErrors = areaErrors("jobs.error", {
  forbidden: 403,
  not_failed: 409,
});
export type FailedJobErrorCode = ErrorCodeOf<typeof failedJobErrors>;
