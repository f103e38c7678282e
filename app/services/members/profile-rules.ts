/**
 * The rules of the member profile (spec section 5), as small named checks shared by the browser form and the server.
 * Each check answers undefined or a problem code; the message catalogue names every code under profile.error.*.
 */
import { checkNickname } from "./nickname";

const INTRODUCTION_MAX = 40;
export const LOCATIONS_MAX = 3;
const RIDING_YEARS = { min: 1, max: 60 } as const;
const MINIMUM_AGE = 15;
export const BUSINESS_IMAGES_MAX = 3;

export const snsKinds = ["instagram", "youtube", "x", "openchat", "tiktok", "other"] as const;
export type SnsKind = (typeof snsKinds)[number];
export const memberTypes = ["individual", "business"] as const;
export type MemberType = (typeof memberTypes)[number];
export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export type ProfileProblem =
  | "nickname_required"
  | "nickname_format"
  | "nickname_length"
  | "introduction_required"
  | "introduction_length"
  | "mobile_required"
  | "mobile_format"
  | "mobile_unverified"
  | "birth_date_invalid"
  | "too_young"
  | "avatar_required"
  | "location_required"
  | "location_too_many"
  | "location_invalid"
  | "genre_required"
  | "sns_required"
  | "sns_url_invalid"
  | "riding_years_invalid"
  | "member_type_required"
  | "business_name_required"
  | "business_number_format"
  | "business_number_invalid"
  | "business_tel_format"
  | "business_type_required"
  | "business_years_invalid"
  | "business_days_required"
  | "business_hours_required"
  | "business_images_too_many"
  | "owner_name_required"
  | "business_email_invalid"
  | "settlement_phone_format";

export function checkNicknameRule(value: string): ProfileProblem | undefined {
  const problem = checkNickname(value);
  return problem ? (`nickname_${problem}` as ProfileProblem) : undefined;
}

export function checkIntroduction(value: string): ProfileProblem | undefined {
  const text = value.trim();
  if (!text) return "introduction_required";
  if ([...text].length > INTRODUCTION_MAX) return "introduction_length";
  return undefined;
}

/** Mobile: digits only, no hyphens, 11 digits. */
export function checkMobile(value: string): ProfileProblem | undefined {
  if (!value) return "mobile_required";
  if (!/^01[016789]\d{8}$/.test(value)) return "mobile_format";
  return undefined;
}

/** Age in whole years on `today` (a Seoul calendar date, YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  if (birthDate > today) return undefined;
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

export function checkBirthDate(value: string, today: string): ProfileProblem | undefined {
  const age = ageOn(value, today);
  if (age === undefined || age > 120) return "birth_date_invalid";
  if (age < MINIMUM_AGE) return "too_young";
  return undefined;
}

export function checkRidingYears(value: number): ProfileProblem | undefined {
  return Number.isInteger(value) && value >= RIDING_YEARS.min && value <= RIDING_YEARS.max
    ? undefined
    : "riding_years_invalid";
}

const snsHosts: Record<Exclude<SnsKind, "other">, RegExp> = {
  instagram: /^(www\.)?instagram\.com$/,
  youtube: /^((www|m)\.)?youtube\.com$|^youtu\.be$/,
  x: /^(www\.)?(x|twitter)\.com$/,
  openchat: /^open\.kakao\.com$/,
  tiktok: /^(www\.)?tiktok\.com$/,
};

/** An SNS link must be an http(s) URL on the service it claims; "other" accepts any http(s) URL. */
export function checkSnsUrl(kind: SnsKind, value: string): ProfileProblem | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return "sns_url_invalid";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "sns_url_invalid";
  if (kind === "other") return url.hostname.includes(".") ? undefined : "sns_url_invalid";
  if (!snsHosts[kind].test(url.hostname.toLowerCase())) return "sns_url_invalid";
  if (kind === "openchat" && !url.pathname.startsWith("/o/")) return "sns_url_invalid";
  if (url.pathname === "/" || url.pathname === "") return "sns_url_invalid";
  return undefined;
}

export interface LocationInput {
  lat: number;
  lng: number;
  simpleAddress: string;
}

export function checkLocations(locations: LocationInput[]): ProfileProblem | undefined {
  if (locations.length === 0) return "location_required";
  if (locations.length > LOCATIONS_MAX) return "location_too_many";
  for (const location of locations) {
    const inKorea =
      location.lat >= 33 && location.lat <= 38.7 && location.lng >= 124.5 && location.lng <= 131.9;
    if (!inKorea || !location.simpleAddress.trim()) return "location_invalid";
  }
  return undefined;
}

/** The official check digit of a Korean business registration number (10 digits). */
export function isValidBusinessNumber(number: string): boolean {
  if (!/^\d{10}$/.test(number)) return false;
  const digits = [...number].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, index) => total + weight * digits[index]!, 0);
  sum += Math.floor((digits[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === digits[9];
}

export function checkBusinessNumber(value: string): ProfileProblem | undefined {
  if (!/^\d{10}$/.test(value)) return "business_number_format";
  return isValidBusinessNumber(value) ? undefined : "business_number_invalid";
}

export function checkBusinessTel(value: string): ProfileProblem | undefined {
  return /^\d{9,12}$/.test(value) ? undefined : "business_tel_format";
}

export function checkSettlementPhone(value: string): ProfileProblem | undefined {
  return /^010\d{6,9}$/.test(value) ? undefined : "settlement_phone_format";
}
