import type { ErrorTable } from "../error-table.server";

/** The answers to skill refusals (see ../error-table.server.ts). */
export const skillErrors: ErrorTable["skill"] = {
  not_found: { status: 404, messageKey: "skill.error.not_found" },
  kind_invalid: { status: 400, messageKey: "skill.error.kind_invalid" },
  kind_changed: { status: 400, messageKey: "skill.error.kind_changed" },
  model_required: { status: 400, messageKey: "skill.error.model_required" },
  model_not_owned: { status: 403, messageKey: "skill.error.model_not_owned" },
  owner_exists: { status: 409, messageKey: "skill.error.owner_exists" },
  repair_level_required: { status: 400, messageKey: "skill.error.repair_level_required" },
  shop_business_only: { status: 403, messageKey: "skill.error.shop_business_only" },
  coaching_years: { status: 403, messageKey: "skill.error.coaching_years" },
  codes_required: { status: 400, messageKey: "skill.error.codes_required" },
  code_unknown: { status: 400, messageKey: "skill.error.code_unknown" },
  skill_exists: { status: 409, messageKey: "skill.error.skill_exists" },
  entries_too_many: { status: 400, messageKey: "skill.error.entries_too_many" },
  entry_too_long: { status: 400, messageKey: "skill.error.entry_too_long" },
  location_required: { status: 400, messageKey: "skill.error.location_required" },
  location_invalid: { status: 400, messageKey: "skill.error.location_invalid" },
  radius_invalid: { status: 400, messageKey: "skill.error.radius_invalid" },
  price_invalid: { status: 400, messageKey: "skill.error.price_invalid" },
  days_required: { status: 400, messageKey: "skill.error.days_required" },
  hours_required: { status: 400, messageKey: "skill.error.hours_required" },
  hours_order: { status: 400, messageKey: "skill.error.hours_order" },
  on_call_rescue_only: { status: 400, messageKey: "skill.error.on_call_rescue_only" },
};
