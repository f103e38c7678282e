import { describe, expect, it } from "vitest";
import { translate, type MessageKey } from "#app/i18n";
import { uploadErrorCodes } from "#app/services/uploads/errors";
import { checkDigitVerifier } from "./business-verifier.server";

// Every refusal code the profile can answer (spec section 5 and the upload rules).
const codes = [
  "nickname_required",
  "nickname_format",
  "nickname_length",
  "nickname_taken",
  "introduction_required",
  "introduction_length",
  "mobile_required",
  "mobile_format",
  "mobile_unverified",
  "birth_date_invalid",
  "too_young",
  "avatar_required",
  "location_required",
  "location_too_many",
  "location_invalid",
  "genre_required",
  "sns_required",
  "sns_url_invalid",
  "riding_years_invalid",
  "member_type_required",
  "business_name_required",
  "business_number_format",
  "business_number_invalid",
  "business_number_lookup_failed",
  "business_duplicate",
  "business_tel_format",
  "business_type_required",
  "business_years_invalid",
  "business_days_required",
  "business_hours_required",
  "business_images_too_many",
  "owner_name_required",
  "business_email_invalid",
  "settlement_phone_format",
  ...uploadErrorCodes.map((code) => `upload_${code}`),
];

describe("profile messages", () => {
  it("exist in Korean and English for every refusal", () => {
    for (const code of codes) {
      const key = `profileForm.error.${code}` as MessageKey;
      expect(translate("ko", key), code).toMatch(/[가-힣]/);
      expect(translate("en", key), code).toMatch(/^[\x20-\x7E]+$/);
    }
    expect(translate("en", "profileForm.error.business_duplicate")).toMatch(/already registered/);
  });

  it("the default business number check answers by check digit", async () => {
    expect(await checkDigitVerifier.verify("1248100998")).toBe("valid");
    expect(await checkDigitVerifier.verify("1248100999")).toBe("unusable");
  });
});
