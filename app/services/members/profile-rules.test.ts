import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ageOn,
  checkBirthDate,
  checkBusinessNumber,
  checkBusinessTel,
  checkIntroduction,
  checkLocations,
  checkMobile,
  checkNicknameRule,
  checkRidingYears,
  checkSettlementPhone,
  checkSnsUrl,
  isValidBusinessNumber,
} from "./profile-rules";

describe("profile rules", () => {
  it("nickname: required, Korean/English letters and digits, at most 15", () => {
    expect(checkNicknameRule("")).toBe("nickname_required");
    expect(checkNicknameRule("라이더 1")).toBe("nickname_format");
    expect(checkNicknameRule("rider_1")).toBe("nickname_format");
    expect(checkNicknameRule("가".repeat(16))).toBe("nickname_length");
    expect(checkNicknameRule("바이크Rider15")).toBeUndefined();
  });

  it("introduction: required, at most 40", () => {
    expect(checkIntroduction("  ")).toBe("introduction_required");
    expect(checkIntroduction("가".repeat(41))).toBe("introduction_length");
    expect(checkIntroduction("가".repeat(40))).toBeUndefined();
  });

  it("mobile: 11 digits without hyphens", () => {
    expect(checkMobile("")).toBe("mobile_required");
    expect(checkMobile("010-1234-5678")).toBe("mobile_format");
    expect(checkMobile("0101234567")).toBe("mobile_format");
    expect(checkMobile("01012345678")).toBeUndefined();
  });

  it("date of birth: 15 or older on the Seoul calendar date", () => {
    expect(ageOn("2011-11-22", "2026-11-21")).toBe(14);
    expect(ageOn("2011-11-21", "2026-11-21")).toBe(15);
    expect(checkBirthDate("2011-11-22", "2026-11-21")).toBe("too_young");
    expect(checkBirthDate("2011-11-21", "2026-11-21")).toBeUndefined();
    expect(checkBirthDate("2001-02-30", "2026-11-21")).toBe("birth_date_invalid");
    expect(checkBirthDate("2030-01-01", "2026-11-21")).toBe("birth_date_invalid");
  });

  it("riding years: whole years from 1 to 60", () => {
    expect(checkRidingYears(0)).toBe("riding_years_invalid");
    expect(checkRidingYears(61)).toBe("riding_years_invalid");
    expect(checkRidingYears(2.5)).toBe("riding_years_invalid");
    expect(checkRidingYears(1)).toBeUndefined();
    expect(checkRidingYears(60)).toBeUndefined();
  });

  it("SNS links: a URL on the service of their kind", () => {
    expect(checkSnsUrl("instagram", "https://www.instagram.com/rider")).toBeUndefined();
    expect(checkSnsUrl("instagram", "https://instagram.com.evil.io/rider")).toBe("sns_url_invalid");
    expect(checkSnsUrl("youtube", "https://youtu.be/abc")).toBeUndefined();
    expect(checkSnsUrl("x", "https://twitter.com/rider")).toBeUndefined();
    expect(checkSnsUrl("openchat", "https://open.kakao.com/o/gAbCdEf")).toBeUndefined();
    expect(checkSnsUrl("openchat", "https://open.kakao.com/me/x")).toBe("sns_url_invalid");
    expect(checkSnsUrl("tiktok", "javascript:alert(1)")).toBe("sns_url_invalid");
    expect(checkSnsUrl("other", "https://blog.naver.com/rider")).toBeUndefined();
    expect(checkSnsUrl("other", "not a url")).toBe("sns_url_invalid");
  });

  it("locations: 1 to 3 inside Korea with an address", () => {
    const seoul = { lat: 37.5266, lng: 126.9197, simpleAddress: "영등포구" };
    expect(checkLocations([])).toBe("location_required");
    expect(checkLocations([seoul, seoul, seoul, seoul])).toBe("location_too_many");
    expect(checkLocations([{ ...seoul, lat: 48.85, lng: 2.35 }])).toBe("location_invalid");
    expect(checkLocations([seoul])).toBeUndefined();
  });

  it("business numbers: 10 digits with the official check digit", () => {
    expect(isValidBusinessNumber("1248100998")).toBe(true);
    expect(isValidBusinessNumber("2208162517")).toBe(true);
    expect(checkBusinessNumber("124-81-00998")).toBe("business_number_format");
    expect(checkBusinessNumber("1248100999")).toBe("business_number_invalid");
    expect(checkBusinessNumber("1248100998")).toBeUndefined();
    // Exactly one check digit fits every 9-digit prefix.
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (prefix) => {
        const valid = [..."0123456789"].filter((digit) => isValidBusinessNumber(prefix + digit));
        return valid.length === 1;
      }),
    );
  });

  it("business and settlement phone numbers", () => {
    expect(checkBusinessTel("0212345678")).toBeUndefined();
    expect(checkBusinessTel("02-123-4567")).toBe("business_tel_format");
    expect(checkBusinessTel("12345678")).toBe("business_tel_format");
    expect(checkSettlementPhone("01012345678")).toBeUndefined();
    expect(checkSettlementPhone("0212345678")).toBe("settlement_phone_format");
  });
});
