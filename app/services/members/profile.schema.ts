import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { consentField, requiredConsents } from "../auth/consents";
import { normalizePhone } from "../auth/identifiers";
import { optionalText } from "../form-fields";
import type { ProfileField } from "./errors";
import type { BusinessInput, ProfileInput } from "./profile.server";
import {
  checkBirthDate,
  checkBusinessNumber,
  checkBusinessTel,
  checkIntroduction,
  checkLocations,
  checkNicknameRule,
  checkRidingYears,
  checkSettlementPhone,
  checkSnsUrl,
  memberTypes,
  snsKinds,
  weekdays,
  type ProfileProblem,
  type SnsKind,
} from "./profile-rules";

/**
 * The profile form of the first login (/login/new) and of editing (/profile), read by one schema (ADR 026): the
 * browser checks the named rules of `profile-rules` with it before sending, and the page action parses with it, so
 * that a service only ever receives a `ProfileInput` of the right types (numbers as numbers, lists as lists).
 *
 * Issues are placed at the profile's field names (`nickname`, `locations`, `sns`, `businessNumber` …), the names the
 * service's refusals use, so the form shows either next to the same field. What needs the database (a nickname or a
 * business already taken, codes of the reference tables, the verified mobile number, the photos) stays with the
 * service, which applies these rules again.
 */

/** Repeated fields (`genre`, `snsUrl` …): a list whatever was sent, empty entries kept in place as "". */
const list = z.array(z.string().optional()).transform((values) => values.map((value) => value ?? ""));

/** A whole number as typed in a number field, or NaN for anything else (a rule then refuses it). */
const wholeNumber = optionalText.transform((value) =>
  /^\d{1,3}$/.test(value.trim()) ? Number(value) : Number.NaN,
);

/** A coordinate the map picker wrote, or NaN (the location rule refuses it). */
const coordinate = (value: string) =>
  /^-?\d{1,3}(\.\d{1,15})?$/.test(value.trim()) ? Number(value) : Number.NaN;

const fields = {
  nickname: optionalText,
  introduction: optionalText,
  birthDate: optionalText,
  ridingYears: wholeNumber,
  memberType: optionalText,
  locationAddress: list,
  locationLat: list,
  locationLng: list,
  locationCode: list,
  genre: list,
  snsKind: list,
  snsUrl: list,
  businessName: optionalText,
  businessNumber: optionalText,
  businessTel: optionalText,
  businessType: optionalText,
  businessYears: wholeNumber,
  businessDay: list,
  opensAt: optionalText,
  closesAt: optionalText,
  businessIntro: optionalText,
  ownerName: optionalText,
  businessEmail: optionalText,
  settlementPhone: optionalText,
  /** Photos chosen in the browser (an empty file input sends nothing). */
  avatars: z.array(z.unknown()),
  /** The consent boxes, on the form only for a member who joined through a provider (see `consentsRequired`). */
  consentTerms: optionalText,
  consentPrivacy: optionalText,
  consentAge: optionalText,
  consentMarketing: optionalText,
};

type Raw = z.output<z.ZodObject<typeof fields>>;

function toProfileInput(raw: Raw): ProfileInput {
  const memberType = (memberTypes as readonly string[]).includes(raw.memberType)
    ? (raw.memberType as ProfileInput["memberType"])
    : "";
  const business: BusinessInput | undefined =
    memberType === "business"
      ? {
          name: raw.businessName,
          number: raw.businessNumber.trim(),
          tel: normalizePhone(raw.businessTel),
          typeCode: raw.businessType,
          years: raw.businessYears,
          days: raw.businessDay.filter(Boolean),
          opensAt: raw.opensAt,
          closesAt: raw.closesAt,
          introduction: raw.businessIntro,
          ownerName: raw.ownerName,
          email: raw.businessEmail,
          settlementPhone: normalizePhone(raw.settlementPhone),
        }
      : undefined;
  return {
    nickname: raw.nickname,
    introduction: raw.introduction,
    birthDate: raw.birthDate,
    ridingYears: raw.ridingYears,
    memberType,
    locations: raw.locationAddress.map((simpleAddress, index) => ({
      simpleAddress,
      lat: coordinate(raw.locationLat[index] ?? ""),
      lng: coordinate(raw.locationLng[index] ?? ""),
      areaCode: raw.locationCode[index] || undefined,
    })),
    genres: raw.genre.filter(Boolean),
    sns: raw.snsUrl
      .map((url, index) => ({ kind: raw.snsKind[index] || "other", url }))
      .filter((link) => link.url.trim() !== ""),
    business,
  };
}

