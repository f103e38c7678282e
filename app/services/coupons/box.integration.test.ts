import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { coupon, memberCoupon } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DAY_MS, HOUR_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { freshCode, makeCoupon, outcome } from "#tests/setup/coupons";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { codeGuesses, instanceCode, listCouponBox, registerCoupon } from "./box.server";
import { endCoupon, issueCoupon } from "./console.server";
import { redeemCoupon } from "./use.server";

let db: Database;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));
let admin: TestMember;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  admin = await insertAdmin(db);
});

const issuedCount = async (id: number) =>
  (await db.select({ n: coupon.issuedCount }).from(coupon).where(eq(coupon.id, id)))[0]!.n;
const holders = (id: number) => db.select().from(memberCoupon).where(eq(memberCoupon.couponId, id));

describe("registering a coupon by its code", () => {
  it("gives the member the coupon until the coupon's end, the code read as the member typed it", async () => {
    const rider = await insertMember(db);
    const made = await makeCoupon(db, clock, admin, { name: "첫 정비 쿠폰" });
    const typed = ` ${made.code!.slice(0, 5).toLowerCase()}-${made.code!.slice(5)} `;
    const registered = await registerCoupon(db, clock, rider, { code: typed });
    expect(registered).toMatchObject({ name: "첫 정비 쿠폰" });
    const [held] = await holders(made.id);
    expect(held).toMatchObject({
      id: registered.memberCouponId,
      memberId: rider.id,
      issuedAt: clock.now(),
      expiresAt: registered.expiresAt,
      usedAt: null,
    });
    expect(await issuedCount(made.id)).toBe(1);
  });

  it("refuses unknown, expired, ended, not started and sold out coupons, each in its words", async () => {
    const rider = await insertMember(db);
    const other = await insertMember(db);
    expect(await outcome(registerCoupon(db, clock, rider, { code: "NOSUCHCODE" }))).toBe(
      "coupon.code_unknown",
    );
    expect(await outcome(registerCoupon(db, clock, rider, { code: "짧" }))).toBe("coupon.code_unknown");
    expect(await outcome(registerCoupon(db, clock, rider, { code: " - " }))).toBe("coupon.code_required");

    const soon = await makeCoupon(db, clock, admin, { endsAt: new Date(clock.now().getTime() + HOUR_MS) });
    const later = new FixedClock(new Date(clock.now().getTime() + HOUR_MS));
    expect(await outcome(registerCoupon(db, later, rider, { code: soon.code! }))).toBe("coupon.expired");

    const ended = await makeCoupon(db, clock, admin);
    await endCoupon(db, clock, admin, { couponId: ended.id });
    expect(await outcome(registerCoupon(db, clock, rider, { code: ended.code! }))).toBe("coupon.expired");

    const upcoming = await makeCoupon(db, clock, admin, {
      startsAt: new Date(clock.now().getTime() + DAY_MS),
      endsAt: new Date(clock.now().getTime() + 9 * DAY_MS),
    });
    expect(await outcome(registerCoupon(db, clock, rider, { code: upcoming.code! }))).toBe(
      "coupon.not_started",
    );

    const one = await makeCoupon(db, clock, admin, { quantity: 1 });
    await registerCoupon(db, clock, other, { code: one.code! });
    expect(await outcome(registerCoupon(db, clock, rider, { code: one.code! }))).toBe("coupon.sold_out");
    expect(await issuedCount(one.id)).toBe(1);
  });

  it("gives each member one: a second registration or an issued one is already received", async () => {
    const rider = await insertMember(db);
    const made = await makeCoupon(db, clock, admin, { quantity: 5 });
    await registerCoupon(db, clock, rider, { code: made.code! });
    expect(await outcome(registerCoupon(db, clock, rider, { code: made.code!.toLowerCase() }))).toBe(
      "coupon.already_received",
    );
    const issued = await makeCoupon(db, clock, admin);
    await issueCoupon(db, clock, admin, { couponId: issued.id, members: [rider.id] });
    expect(await outcome(registerCoupon(db, clock, rider, { code: issued.code! }))).toBe(
      "coupon.already_received",
    );
    expect(await issuedCount(made.id)).toBe(1);
    // Used or expired since, it is still received.
    const [held] = await holders(made.id);
    await runInTransaction(db, clock, (uow) =>
      redeemCoupon(uow, held!.id, rider, { meetingKind: "repair", amount: 30_000, usedFor: "payment:1" }),
    );
    expect(await outcome(registerCoupon(db, clock, rider, { code: made.code! }))).toBe(
      "coupon.already_received",
    );
  });

  it("limits wrong codes per member, counting only codes that name no coupon", async () => {
    const guesser = await insertMember(db);
    const made = await makeCoupon(db, clock, admin);
    for (let i = 0; i < codeGuesses.limit - 1; i++)
      expect(await outcome(registerCoupon(db, clock, guesser, { code: freshCode() }))).toBe(
        "coupon.code_unknown",
      );
    // A real code does not count, whatever its answer.
    await registerCoupon(db, clock, guesser, { code: made.code! });
    expect(await outcome(registerCoupon(db, clock, guesser, { code: made.code! }))).toBe(
      "coupon.already_received",
    );
    expect(await outcome(registerCoupon(db, clock, guesser, { code: freshCode() }))).toBe(
      "coupon.code_unknown",
    );
    // The limit is reached: now even a real code waits, and the member is told for how long.
    const other = await makeCoupon(db, clock, admin);
    await expect(registerCoupon(db, clock, guesser, { code: other.code! })).rejects.toMatchObject({
      code: "too_many_attempts",
      params: { minutes: 60 },
    });
    // Another member is not held back by it, and the window passes.
    expect(await outcome(registerCoupon(db, clock, await insertMember(db), { code: other.code! }))).toBe(
      "ok",
    );
    const nextHour = new FixedClock(new Date(clock.now().getTime() + codeGuesses.windowMs));
    expect(await outcome(registerCoupon(db, nextHour, guesser, { code: other.code! }))).toBe("ok");
  });

  it(
    "gives the last coupon to one of two members registering it at once",
    { tags: ["concurrency"] },
    async () => {
      for (let round = 0; round < 5; round++) {
        const made = await makeCoupon(db, clock, admin, { quantity: 1 });
        const [first, second] = [await insertMember(db), await insertMember(db)];
        const results = await Promise.all([
          outcome(registerCoupon(db, clock, first, { code: made.code! })),
          outcome(registerCoupon(db, clock, second, { code: made.code! })),
        ]);
        expect(results.sort()).toEqual(["coupon.sold_out", "ok"]);
        expect(await holders(made.id)).toHaveLength(1);
        expect(await issuedCount(made.id)).toBe(1);
      }
    },
  );

  it("gives one coupon for a member's concurrent registrations", { tags: ["concurrency"] }, async () => {
    const made = await makeCoupon(db, clock, admin, { quantity: 10 });
    const rider = await insertMember(db);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => outcome(registerCoupon(db, clock, rider, { code: made.code! }))),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(results.filter((result) => result !== "ok")).toEqual(Array(4).fill("coupon.already_received"));
    expect(await holders(made.id)).toHaveLength(1);
    expect(await issuedCount(made.id)).toBe(1);
  });

  it("shares the quantity between registrations and issues at once", { tags: ["concurrency"] }, async () => {
    const made = await makeCoupon(db, clock, admin, { quantity: 3 });
    const riders = await Promise.all(Array.from({ length: 6 }, () => insertMember(db)));
    const results = await Promise.all([
      outcome(issueCoupon(db, clock, admin, { couponId: made.id, members: [riders[0]!.id, riders[1]!.id] })),
      ...riders.slice(2).map((rider) => outcome(registerCoupon(db, clock, rider, { code: made.code! }))),
    ]);
    expect(results.filter((result) => result === "ok").length).toBeGreaterThanOrEqual(1);
    expect(await holders(made.id)).toHaveLength(await issuedCount(made.id));
    expect(await issuedCount(made.id)).toBeLessThanOrEqual(3);
  });
});

