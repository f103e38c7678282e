import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/**
 * Refusals of the member profile (spec section 5): the rules' problems (./profile-rules.ts), the checks that need
 * the database, and the refusals of its uploads (`upload_<code>`, see uploads/errors.ts).
 */
export const profileErrors = areaErrors("profileForm.error", {
  nickname_required: 400,
  nickname_format: 400,
  nickname_length: 400,
  nickname_taken: 400,
  introduction_required: 400,
  introduction_length: 400,
  mobile_required: 400,
  mobile_format: 400,
  mobile_unverified: 400,
  birth_date_invalid: 400,
  too_young: 400,
  avatar_required: 400,
  location_required: 400,
  location_too_many: 400,
  location_invalid: 400,
  genre_required: 400,
  sns_required: 400,
  sns_url_invalid: 400,
  riding_years_invalid: 400,
  member_type_required: 400,
  business_name_required: 400,
  business_number_format: 400,
  business_number_invalid: 400,
  business_number_lookup_failed: 400,
  business_duplicate: 400,
  business_tel_format: 400,
  business_type_required: 400,
  business_years_invalid: 400,
  business_days_required: 400,
  business_hours_required: 400,
  business_images_too_many: 400,
  owner_name_required: 400,
  business_email_invalid: 400,
  settlement_phone_format: 400,
  upload_too_large: 400,
  upload_unsupported_type: 400,
  upload_corrupt: 400,
  upload_too_many_pixels: 400,
  upload_type_mismatch: 400,
  upload_too_many_files: 400,
});
export type ProfileErrorCode = ErrorCodeOf<typeof profileErrors>;

export type ProfileField =
  | "nickname"
  | "introduction"
  | "mobile"
  | "birthDate"
  | "avatars"
  | "locations"
  | "genres"
  | "sns"
  | "ridingYears"
  | "memberType"
  | "businessName"
  | "businessNumber"
  | "businessTel"
  | "businessType"
  | "businessYears"
  | "businessDays"
  | "businessHours"
  | "businessImages"
  | "ownerName"
  | "businessEmail"
  | "settlementPhone";

export interface ProfileErrorDetails {
  /** Every field that failed, with its reason; the error's own code is the first of them. */
  fields?: Partial<Record<ProfileField, ProfileErrorCode>>;
}

/** Refusals of blinding and pinning other members. */
export const relationErrors = areaErrors("relations.error", {
  user_not_found: 404,
  self: 403,
  already_blinded: 409,
  already_pinned: 409,
});
