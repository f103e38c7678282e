import { eventStartJob } from "./events.server";

/** The notice area's jobs, composed into the worker's registry at start-up. */
export const noticeJobs = [eventStartJob];
