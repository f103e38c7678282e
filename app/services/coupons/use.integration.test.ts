import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { memberCoupon } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { makeCoupon, outcome } from "#tests/setup/coupons";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { endCoupon, issueCoupon, type CouponInput } from "./console.server";
import { redeemCoupon, restoreCoupon, usableCouponsFor } from "./use.server";

let db: Database;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));
let admin: TestMember;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  admin = await insertAdmin(db);
});

/** A coupon made and issued to `rider`: answers the rider's coupon's id. */
async function held(rider: TestMember, overrides: Partial<CouponInput> = {}): Promise<number> {
  const made = await makeCoupon(db, clock, admin, overrides);
  await issueCoupon(db, clock, admin, { couponId: made.id, members: [rider.id] });
  const [row] = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));
  return row!.id;
}

const rowOf = async (id: number) => (await db.select().from(memberCoupon).where(eq(memberCoupon.id, id)))[0]!;

const use = (id: number, rider: TestMember, amount = 30_000, usedFor = "payment:1", at = clock) =>
  runInTransaction(db, at, (uow) => redeemCoupon(uow, id, rider, { meetingKind: "repair", amount, usedFor }));

const restore = (id: number, usedFor: string, at = clock) =>
  runInTransaction(db, at, (uow) => restoreCoupon(uow, id, usedFor));

describe("the coupons a payment may use", () => {
  it("lists the member's coupons that apply, the largest discount first, then the soonest to expire", async () => {
    const rider = await insertMember(db);
    const t0 = clock.now().getTime();
    const small = await held(rider, { name: "3천원", value: 3_000, endsAt: new Date(t0 + 3 * DAY_MS) });
    const bigLater = await held(rider, { name: "5천원 늦게", endsAt: new Date(t0 + 20 * DAY_MS) });
    const bigSooner = await held(rider, { name: "5천원 먼저", endsAt: new Date(t0 + 10 * DAY_MS) });
    const percent = await held(rider, {
      name: "10% 최대 4천원",
      discountKind: "percent",
      value: 10,
      maxDiscount: 4_000,
      minAmount: 0,
    });
    await held(rider, { name: "코칭 전용", meetingKinds: ["coaching"] });
    await held(rider, { name: "5만원 이상", minAmount: 50_000 });
    const spent = await held(rider, { name: "사용함" });
    await use(spent, rider);
    await held(rider, { name: "만료", endsAt: new Date(t0 + 1_000) });
    // Ended early: what the member holds stays usable.
    const endedEarly = await held(rider, { name: "조기 종료", value: 1_000, minAmount: 0 });
    const [endedRow] = await db.select().from(memberCoupon).where(eq(memberCoupon.id, endedEarly));
    await endCoupon(db, clock, admin, { couponId: endedRow!.couponId });
    const other = await insertMember(db);
    await held(other, { name: "남의 것" });

    const at = new Date(t0 + 60_000);
    const usable = await usableCouponsFor(db, rider, "repair", 30_000, at);
    expect(usable.map(({ memberCouponId, name, discount }) => ({ memberCouponId, name, discount }))).toEqual([
      { memberCouponId: bigSooner, name: "5천원 먼저", discount: 5_000 },
      { memberCouponId: bigLater, name: "5천원 늦게", discount: 5_000 },
      { memberCouponId: small, name: "3천원", discount: 3_000 },
      { memberCouponId: percent, name: "10% 최대 4천원", discount: 3_000 },
      { memberCouponId: endedEarly, name: "조기 종료", discount: 1_000 },
    ]);
    expect((await usableCouponsFor(db, rider, "repair", 50_000, at)).map((one) => one.name)).toContain(
      "5만원 이상",
    );
    expect((await usableCouponsFor(db, rider, "coaching", 30_000, at)).map((one) => one.name)).toEqual([
      "코칭 전용",
    ]);
    expect(await usableCouponsFor(db, rider, "repair", 0, at)).toEqual([]);
    // Inside a unit of work too.
    await runInTransaction(db, clock, async (uow) => {
      expect(await usableCouponsFor(uow, rider, "repair", 30_000, at)).toHaveLength(5);
    });
  });
});

