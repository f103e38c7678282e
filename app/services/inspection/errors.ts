import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of inspections before buying (ADR 069). */
export const inspectionErrors = areaErrors("inspection.error", {
  not_found: 404,
  not_vehicle: 409,
  own_listing: 409,
  listing_closed: 409,
  expert_is_seller: 409,
  kind_mismatch: 400,
  time_required: 400,
  time_past: 400,
  open_exists: 409,
  not_seller: 403,
  not_expert: 403,
  not_party: 403,
  meeting_closed: 409,
  report_incomplete: 400,
  note_length: 400,
  summary_length: 400,
  photos_max: 400,
  photo_unknown: 400,
});
export type InspectionErrorCode = ErrorCodeOf<typeof inspectionErrors>;
