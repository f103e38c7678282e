import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of point gifts. */
export const giftErrors = areaErrors("spark.gift.error", {
  recipient_required: 400,
  recipient_not_found: 400,
  recipient_self: 400,
  recipient_withdrawn: 409,
  amount_invalid: 400,
  amount_step: 400,
  insufficient: 409,
  reviewers_only: 403,
  token_invalid: 400,
  duplicate: 409,
});
export type GiftErrorCode = ErrorCodeOf<typeof giftErrors>;
