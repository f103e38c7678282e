import type { CouponDiscountKind, MeetingKind } from "#app/db/schema";
import type { CouponErrorCode } from "./errors";

/**
 * The coupon's arithmetic and its rules of use (ADR 060), pure: what a coupon takes off an amount, and whether it
 * may be used on a payment. The services check the same rules against the database.
 */

/**
 * The meeting kinds, as the forms offer them: the database's list, without loading the database's module in the browser
 * (a test holds the two lists equal).
 */
export const couponMeetingKinds = [
  "owner",
  "repair",
  "coaching",
  "rescue",
  "pickup",
] as const satisfies readonly MeetingKind[];
/** The discount kinds, likewise. */
export const discountKinds = ["won", "percent"] as const satisfies readonly CouponDiscountKind[];

/** What a coupon takes off. Amounts are whole won. */
export interface CouponDiscount {
  discountKind: CouponDiscountKind;
  /** Won off, or percent off (1–100). */
  value: number;
  /** Percent only: the most won it takes off; null: no cap. */
  maxDiscount: number | null;
}

/** What a coupon is good for: its discount, the meetings and smallest amount it applies to, and when. */
export interface CouponTerms extends CouponDiscount {
  minAmount: number;
  meetingKinds: readonly MeetingKind[];
  startsAt: Date;
  /** The end of its validity: the coupon's, or for a member's coupon its expiry. */
  endsAt: Date;
}

/**
 * The won a coupon takes off `amount` won: a won coupon its value, a percent coupon `floor(amount × value / 100)`
 * (rounded down, so the platform never gives a fraction of a won more than the percentage) then its cap; never more
 * than the amount itself, so a payment never goes below zero. Whole won in, whole won out.
 */
export function discountOf(coupon: CouponDiscount, amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount of won: ${amount}`);
  // In integers throughout: amount × value may pass 2^53 for absurd amounts, and no float rounds here.
  const off =
    coupon.discountKind === "won" ? coupon.value : Number((BigInt(amount) * BigInt(coupon.value)) / 100n);
  const capped = coupon.maxDiscount === null ? off : Math.min(off, coupon.maxDiscount);
  return Math.min(capped, amount);
}

/** Why a coupon may not be used on a payment of `amount` won for a meeting of `meetingKind` at `at`, or null. */
export type CouponUseRefusal = Extract<
  CouponErrorCode,
  "not_started" | "expired" | "kind_not_covered" | "below_minimum" | "nothing_off"
>;

export function couponRefusal(
  coupon: CouponTerms,
  meetingKind: MeetingKind,
  amount: number,
  at: Date,
): CouponUseRefusal | null {
  if (at.getTime() < coupon.startsAt.getTime()) return "not_started";
  if (at.getTime() >= coupon.endsAt.getTime()) return "expired";
  if (!coupon.meetingKinds.includes(meetingKind)) return "kind_not_covered";
  if (amount < coupon.minAmount) return "below_minimum";
  // A coupon that would take nothing off (a free meeting) is not spent on it.
  if (discountOf(coupon, amount) === 0) return "nothing_off";
  return null;
}

/** Whether the coupon may be used on a payment of `amount` won for a meeting of `meetingKind` at `at`. */
export function couponApplies(
  coupon: CouponTerms,
  meetingKind: MeetingKind,
  amount: number,
  at: Date,
): boolean {
  return couponRefusal(coupon, meetingKind, amount, at) === null;
}

/** A registration code's form: 4–20 upper-case letters and digits. */
export const COUPON_CODE = /^[A-Z0-9]{4,20}$/;

/**
 * A code as typed, the way it is stored: full-width letters and digits made plain (NFKC), letters upper-cased, and
 * the spaces and hyphens people copy along with a code left out. `motomate-2026` and `MOTOMATE 2026` are one code.
 */
export function normaliseCouponCode(typed: string): string {
  return typed
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-_]+/g, "");
}
