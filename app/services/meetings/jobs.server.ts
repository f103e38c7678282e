import type { JobKind } from "#app/platform/jobs.server";
import { rescueExpireJob } from "./rescue/rescue-machine.server";
import { meetingExpiryJob } from "./meeting/meeting-machine.server";
import { meetingReminderJob } from "./meeting/schedule.server";

/** The exchange's jobs: reminders, expiry of unanswered requests, rescue call timeouts. */
export const meetingJobs: ReadonlyArray<JobKind> = [
  meetingReminderJob as JobKind,
  meetingExpiryJob as JobKind,
  rescueExpireJob as JobKind,
];
