import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of a listing's models it fits (ADR 072); their messages are under partsFit.error. */
export const partsFitErrors = areaErrors("partsFit.error", {
  fit_limit: 400,
  fit_model_unknown: 400,
  fit_duplicate: 400,
  fit_years_invalid: 400,
  fit_years_outside: 400,
});
export type PartsFitErrorCode = ErrorCodeOf<typeof partsFitErrors>;
