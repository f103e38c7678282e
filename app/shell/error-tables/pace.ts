import type { ErrorTable } from "../error-table.server";

/** The answers to refusals of a member going faster than an action's pace (see ../error-table.server.ts). */
export const paceErrors: ErrorTable["pace"] = {
  too_many_listings: { status: 429, messageKey: "pace.error.too_many_listings" },
  too_many_offers: { status: 429, messageKey: "pace.error.too_many_offers" },
  too_many_meeting_requests: { status: 429, messageKey: "pace.error.too_many_meeting_requests" },
  too_many_rescue_calls: { status: 429, messageKey: "pace.error.too_many_rescue_calls" },
};
