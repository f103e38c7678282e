import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of no-shows, bans and feedback. */
export const conductErrors = areaErrors("conduct.error", {
  not_found: 404,
  banned: 403,
  banned_permanently: 403,
  forbidden: 403,
  no_show_not_reserved: 409,
  no_show_too_early: 409,
  no_show_content_required: 400,
  no_show_content_length: 400,
  no_show_already_reported: 409,
  report_closed: 409,
  decision_invalid: 400,
  ban_not_found: 404,
  ban_not_active: 409,
  feedback_not_open: 409,
  feedback_already_given: 409,
  feedback_verdict_invalid: 400,
  feedback_rating_invalid: 400,
  feedback_content_required: 400,
  feedback_content_length: 400,
  feedback_photos_max: 400,
});
export type ConductErrorCode = ErrorCodeOf<typeof conductErrors>;
