import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of a member acting faster than the pace of an action that reaches other members. */
export const paceErrors = areaErrors("pace.error", {
  too_many_listings: 429,
  too_many_offers: 429,
  too_many_meeting_requests: 429,
  too_many_rescue_calls: 429,
});
export type PaceErrorCode = ErrorCodeOf<typeof paceErrors>;

export interface PaceErrorDetails {
  retryAfterMs?: number;
}
