import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of my skills. */
export const skillErrors = areaErrors("skill.error", {
  not_found: 404,
  kind_invalid: 400,
  kind_changed: 400,
  model_required: 400,
  model_not_owned: 403,
  owner_exists: 409,
  repair_level_required: 400,
  shop_business_only: 403,
  coaching_years: 403,
  codes_required: 400,
  code_unknown: 400,
  skill_exists: 409,
  entries_too_many: 400,
  entry_too_long: 400,
  location_required: 400,
  location_invalid: 400,
  radius_invalid: 400,
  price_invalid: 400,
  days_required: 400,
  hours_required: 400,
  hours_order: 400,
  on_call_rescue_only: 400,
});
export type SkillErrorCode = ErrorCodeOf<typeof skillErrors>;
