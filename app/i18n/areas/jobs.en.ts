import type { Widen } from "../widen";
import type { koJobs } from "./jobs.ko";

/** English messages of the administrators' failed-jobs page. */
export const enJobs: Widen<typeof koJobs> = {
  adminTitle: "Failed jobs",
  adminText: "Background jobs that did not finish after several tries. Fix the cause, then run them again.",
  empty: "No job has failed.",
  kind: "Kind",
  attempts: "{count, plural, one {# attempt} other {# attempts}}",
  failedAt: "Failed {date}",
  lastError: "Last error",
  retry: "Run again",
  retried: "The job will run again shortly.",
  error: {
    forbidden: "You are not allowed to do this.",
    not_failed: "This job already runs again or has not failed.",
  },
};
