import { count, eq, like } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { coupon, member, memberCoupon } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

/** The demo's repair coupon: its code, which any member may register on /my/coupon (listed in ADR 060). */
export const DEMO_COUPON_CODE = "REPAIR2026";

/**
 * The platform's repair coupon, one per member (product spec, limits: "Repair coupon: one use per person"): 5,000
 * won off a repair of 20,000 won or more, valid for a year, given to every demo member and open to anybody else with
 * its code. Made by the platform (no issuing administrator). Needs the demo members and a database with no coupon
 * yet; answers how many coupons it made.
 */
export async function seedDemoCoupons(db: Database, clock: Clock): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(coupon);
  if ((existing?.n ?? 0) > 0) return 0;
  const riders = await db
    .select({ id: member.id })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  if (riders.length === 0) return 0;
  return runInTransaction(db, clock, async (uow) => {
    const endsAt = new Date(uow.now.getTime() + 365 * DAY_MS);
    const [made] = await uow.tx
      .insert(coupon)
      .values({
        name: "정비 첫 이용 쿠폰",
        discountKind: "won",
        value: 5_000,
        minAmount: 20_000,
        meetingKinds: ["repair"],
        // Valid from a month ago: a demo payment of the day before uses it.
        startsAt: new Date(uow.now.getTime() - 30 * DAY_MS),
        endsAt,
        code: DEMO_COUPON_CODE,
        createdAt: uow.now,
        updatedAt: uow.now,
      })
      .returning({ id: coupon.id });
    await uow.tx.insert(memberCoupon).values(
      riders.map((rider) => ({
        couponId: made!.id,
        memberId: rider.id,
        issuedAt: new Date(uow.now.getTime() - 30 * DAY_MS),
        expiresAt: endsAt,
      })),
    );
    await uow.tx.update(coupon).set({ issuedCount: riders.length }).where(eq(coupon.id, made!.id));
    return 1;
  });
}
