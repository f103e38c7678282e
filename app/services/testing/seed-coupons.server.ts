import { coupon, memberCoupon, meetingKinds, type MeetingKind } from "#app/db/schema";
import { DAY_MS } from "#app/platform/seoul-calendar";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";

interface SeedCouponInput {
  memberId: string;
  name: string;
  /** Won off. */
  value: number;
  meetingKinds?: MeetingKind[];
}

interface SeededCoupon {
  couponId: number;
  memberCouponId: number;
}

/**
 * A coupon of `value` won off any amount of the kinds named (all by default), valid from now for 30 days, made by
 * the platform (as the demo's is) and held by one member: what a browser test pays with, without the console's
 * step-up.
 */
export async function seedCoupon(runtime: Runtime, input: SeedCouponInput): Promise<SeededCoupon> {
  return runInTransaction(runtime.db, runtime.clock, async (uow) => {
    const endsAt = new Date(uow.now.getTime() + 30 * DAY_MS);
    const [made] = await uow.tx
      .insert(coupon)
      .values({
        name: input.name,
        discountKind: "won",
        value: input.value,
        minAmount: 0,
        meetingKinds: input.meetingKinds ?? [...meetingKinds],
        startsAt: uow.now,
        endsAt,
        issuedCount: 1,
        createdAt: uow.now,
        updatedAt: uow.now,
      })
      .returning({ id: coupon.id });
    const [held] = await uow.tx
      .insert(memberCoupon)
      .values({ couponId: made!.id, memberId: input.memberId, issuedAt: uow.now, expiresAt: endsAt })
      .returning({ id: memberCoupon.id });
    return { couponId: made!.id, memberCouponId: held!.id };
  });
}
