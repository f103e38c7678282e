import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { profileRules, profileSchema, type ProfileFormState } from "./profile.schema";

/** A form as the browser posts it: repeated names for lists. */
function formOf(fields: Record<string, string | string[] | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  return form;
}

const valid = {
  intent: "save",
  nickname: "스키마라이더",
  introduction: "주말 라이더",
  birthDate: "1990-05-01",
  ridingYears: "4",
  memberType: "individual",
  locationAddress: ["영등포구", "강남구"],
  locationLat: ["37.5266", "37.4979"],
  locationLng: ["126.9197", "127.0276"],
  locationCode: ["seoul-yeongdeungpo", ""],
  genre: ["touring", "naked"],
  snsKind: ["instagram", "youtube"],
  snsUrl: ["https://www.instagram.com/rider", ""],
};

function parse(
  fields: Record<string, string | string[] | File>,
  today = "2026-11-22",
  state?: ProfileFormState,
) {
  const submission = parseWithZod(formOf(fields), { schema: profileSchema(today, state) });
  return { ...submission, error: submission.status === "error" ? submission.error : undefined };
}

describe("the profile form's schema", () => {
  it("gives the service typed input: numbers as numbers, lists as lists, blank rows left out", () => {
    const submission = parse(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      nickname: "스키마라이더",
      introduction: "주말 라이더",
      birthDate: "1990-05-01",
      ridingYears: 4,
      memberType: "individual",
      locations: [
        { simpleAddress: "영등포구", lat: 37.5266, lng: 126.9197, areaCode: "seoul-yeongdeungpo" },
        { simpleAddress: "강남구", lat: 37.4979, lng: 127.0276, areaCode: undefined },
      ],
      genres: ["touring", "naked"],
      sns: [{ kind: "instagram", url: "https://www.instagram.com/rider" }],
      business: undefined,
    });
  });

  it("reports each broken rule at its field with the catalogue's message", () => {
    const submission = parse({
      ...valid,
      nickname: "",
      ridingYears: "1e1",
      locationLat: ["37.5", "x"],
      genre: [],
      snsUrl: ["https://example.com/rider"],
      snsKind: ["instagram"],
    });
    expect(submission.status).toBe("error");
    expect(submission.error).toEqual({
      nickname: ["profileForm.error.nickname_required"],
      ridingYears: ["profileForm.error.riding_years_invalid"],
      locations: ["profileForm.error.location_invalid"],
      genres: ["profileForm.error.genre_required"],
      sns: ["profileForm.error.sns_url_invalid"],
    });
  });

  it("counts age on the day it is given, the server's Seoul date", () => {
    const fifteenth = { ...valid, birthDate: "2011-11-23" };
    expect(parse(fifteenth, "2026-11-23").status).toBe("success");
    expect(parse(fifteenth, "2026-11-22").error).toEqual({ birthDate: ["profileForm.error.too_young"] });
  });

  it("checks a business member's fields, and only a business member's", () => {
    const business = { ...valid, memberType: "business", businessNumber: "123", businessYears: "5" };
    const submission = parse(business);
    expect(Object.keys(submission.error ?? {}).sort()).toEqual([
      "businessDays",
      "businessEmail",
      "businessHours",
      "businessName",
      "businessNumber",
      "businessTel",
      "businessType",
      "ownerName",
      "settlementPhone",
    ]);
    expect(parse({ ...valid, businessNumber: "123" }).status).toBe("success");
  });

  it("asks in the browser for what the page knows is missing: a photo and a verified mobile number", () => {
    const firstLogin = { photoRequired: true, mobileVerified: false };
    expect(parse(valid, "2026-11-22", firstLogin).error).toEqual({
      mobile: ["profileForm.error.mobile_required"],
      avatars: ["profileForm.error.avatar_required"],
    });
    const photo = new File([new Uint8Array([1, 2, 3])], "me.jpg", { type: "image/jpeg" });
    expect(
      parse({ ...valid, avatars: photo }, "2026-11-22", { ...firstLogin, mobileVerified: true }).status,
    ).toBe("success");
    // The action leaves both to the service, which knows the stored photos and number.
    expect(parse(valid).status).toBe("success");
  });

  it("asks a member who joined through a provider for the required consents, on both sides", () => {
    expect(parse(valid, "2026-11-22", { consentsRequired: true }).error).toEqual({
      consents: ["auth.error.consent_required"],
    });
    const ticked = { ...valid, consentTerms: "on", consentPrivacy: "on", consentAge: "on" };
    expect(parse(ticked, "2026-11-22", { consentsRequired: true }).status).toBe("success");
    expect(parse({ ...ticked, consentAge: "" }, "2026-11-22", { consentsRequired: true }).status).toBe(
      "error",
    );
  });

  it("refuses business years outside 0 … 100 to any caller of the rules, not only to the form", () => {
    const profile = {
      nickname: "규칙라이더",
      introduction: "주말 라이더",
      birthDate: "1990-05-01",
      ridingYears: 4,
      memberType: "business" as const,
      locations: [{ simpleAddress: "영등포구", lat: 37.5266, lng: 126.9197 }],
      genres: ["touring"],
      sns: [{ kind: "instagram", url: "https://www.instagram.com/rider" }],
    };
    const business = (years: number) => ({
      name: "모토정비",
      number: "1248100998",
      tel: "0212345678",
      typeCode: "repair",
      years,
      days: ["mon"],
      opensAt: "h0900",
      closesAt: "h1800",
      introduction: "",
      ownerName: "김정비",
      email: "shop@example.com",
      settlementPhone: "01098765432",
    });
    for (const years of [-1, 101, 2.5, Number.NaN])
      expect(
        profileRules({ ...profile, business: business(years) }, "2026-11-22").businessYears,
        String(years),
      ).toBe("business_years_invalid");
    expect(profileRules({ ...profile, business: business(0) }, "2026-11-22")).toEqual({});
  });
});
