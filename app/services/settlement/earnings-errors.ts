import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of administrators' acts on experts' earnings (ADR 064): reversals and adjustments. */
export const earningsErrors = areaErrors("earnings.error", {
  forbidden: 403,
  not_found: 404,
  not_reversible: 409,
  reason_required: 400,
  reason_length: 400,
  amount_invalid: 400,
  insufficient: 409,
  member_required: 400,
});
export type EarningsErrorCode = ErrorCodeOf<typeof earningsErrors>;
