import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of meetings. */
export const meetingErrors = areaErrors("meeting.error", {
  not_found: 404,
  not_participant: 403,
  skill_not_found: 404,
  kind_mismatch: 400,
  own_skill: 403,
  blocked: 403,
  open_exists: 409,
  model_not_found: 400,
  option_invalid: 400,
  item_invalid: 400,
  pickup_too_soon: 400,
  wish_past: 400,
  text_required: 400,
  text_length: 400,
  memo_length: 400,
  number_invalid: 400,
  location_required: 400,
  date_invalid: 400,
  provider_only: 403,
  closed: 409,
  appointment_past: 400,
  appointment_required: 409,
  end_too_early: 409,
  reason_required: 400,
  reason_length: 400,
  place_invalid: 400,
  place_not_found: 400,
});
export type MeetingErrorCode = ErrorCodeOf<typeof meetingErrors>;
