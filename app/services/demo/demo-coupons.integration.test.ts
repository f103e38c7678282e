import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupon, member, memberCoupon } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { actorOf } from "#app/services/actor";
import { listCouponBox, registerCoupon } from "#app/services/coupons/box.server";
import { usableCouponsFor } from "#app/services/coupons/use.server";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { DEMO_COUPON_CODE, seedDemoCoupons } from "./demo-coupons.server";
import { seedDemoMembers } from "./demo-members.server";

describe("the demo coupon", () => {
  it("needs the demo members", async () => {
    const { db, clock } = await createTestRuntime();
    expect(await seedDemoCoupons(db, clock)).toBe(0);
    expect(await db.select().from(coupon)).toEqual([]);
  });

  it(
    "is a repair coupon each demo member holds once, and others may register with its code",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const clock = new FixedClock(new Date());
      const runtime = await createTestRuntime({ clock });
      const { db } = runtime;
      const members = await seedDemoMembers(runtime);
      expect(await seedDemoCoupons(db, clock)).toBe(1);
      expect(await seedDemoCoupons(db, clock)).toBe(0);

      const [made] = await db.select().from(coupon);
      expect(made).toMatchObject({
        discountKind: "won",
        meetingKinds: ["repair"],
        code: DEMO_COUPON_CODE,
        issuerId: null,
        issuedCount: members,
      });
      const held = await db.select().from(memberCoupon);
      expect(held).toHaveLength(members);
      expect(new Set(held.map((row) => row.memberId)).size).toBe(members);

      const [rider] = await db.select().from(member).where(eq(member.id, held[0]!.memberId));
      const actor = actorOf({ id: rider!.id, role: "member", twoFactorEnabled: false });
      expect((await listCouponBox(db, clock, actor, { tab: "usable", page: 1 })).rows).toMatchObject([
        { name: "정비 첫 이용 쿠폰", issuerNickname: null },
      ]);
      expect(await usableCouponsFor(db, actor, "repair", 30_000, clock.now())).toMatchObject([
        { discount: 5_000 },
      ]);
      await expect(registerCoupon(db, clock, actor, { code: DEMO_COUPON_CODE })).rejects.toMatchObject({
        code: "already_received",
      });
      const newcomer = await insertMember(db);
      await registerCoupon(db, clock, newcomer, { code: DEMO_COUPON_CODE.toLowerCase() });
      expect((await db.select().from(coupon))[0]!.issuedCount).toBe(members + 1);
    },
  );
});
