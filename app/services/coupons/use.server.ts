import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { coupon, memberCoupon, type MeetingKind } from "#app/db/schema";
import { executor, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { couponRefusal, discountOf } from "./rules";

/*
 * Coupons on a payment (ADR 060): which of the member's coupons may be used on it, using one inside the payment's
 * unit of work, and giving it back when the payment is undone. A use is one guarded statement (`used_at is null`),
 * so a coupon is used exactly once however many payments race for it.
 */

/** The longest `used_for` a caller may write (`payment:<id>` and the like). */
const USED_FOR_MAX = 100;

function checkUsedFor(usedFor: string) {
  if (usedFor.trim() === "" || usedFor.length > USED_FOR_MAX)
    throw new RangeError(`used_for must be 1–${USED_FOR_MAX} characters`);
}

const termsColumns = {
  couponId: coupon.id,
  name: coupon.name,
  discountKind: coupon.discountKind,
  value: coupon.value,
  maxDiscount: coupon.maxDiscount,
  minAmount: coupon.minAmount,
  meetingKinds: coupon.meetingKinds,
  startsAt: coupon.startsAt,
};

export interface UsableCoupon {
  memberCouponId: number;
  couponId: number;
  name: string;
  /** The won it would take off this amount. */
  discount: number;
  expiresAt: Date;
}

/**
 * The member's coupons that may be used on a payment of `amount` won for a meeting of `meetingKind` at `at`, each
 * with what it would take off: the largest discount first, then the soonest to expire.
 */
export async function usableCouponsFor(
  source: DatabaseOrUnit,
  member: Actor,
  meetingKind: MeetingKind,
  amount: number,
  at: Date,
): Promise<UsableCoupon[]> {
  const rows = await executor(source)
    .select({ memberCouponId: memberCoupon.id, expiresAt: memberCoupon.expiresAt, ...termsColumns })
    .from(memberCoupon)
    .innerJoin(coupon, eq(coupon.id, memberCoupon.couponId))
    .where(
      and(eq(memberCoupon.memberId, member.id), isNull(memberCoupon.usedAt), gt(memberCoupon.expiresAt, at)),
    )
    .orderBy(asc(memberCoupon.expiresAt), asc(memberCoupon.id));
  return rows
    .filter((row) => couponRefusal({ ...row, endsAt: row.expiresAt }, meetingKind, amount, at) === null)
    .map((row) => ({
      memberCouponId: row.memberCouponId,
      couponId: row.couponId,
      name: row.name,
      discount: discountOf(row, amount),
      expiresAt: row.expiresAt,
    }))
    .sort((a, b) => b.discount - a.discount || a.expiresAt.getTime() - b.expiresAt.getTime());
}

export interface UsedCoupon {
  memberCouponId: number;
  couponId: number;
  /** The won it takes off the amount. */
  discount: number;
}

/**
 * Uses the member's coupon on a payment, inside the payment's unit of work, and answers the discount. Refused when it
 * is not the member's, already used, not yet valid or expired, or does not apply to the meeting or the amount. The
 * use is one conditional update (`used_at is null`): of any number of concurrent uses exactly one succeeds and the
 * others are told it is already used. Rolled back with the payment's unit if that fails.
 */
export async function redeemCoupon(
  uow: UnitOfWork,
  memberCouponId: number,
  member: Actor,
  use: { meetingKind: MeetingKind; amount: number; usedFor: string },
): Promise<UsedCoupon> {
  checkUsedFor(use.usedFor);
  const [row] = await uow.tx
    .select({ usedAt: memberCoupon.usedAt, expiresAt: memberCoupon.expiresAt, ...termsColumns })
    .from(memberCoupon)
    .innerJoin(coupon, eq(coupon.id, memberCoupon.couponId))
    .where(and(eq(memberCoupon.id, memberCouponId), eq(memberCoupon.memberId, member.id)));
  if (!row) throw new DomainError("coupon", "not_found");
  if (row.usedAt) throw new DomainError("coupon", "already_used");
  const refusal = couponRefusal({ ...row, endsAt: row.expiresAt }, use.meetingKind, use.amount, uow.now);
  if (refusal)
    throw new DomainError(
      "coupon",
      refusal,
      refusal === "below_minimum" ? { params: { minimum: row.minAmount } } : undefined,
    );
  const discount = discountOf(row, use.amount);
  const [used] = await uow.tx
    .update(memberCoupon)
    .set({ usedAt: uow.now, usedFor: use.usedFor, discount })
    .where(
      and(
        eq(memberCoupon.id, memberCouponId),
        eq(memberCoupon.memberId, member.id),
        isNull(memberCoupon.usedAt),
        gt(memberCoupon.expiresAt, uow.now),
      ),
    )
    .returning({ id: memberCoupon.id });
  if (!used) throw new DomainError("coupon", "already_used");
  return { memberCouponId, couponId: row.couponId, discount };
}

/** What became of a coupon given back: usable again, left used (expired meanwhile), or not used for that. */
export type RestoreOutcome = "restored" | "expired" | "not_used";

/**
 * Gives back a coupon used for `usedFor` (a payment cancelled or refunded), inside that unit of work. Only while it
 * is still valid: a coupon that expired meanwhile stays used, since a restored one could never be used again and
 * the box would show a coupon that was never spent. A coupon not used for `usedFor` is left alone, so undoing one
 * payment never frees a coupon another payment used; giving back twice changes nothing the second time.
 */
export async function restoreCoupon(
  uow: UnitOfWork,
  memberCouponId: number,
  usedFor: string,
): Promise<RestoreOutcome> {
  checkUsedFor(usedFor);
  const [restored] = await uow.tx
    .update(memberCoupon)
    .set({ usedAt: null, usedFor: null, discount: null })
    .where(
      and(
        eq(memberCoupon.id, memberCouponId),
        eq(memberCoupon.usedFor, usedFor),
        gt(memberCoupon.expiresAt, uow.now),
      ),
    )
    .returning({ id: memberCoupon.id });
  if (restored) return "restored";
  const [row] = await uow.tx
    .select({ usedFor: memberCoupon.usedFor })
    .from(memberCoupon)
    .where(eq(memberCoupon.id, memberCouponId));
  return row?.usedFor === usedFor ? "expired" : "not_used";
}
