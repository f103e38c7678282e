import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of coupons (ADR 060): making and issuing them, registering a code, and using one on a payment. */
export const couponErrors = areaErrors("coupon.error", {
  forbidden: 403,
  not_found: 404,
  name_invalid: 400,
  value_invalid: 400,
  percent_invalid: 400,
  cap_invalid: 400,
  minimum_invalid: 400,
  kinds_required: 400,
  period_invalid: 400,
  quantity_invalid: 400,
  code_format: 400,
  code_taken: 409,
  ended: 409,
  code_required: 400,
  code_unknown: 404,
  not_started: 409,
  expired: 409,
  sold_out: 409,
  already_received: 409,
  too_many_attempts: 429,
  members_required: 400,
  members_too_many: 400,
  members_not_found: 400,
  not_enough_left: 409,
  already_used: 409,
  kind_not_covered: 409,
  below_minimum: 409,
  nothing_off: 409,
});
export type CouponErrorCode = ErrorCodeOf<typeof couponErrors>;
