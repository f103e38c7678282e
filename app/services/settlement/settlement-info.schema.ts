import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { seoulTime } from "#app/platform/seoul-calendar";
import { emailSchema, normalizePhone } from "../auth/identifiers";
import { checkbox, pageText } from "../form-fields";
import { parseBankAccountNumber } from "../personal-numbers/bank-account";
import { parseResidentNumber } from "../personal-numbers/resident-number";
import type { SettlementCategory } from "#app/db/schema";
import { isBankCode } from "./bank-codes";
import { ADMIN_REASON_MAX, SETTLEMENT_MIN_AGE } from "./settlement-rules";

/**
 * The settlement information's form on /settlement/account and the console's review on /admin/settlement, with the
 * rules both the browser and the service check (spec §5 "Settlement"). Pure: no database, no server code. The
 * account and resident numbers come out as their digits; the page never gets them back after a refusal.
 */

export { ADMIN_REASON_MAX } from "./settlement-rules";

/** The longest account holder's or owner's name taken, in characters. */
export const KOREAN_NAME_MAX = 20;

const issue = (message: MessageKey) => ({ error: message });

/** Hangul syllables only, with spaces allowed between them (not leading or trailing once trimmed). */
const KOREAN_NAME = /^[가-힣]+(?: +[가-힣]+)*$/;

/** A Korean-only name as stored (trimmed, runs of spaces made one), or undefined when it is not one. */
export function parseKoreanName(input: string): string | undefined {
  const name = input.trim();
  if (!KOREAN_NAME.test(name) || [...name].length > KOREAN_NAME_MAX) return undefined;
  return name.replace(/ +/g, " ");
}

/**
 * The tax invoices' mobile number as its digits: 010 then digits, 9 to 12 digits in all (spec §5 and §9); the
 * hyphens and spaces people type are dropped, as in every number field (ADR 017).
 */
export function parseTaxPhone(input: string): string | undefined {
  const digits = normalizePhone(input.trim());
  return /^010\d{6,9}$/.test(digits) ? digits : undefined;
}

/** The tax invoices' e-mail, trimmed and in lower case, or undefined when it is not an address. */
export function parseTaxEmail(input: string): string | undefined {
  const email = input.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : undefined;
}

/** The century a resident number's seventh digit gives (the number was checked by `parseResidentNumber`). */
const centuries: Record<string, number> = { "1": 1900, "2": 1900, "5": 1900, "6": 1900 };

/**
 * The age in full years (만 나이) of the person a valid resident number names, on the Seoul calendar day of `now`:
 * a year more on each birthday, and on 1 March in a common year for those born on 29 February (민법 제160조).
 */
export function ageOn(residentDigits: string, now: Date): number {
  const year = (centuries[residentDigits[6]!] ?? 2000) + Number(residentDigits.slice(0, 2));
  const month = Number(residentDigits.slice(2, 4));
  const day = Number(residentDigits.slice(4, 6));
  const today = seoulTime(now);
  const beforeBirthday = today.month < month || (today.month === month && today.day < day);
  return today.year - year - (beforeBirthday ? 1 : 0);
}

/** Whether the person a valid resident number names may register settlement information today (spec: 15 or older). */
export function isOldEnough(residentDigits: string, now: Date): boolean {
  return ageOn(residentDigits, now) >= SETTLEMENT_MIN_AGE;
}

export interface SettlementFormOptions {
  /** The member's own type's category: shown, not chosen. */
  category: SettlementCategory;
  /** The clock the age is counted on: the server's in the action, the browser's before sending. */
  now: Date;
  /** Whether an account number is stored, so an empty field keeps it. */
  accountOnFile: boolean;
  /** Whether a resident number is stored, so an empty field keeps it. */
  residentOnFile: boolean;
}

const text = (message: MessageKey) => z.string(issue(message));

/**
 * A number field: required, or (with one on file) empty to keep the stored one; the digits when given, refused with
 * `invalid` when they do not read and with the message `refuse` gives, if any, after that.
 */
function numberField(
  parse: (input: string) => string | undefined,
  required: boolean,
  messages: { required: MessageKey; invalid: MessageKey },
  refuse: (digits: string) => MessageKey | null = () => null,
) {
  const given = text(messages.invalid).transform((value, context) => {
    const digits = parse(value);
    const refused = digits === undefined ? messages.invalid : refuse(digits);
    if (refused !== null) {
      context.addIssue({ code: "custom", message: refused });
      return z.NEVER;
    }
    return digits!;
  });
  return required ? z.string(issue(messages.required)).pipe(given) : given.optional();
}

/** A text read by one of the parsers above, refused with `message` when it reads as nothing. */
function parsed(parse: (input: string) => string | undefined, message: MessageKey) {
  return text(message).transform((value, context) => {
    const result = parse(value);
    if (result === undefined) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return result;
  });
}

/**
 * The settlement information's form for a member of `category`: bank, holder and account number for everybody;
 * the resident number (15 or older on `now`'s Seoul day) and the agreement for individuals; the owner's name and
 * the tax invoices' e-mail and mobile number for businesses.
 */
export function settlementInfoSchema(options: SettlementFormOptions) {
  const common = {
    bankCode: text("settlementInfo.error.bank_invalid").refine(
      isBankCode,
      issue("settlementInfo.error.bank_invalid"),
    ),
    holderName: parsed(parseKoreanName, "settlementInfo.error.holder_invalid"),
    accountNumber: numberField(parseBankAccountNumber, !options.accountOnFile, {
      required: "settlementInfo.error.account_required",
      invalid: "settlementInfo.error.account_invalid",
    }),
  };
  if (options.category === "business")
    return z.object({
      ...common,
      ownerName: parsed(parseKoreanName, "settlementInfo.error.owner_invalid"),
      taxEmail: parsed(parseTaxEmail, "settlementInfo.error.email_invalid"),
      taxPhone: parsed(parseTaxPhone, "settlementInfo.error.phone_invalid"),
    });
  return z.object({
    ...common,
    residentNumber: numberField(
      parseResidentNumber,
      !options.residentOnFile,
      {
        required: "settlementInfo.error.resident_required",
        invalid: "settlementInfo.error.resident_invalid",
      },
      (digits) => (isOldEnough(digits, options.now) ? null : "settlementInfo.error.too_young"),
    ),
    agreed: checkbox.refine((agreed) => agreed, issue("settlementInfo.error.agreement_required")),
  });
}

/** Fields never sent back to the page after a refusal: the numbers as typed. */
export const unechoedSettlementFields = ["accountNumber", "residentNumber"];

/** A member's id as a hidden field of the console carries it. */
const memberIdText = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The console's acts on /admin/settlement: a review mark on a member's information, or a password's unlock. */
export const settlementConsoleSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("review"),
      userId: memberIdText,
      verdict: z.enum(["reviewed", "correction"], issue("settlementInfo.error.review_note_required")),
      note: z
        .string()
        .trim()
        .optional()
        .transform((note) => note ?? "")
        .refine(
          (note) => [...note].length <= ADMIN_REASON_MAX,
          issue("settlementInfo.error.review_note_length"),
        ),
    })
    .refine((form) => form.verdict === "reviewed" || form.note !== "", {
      error: "settlementInfo.error.review_note_required",
      path: ["note"],
    }),
  z.object({ intent: z.literal("unlock"), userId: memberIdText }),
]);

/** The console list's address: the page. */
export const settlementListQuerySchema = z.object({ page: pageText.catch(1).default(1) });
