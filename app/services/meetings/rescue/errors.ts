/** Refusals of rescue (rescue.error.*). */
export type RescueErrorCode =
  | "not_found"
  | "situation_invalid"
  | "location_invalid"
  | "open_call_exists"
  | "no_expert_nearby"
  | "already_taken"
  | "already_answered"
  | "call_closed";
