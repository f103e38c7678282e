import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of rescue. */
export const rescueErrors = areaErrors("rescue.error", {
  not_found: 404,
  situation_invalid: 400,
  location_invalid: 400,
  open_call_exists: 409,
  no_expert_nearby: 409,
  already_taken: 409,
  already_answered: 409,
  call_closed: 409,
});
export type RescueErrorCode = ErrorCodeOf<typeof rescueErrors>;
