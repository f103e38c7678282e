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

/** Refusals of an administrator's catalogue import as a whole file; a bad row is listed in the import's report. */
export const catalogueErrors = areaErrors("motorcycle.admin.error", {
  forbidden: 403,
  empty: 400,
  too_large: 400,
  too_many_rows: 400,
  not_utf8: 400,
  unreadable: 400,
  layout_unknown: 400,
  columns_unknown: 400,
  columns_missing: 400,
  source_url_required: 400,
  source_url_invalid: 400,
  preview_mismatch: 400,
});
export type CatalogueErrorCode = ErrorCodeOf<typeof catalogueErrors>;

/** The line, columns or limit (in MB or rows) a refusal names. */
export interface CatalogueErrorDetails {
  line?: number;
  columns?: string;
  max?: number;
}
