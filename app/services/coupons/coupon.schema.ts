import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import { parseSeoulInput } from "#app/platform/seoul-calendar";
import { idText, optionalText, pageText, requiredText } from "../form-fields";
import { COUPON_CODE, couponMeetingKinds, discountKinds, normaliseCouponCode } from "./rules";

/**
 * The coupon forms (ADR 026, ADR 060): a member registering a code on /my/coupon, and the console's forms on
 * /admin/coupons. Parsed by the browser and the action alike; the services check every rule again. Pure: no database.
 */

/** The longest name of a coupon. */
export const COUPON_NAME_MAX = 40;
/** The largest fixed discount, in won. */
export const COUPON_WON_MAX = 10_000_000;
/** The most members one issue names. */
export const ISSUE_MEMBERS_MAX = 100;
/** The longest code field a member may send: longer than any code with spaces, shorter than anything abusive. */
const CODE_FIELD_MAX = 40;

const issue = (message: MessageKey) => ({ error: message });

/** The registration form on /my/coupon: the code as typed (the service normalises it and looks it up). */
export const registerCouponSchema = z.object({
  code: requiredText("coupon.error.code_required").refine(
    (code) => [...code].length <= CODE_FIELD_MAX,
    issue("coupon.error.code_unknown"),
  ),
});

/** A whole number of won (or percent) as the form writes it: plain digits; `message` when it is not one. */
const amountText = (message: MessageKey) =>
  z
    .string(issue(message))
    .trim()
    .regex(/^\d{1,9}$/, issue(message))
    .transform(Number);

/** A field that may be left empty (null), else a whole number. */
const optionalAmount = (message: MessageKey) =>
  amountText(message)
    .optional()
    .transform((amount) => amount ?? null);

/** Ticked boxes of one name: none, one or several. */
const ticked = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), item])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** A moment as the date-time field writes it, in Seoul time; null when it is not one. */
const seoulMoment = optionalText.transform((text) => parseSeoulInput(text));

const createFields = z
  .object({
    intent: z.literal("create"),
    /** The form's one-time token, so a double submit makes one coupon (`submitOnce`). */
    token: optionalText,
    name: requiredText("coupon.error.name_invalid").refine(
      (name) => [...name].length <= COUPON_NAME_MAX,
      issue("coupon.error.name_invalid"),
    ),
    discountKind: z.enum(discountKinds, issue("coupon.error.value_invalid")),
    value: amountText("coupon.error.value_invalid").pipe(
      z
        .number()
        .min(1, issue("coupon.error.value_invalid"))
        .max(COUPON_WON_MAX, issue("coupon.error.value_invalid")),
    ),
    maxDiscount: optionalAmount("coupon.error.cap_invalid"),
    minAmount: optionalAmount("coupon.error.minimum_invalid").transform((amount) => amount ?? 0),
    meetingKinds: ticked(z.enum(couponMeetingKinds, issue("coupon.error.kinds_required"))).pipe(
      z.array(z.enum(couponMeetingKinds)).min(1, issue("coupon.error.kinds_required")),
    ),
    startsAt: seoulMoment,
    endsAt: seoulMoment,
    quantity: optionalAmount("coupon.error.quantity_invalid"),
    code: optionalText.transform((code) => (code.trim() === "" ? null : normaliseCouponCode(code))),
  })
  .superRefine((form, context) => {
    const refuse = (path: string, message: MessageKey) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (form.discountKind === "percent" && form.value > 100) refuse("value", "coupon.error.percent_invalid");
    if (form.discountKind === "percent" && form.maxDiscount === 0)
      refuse("maxDiscount", "coupon.error.cap_invalid");
    if (!form.startsAt || !form.endsAt || form.endsAt <= form.startsAt)
      refuse("endsAt", "coupon.error.period_invalid");
    if (form.quantity === 0) refuse("quantity", "coupon.error.quantity_invalid");
    if (form.code !== null && !COUPON_CODE.test(form.code)) refuse("code", "coupon.error.code_format");
  });

/** The console's forms on /admin/coupons: make a coupon, end one early, issue one to members. */
export const couponConsoleSchema = z.discriminatedUnion("intent", [
  createFields,
  z.object({ intent: z.literal("end"), couponId: idText }),
  z.object({
    intent: z.literal("issue"),
    couponId: idText,
    members: requiredText("coupon.error.members_required")
      .transform((text) => [...new Set(text.split(/[\s,]+/).filter(Boolean))])
      .refine((names) => names.length <= ISSUE_MEMBERS_MAX, issue("coupon.error.members_too_many")),
  }),
]);

export type CouponConsoleForm = z.output<typeof couponConsoleSchema>;

/** The console's list, read from the page's address. */
export const couponListQuerySchema = z.object({ page: pageText.catch(1).default(1) });

/** The member's coupon box, read from the page's address: which group, and the page. */
export const couponBoxGroups = ["usable", "used", "expired"] as const;
export type CouponBoxGroup = (typeof couponBoxGroups)[number];

export const couponBoxQuerySchema = z.object({
  tab: z.enum(couponBoxGroups).catch("usable").default("usable"),
  page: pageText.catch(1).default(1),
});
