import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of the stolen-vehicle check; their messages are under theft.error. */
export const theftErrors = areaErrors("theft.error", {
  frame_number_invalid: 400,
  frame_number_letters: 400,
  hold_not_found: 404,
  forbidden: 403,
  decision_invalid: 400,
});
export type TheftErrorCode = ErrorCodeOf<typeof theftErrors>;
