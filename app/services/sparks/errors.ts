import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of sparks. */
export const sparkErrors = areaErrors("spark.error", {
  review_not_found: 404,
  own_review: 403,
  amount_invalid: 400,
  not_enough: 409,
  already_sent: 409,
  review_limit: 409,
});
export type SparkErrorCode = ErrorCodeOf<typeof sparkErrors>;
