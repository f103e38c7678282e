import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of missing-model reports and of riders' garages. */
export const garageErrors = areaErrors("garage.error", {
  report_manufacturer_invalid: 400,
  report_model_invalid: 400,
  report_year_invalid: 400,
  report_url_invalid: 400,
  report_in_catalogue: 409,
  report_open_exists: 409,
  report_not_found: 404,
  report_forbidden: 403,
  reject_reason_required: 400,
  reject_reason_length: 400,
  accept_names_required: 400,
  accept_figures_required: 400,
  accept_implausible: 400,
  model_year_not_found: 404,
  bike_not_found: 404,
  bike_limit: 409,
  bike_exists: 409,
  owned_since_invalid: 400,
  owned_since_future: 400,
  odometer_invalid: 400,
});
export type GarageErrorCode = ErrorCodeOf<typeof garageErrors>;
