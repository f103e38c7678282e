import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of the garage's service logs, their reminders, and where the logs are shown (ADR 071). */
export const serviceLogErrors = areaErrors("serviceLog.error", {
  bike_not_found: 404,
  entry_not_found: 404,
  entry_limit: 409,
  date_invalid: 400,
  date_future: 400,
  date_required: 400,
  mileage_invalid: 400,
  cost_invalid: 400,
  work_invalid: 400,
  note_length: 400,
  shop_length: 400,
  meeting_not_linkable: 404,
  meeting_linked: 409,
  interval_invalid: 400,
  listing_not_vehicle: 400,
  review_not_found: 404,
  not_author: 403,
});
export type ServiceLogErrorCode = ErrorCodeOf<typeof serviceLogErrors>;