describe("the coupon box", () => {
  it("groups the member's coupons into usable, used and expired, with the issuer and expiry", async () => {
    const rider = await insertMember(db);
    const t0 = clock.now().getTime();
    const soonest = await makeCoupon(db, clock, admin, {
      name: "곧 만료",
      endsAt: new Date(t0 + 2 * DAY_MS),
    });
    const later = await makeCoupon(db, clock, admin, {
      name: "나중 만료",
      endsAt: new Date(t0 + 20 * DAY_MS),
    });
    const spent = await makeCoupon(db, clock, admin, { name: "사용함" });
    const gone = await makeCoupon(db, clock, admin, { name: "지남", endsAt: new Date(t0 + HOUR_MS) });
    for (const made of [later, soonest, spent, gone])
      await registerCoupon(db, clock, rider, { code: made.code! });
    const [spentHeld] = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, spent.id));
    await runInTransaction(db, clock, (uow) =>
      redeemCoupon(uow, spentHeld!.id, rider, {
        meetingKind: "repair",
        amount: 25_000,
        usedFor: "payment:7",
      }),
    );
    const now = new FixedClock(new Date(t0 + 2 * HOUR_MS));

    const usable = await listCouponBox(db, now, rider, { tab: "usable", page: 1 });
    expect(usable.counts).toEqual({ usable: 2, used: 1, expired: 1 });
    expect(usable.rows.map((row) => row.name)).toEqual(["곧 만료", "나중 만료"]);
    expect(usable.rows[0]).toMatchObject({
      discountKind: "won",
      value: 5_000,
      minAmount: 20_000,
      meetingKinds: ["repair"],
      issuerNickname: admin.nickname,
      expiresAt: new Date(t0 + 2 * DAY_MS),
      usedAt: null,
      discount: null,
    });
    expect(usable.rows[0]!.instanceCode).toBe(instanceCode(usable.rows[0]!.id));
    expect(instanceCode(42)).toBe("C-000042");

    const used = await listCouponBox(db, now, rider, { tab: "used", page: 1 });
    expect(used.rows).toMatchObject([{ name: "사용함", usedAt: clock.now(), discount: 5_000 }]);
    const expired = await listCouponBox(db, now, rider, { tab: "expired", page: 1 });
    expect(expired.rows).toMatchObject([{ name: "지남", usedAt: null }]);

    // Nobody else sees them.
    const stranger = await listCouponBox(db, now, await insertMember(db), { tab: "usable", page: 1 });
    expect(stranger).toEqual({ rows: [], hasNext: false, counts: { usable: 0, used: 0, expired: 0 } });
  });

  it("comes a page at a time", async () => {
    const rider = await insertMember(db);
    for (let i = 0; i < 21; i++) {
      const made = await makeCoupon(db, clock, admin, { name: `쿠폰 ${i}` });
      await issueCoupon(db, clock, admin, { couponId: made.id, members: [rider.id] });
    }
    const first = await listCouponBox(db, clock, rider, { tab: "usable", page: 1 });
    expect(first.rows).toHaveLength(20);
    expect(first.hasNext).toBe(true);
    const second = await listCouponBox(db, clock, rider, { tab: "usable", page: 2 });
    expect(second.rows).toHaveLength(1);
    expect(second.hasNext).toBe(false);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(21);
  });
});
