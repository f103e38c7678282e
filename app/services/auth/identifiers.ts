import { z } from "zod";

/** Korean mobile numbers: 11 digits starting 010, stored without hyphens (spec: mobile 11 digits). */
export const mobileSchema = z.string().regex(/^01[016789]\d{8}$/);

/** Spaces, hyphens and dashes that people type or paste inside phone numbers ("010-1234 5678"). */
const PHONE_SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g;

/** A phone number as typed, without its separators: every form that takes a phone number reads it through this. */
export function normalizePhone(input: string): string {
  return input.replace(PHONE_SEPARATORS, "");
}

export const emailSchema = z.email().max(254);

export type Identifier = { kind: "email"; value: string } | { kind: "phone"; value: string };

/** Reads what a member typed in the "e-mail or mobile number" field; hyphens and spaces in a number are ignored. */
export function parseIdentifier(input: string): Identifier | undefined {
  const trimmed = input.trim();
  const digits = normalizePhone(trimmed);
  if (/^\d+$/.test(digits))
    return mobileSchema.safeParse(digits).success ? { kind: "phone", value: digits } : undefined;
  const email = trimmed.toLowerCase();
  return emailSchema.safeParse(email).success ? { kind: "email", value: email } : undefined;
}

/** Members who signed up with a mobile number get a placeholder address that can never receive mail. */
const PHONE_EMAIL_DOMAIN = "phone.motomate.invalid";
export function phoneAccountEmail(phone: string) {
  return `${phone}@${PHONE_EMAIL_DOMAIN}`;
}
export function isPlaceholderEmail(email: string) {
  return email.endsWith(`@${PHONE_EMAIL_DOMAIN}`) || email.endsWith("@withdrawn.invalid");
}