describe("using a coupon", () => {
  it("marks it used for the payment and answers the discount", async () => {
    const rider = await insertMember(db);
    const id = await held(rider, {
      discountKind: "percent",
      value: 15,
      maxDiscount: null,
      minAmount: 10_000,
    });
    const used = await use(id, rider, 12_345, "payment:41");
    expect(used).toMatchObject({ memberCouponId: id, discount: 1_851 });
    expect(await rowOf(id)).toMatchObject({ usedAt: clock.now(), usedFor: "payment:41", discount: 1_851 });
    expect(await outcome(use(id, rider, 12_345, "payment:42"))).toBe("coupon.already_used");
  });

  it("refuses a coupon that is not the member's, or does not apply, and leaves it unused", async () => {
    const rider = await insertMember(db);
    const id = await held(rider, { minAmount: 20_000, endsAt: new Date(clock.now().getTime() + DAY_MS) });
    expect(await outcome(use(id, await insertMember(db)))).toBe("coupon.not_found");
    expect(await outcome(use(2_000_000_000, rider))).toBe("coupon.not_found");
    await expect(use(id, rider, 19_000)).rejects.toMatchObject({
      code: "below_minimum",
      params: { minimum: 20_000 },
    });
    expect(
      await outcome(
        runInTransaction(db, clock, (uow) =>
          redeemCoupon(uow, id, rider, { meetingKind: "pickup", amount: 30_000, usedFor: "payment:1" }),
        ),
      ),
    ).toBe("coupon.kind_not_covered");
    const tomorrow = new FixedClock(new Date(clock.now().getTime() + DAY_MS));
    expect(await outcome(use(id, rider, 30_000, "payment:1", tomorrow))).toBe("coupon.expired");
    expect(await rowOf(id)).toMatchObject({ usedAt: null, usedFor: null, discount: null });
    await expect(use(id, rider, 30_000, " ")).rejects.toThrow(RangeError);
  });

  it("rolls back with the payment's unit of work", async () => {
    const rider = await insertMember(db);
    const id = await held(rider);
    await expect(
      runInTransaction(db, clock, async (uow) => {
        await redeemCoupon(uow, id, rider, { meetingKind: "repair", amount: 30_000, usedFor: "payment:9" });
        throw new Error("the gateway refused");
      }),
    ).rejects.toThrow("the gateway refused");
    expect((await rowOf(id)).usedAt).toBeNull();
  });

  it("uses a coupon exactly once of 20 payments at once", { tags: ["concurrency"] }, async () => {
    const rider = await insertMember(db);
    const id = await held(rider);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(use(id, rider, 30_000, `payment:${i}`))),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result !== "ok")).toEqual(Array(19).fill("coupon.already_used"));
    const row = await rowOf(id);
    expect(row.usedFor).toBe(`payment:${results.indexOf("ok")}`);
    expect(row.discount).toBe(5_000);
  });
});

describe("giving a coupon back", () => {
  it("makes it usable again for the payment it was used for, once", async () => {
    const rider = await insertMember(db);
    const id = await held(rider);
    await use(id, rider, 30_000, "payment:100");
    expect(await restore(id, "payment:101")).toBe("not_used");
    expect((await rowOf(id)).usedFor).toBe("payment:100");
    expect(await restore(id, "payment:100")).toBe("restored");
    expect(await rowOf(id)).toMatchObject({ usedAt: null, usedFor: null, discount: null });
    expect(await restore(id, "payment:100")).toBe("not_used");
    // Usable again, for another payment.
    expect(await use(id, rider, 30_000, "payment:102")).toMatchObject({ discount: 5_000 });
  });

  it("leaves a coupon used when it expired meanwhile", async () => {
    const rider = await insertMember(db);
    const id = await held(rider, { endsAt: new Date(clock.now().getTime() + DAY_MS) });
    await use(id, rider, 30_000, "payment:200");
    const afterExpiry = new FixedClock(new Date(clock.now().getTime() + 2 * DAY_MS));
    expect(await restore(id, "payment:200", afterExpiry)).toBe("expired");
    expect(await rowOf(id)).toMatchObject({ usedFor: "payment:200", discount: 5_000 });
  });
});