/**
 * What the page knows beyond the form, for the browser's check: at the first login a photo must be chosen and the
 * mobile number verified before anything is sent. The action leaves both to the service, which reads the stored
 * photos and number.
 */
export interface ProfileFormState {
  photoRequired?: boolean;
  mobileVerified?: boolean;
  /** A member who joined through a provider ticks the required consent boxes with the profile (both sides check). */
  consentsRequired?: boolean;
}

/** The rules that need no database, each at its field; the service applies them again before its own. */
export function profileRules(profile: ProfileInput, today: string) {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  const set = (field: ProfileField, problem: ProfileProblem | undefined) => {
    if (problem && !problems[field]) problems[field] = problem;
  };
  set("nickname", checkNicknameRule(profile.nickname));
  set("introduction", checkIntroduction(profile.introduction));
  set("birthDate", checkBirthDate(profile.birthDate, today));
  set("locations", checkLocations(profile.locations));
  set("ridingYears", checkRidingYears(profile.ridingYears));
  set("genres", profile.genres.length === 0 ? "genre_required" : undefined);
  set("sns", profile.sns.length === 0 ? "sns_required" : undefined);
  for (const link of profile.sns) {
    const kind = (snsKinds as readonly string[]).includes(link.kind) ? (link.kind as SnsKind) : "other";
    set("sns", checkSnsUrl(kind, link.url));
  }
  set("memberType", profile.memberType ? undefined : "member_type_required");
  const business = profile.business;
  if (business) {
    set("businessName", business.name.trim() ? undefined : "business_name_required");
    set("businessNumber", checkBusinessNumber(business.number));
    set("businessTel", checkBusinessTel(business.tel));
    set("businessType", business.typeCode ? undefined : "business_type_required");
    set(
      "businessYears",
      Number.isInteger(business.years) && business.years >= 0 && business.years <= 100
        ? undefined
        : "business_years_invalid",
    );
    set(
      "businessDays",
      business.days.some((day) => (weekdays as readonly string[]).includes(day))
        ? undefined
        : "business_days_required",
    );
    set("businessHours", business.opensAt && business.closesAt ? undefined : "business_hours_required");
    set("ownerName", business.ownerName.trim() ? undefined : "owner_name_required");
    set(
      "businessEmail",
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(business.email.trim()) ? undefined : "business_email_invalid",
    );
    set("settlementPhone", checkSettlementPhone(business.settlementPhone));
  }
  return problems;
}

/**
 * The profile form's schema for a day: `today` is the Seoul calendar date the birth-date rule counts age on (the
 * server's, which the page hands to the browser).
 */
export function profileSchema(today: string, state: ProfileFormState = {}) {
  return z
    .object(fields)
    .superRefine((raw, ctx) => {
      const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
      if (state.mobileVerified === false) problems.mobile = "mobile_required";
      if (state.photoRequired && raw.avatars.length === 0) problems.avatars = "avatar_required";
      Object.assign(problems, profileRules(toProfileInput(raw), today));
      const ticked = new Set(requiredConsents.filter((kind) => raw[consentField(kind)]));
      if (state.consentsRequired && ticked.size < requiredConsents.length)
        ctx.addIssue({
          code: "custom",
          path: ["consents"],
          message: "auth.error.consent_required" satisfies MessageKey,
        });
      for (const [field, problem] of Object.entries(problems)) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `profileForm.error.${problem}` satisfies MessageKey,
        });
      }
    })
    .transform(toProfileInput);
}
