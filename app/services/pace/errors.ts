/** Refusals of a member acting faster than the pace of an action that reaches other members (pace.error.*). */
export type PaceErrorCode =
  "too_many_listings" | "too_many_offers" | "too_many_meeting_requests" | "too_many_rescue_calls";
