import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/**
 * Refusals of the settlement information (the withdrawal account), the withdrawal password and its security check,
 * and the console's review and unlock. No message ever contains a number the member typed.
 */
export const settlementInfoErrors = areaErrors("settlementInfo.error", {
  bank_invalid: 400,
  holder_invalid: 400,
  account_invalid: 400,
  account_required: 400,
  resident_invalid: 400,
  resident_required: 400,
  too_young: 400,
  agreement_required: 400,
  owner_invalid: 400,
  email_invalid: 400,
  phone_invalid: 400,
  password_required: 409,
  password_format: 400,
  password_mismatch: 400,
  password_wrong: 400,
  password_locked: 423,
  password_set: 409,
  security_check_required: 403,
  not_found: 404,
  forbidden: 403,
  review_note_required: 400,
  review_note_length: 400,
});
export type SettlementInfoErrorCode = ErrorCodeOf<typeof settlementInfoErrors>;
