import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { adminAudit, coupon, memberCoupon, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import { freshCode, makeCoupon, outcome } from "#tests/setup/coupons";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { couponState, endCoupon, issueCoupon, listConsoleCoupons, type CouponInput } from "./console.server";

let db: Database;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));
let admin: TestMember;
let finance: TestMember;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  admin = await insertAdmin(db);
  finance = await insertMember(db, { role: "finance", twoFactorEnabled: true });
});

const auditOf = (couponId: number) =>
  db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, "coupon"), eq(adminAudit.subjectId, String(couponId))))
    .orderBy(adminAudit.id);

const stored = async (id: number) => (await db.select().from(coupon).where(eq(coupon.id, id)))[0]!;

describe("making a coupon", () => {
  it("stores the coupon with its normalised code and records the act", async () => {
    const code = freshCode();
    const made = await makeCoupon(db, clock, finance, {
      name: "  가을 정비 10% ",
      discountKind: "percent",
      value: 10,
      maxDiscount: 7_000,
      meetingKinds: ["coaching", "repair"],
      quantity: 50,
      code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`,
    });
    const row = await stored(made.id);
    expect(row).toMatchObject({
      name: "가을 정비 10%",
      discountKind: "percent",
      value: 10,
      maxDiscount: 7_000,
      minAmount: 20_000,
      meetingKinds: ["repair", "coaching"],
      quantity: 50,
      issuedCount: 0,
      code,
      issuerId: finance.id,
      endedAt: null,
    });
    const [act] = await auditOf(made.id);
    expect(act).toMatchObject({ action: "coupon.create", adminId: finance.id, role: "finance" });
    expect(act!.after).toMatchObject({ name: "가을 정비 10%", value: 10, code });
  });

  it("keeps no cap on a won coupon", async () => {
    const made = await makeCoupon(db, clock, admin, { maxDiscount: 3_000 });
    expect((await stored(made.id)).maxDiscount).toBeNull();
  });

  it.each([
    [{ name: " " }, "coupon.name_invalid"],
    [{ name: "가".repeat(41) }, "coupon.name_invalid"],
    [{ value: 0 }, "coupon.value_invalid"],
    [{ value: 1.5 }, "coupon.value_invalid"],
    [{ value: 10_000_001 }, "coupon.value_invalid"],
    [{ discountKind: "percent" as const, value: 101 }, "coupon.percent_invalid"],
    [{ discountKind: "percent" as const, value: 10, maxDiscount: 0 }, "coupon.cap_invalid"],
    [{ minAmount: -1 }, "coupon.minimum_invalid"],
    [{ meetingKinds: [] }, "coupon.kinds_required"],
    [{ meetingKinds: ["repair", "towing" as "rescue"] }, "coupon.kinds_required"],
    [{ startsAt: null }, "coupon.period_invalid"],
    [{ endsAt: new Date("2026-06-14T00:00:00Z") }, "coupon.period_invalid"],
    [
      { startsAt: new Date("2026-06-01T00:00:00Z"), endsAt: new Date("2026-06-10T00:00:00Z") },
      "coupon.period_invalid",
    ],
    [{ quantity: 0 }, "coupon.quantity_invalid"],
    [{ code: "AB1" }, "coupon.code_format"],
    [{ code: "쿠폰코드1234" }, "coupon.code_format"],
  ] satisfies [Partial<CouponInput>, string][])("refuses %o: %s", async (overrides, refusal) => {
    expect(await outcome(makeCoupon(db, clock, admin, overrides))).toBe(refusal);
  });

  it("refuses a code another coupon has, in any letter case", async () => {
    const { code } = await makeCoupon(db, clock, admin);
    expect(await outcome(makeCoupon(db, clock, admin, { code: code!.toLowerCase() }))).toBe(
      "coupon.code_taken",
    );
  });

  it("is for staff who handle money only, and records nothing refused", async () => {
    const moderator = await insertMember(db, { role: "moderator", twoFactorEnabled: true });
    const withoutTwoStep = await insertMember(db, { role: "admin" });
    const member = await insertMember(db);
    for (const actor of [moderator, withoutTwoStep, member, null])
      expect(await outcome(makeCoupon(db, clock, actor as TestMember))).toBe("coupon.forbidden");
    expect(await db.select().from(adminAudit).where(eq(adminAudit.adminId, moderator.id))).toEqual([]);
  });
});

describe("ending a coupon early", () => {
  it("ends it now, records it, and refuses to end it again", async () => {
    const made = await makeCoupon(db, clock, admin);
    await endCoupon(db, clock, finance, { couponId: made.id });
    const row = await stored(made.id);
    expect(row.endedAt).toEqual(clock.now());
    expect(couponState(row, clock.now())).toBe("ended");
    expect((await auditOf(made.id)).map((act) => act.action)).toEqual(["coupon.create", "coupon.end"]);
    expect(await outcome(endCoupon(db, clock, admin, { couponId: made.id }))).toBe("coupon.ended");
    expect(await outcome(endCoupon(db, clock, admin, { couponId: 2_000_000_000 }))).toBe("coupon.not_found");
  });

  it("refuses a coupon whose validity is already over", async () => {
    const made = await makeCoupon(db, clock, admin, { endsAt: new Date(clock.now().getTime() + DAY_MS) });
    const later = new FixedClock(new Date(clock.now().getTime() + 2 * DAY_MS));
    expect(await outcome(endCoupon(db, later, admin, { couponId: made.id }))).toBe("coupon.ended");
    expect(couponState(await stored(made.id), later.now())).toBe("expired");
  });
});

describe("issuing a coupon to members", () => {
  it("gives it by nickname or id, skips members who hold it, and counts both", async () => {
    const [a, b, c] = [await insertMember(db), await insertMember(db), await insertMember(db)];
    const made = await makeCoupon(db, clock, admin, { quantity: 10 });
    expect(
      await issueCoupon(db, clock, finance, { couponId: made.id, members: [a.nickname.toUpperCase(), b.id] }),
    ).toEqual({ issued: 2, skipped: 0 });
    expect(
      await issueCoupon(db, clock, finance, { couponId: made.id, members: [a.id, b.nickname, c.nickname] }),
    ).toEqual({ issued: 1, skipped: 2 });
    expect((await stored(made.id)).issuedCount).toBe(3);
    const held = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));
    expect(held.map((row) => row.memberId).sort()).toEqual([a.id, b.id, c.id].sort());
    for (const row of held)
      expect(row).toMatchObject({
        expiresAt: (await stored(made.id)).endsAt,
        usedAt: null,
        issuedAt: clock.now(),
      });
    // Each member given it is told once, by the platform.
    const told = await db
      .select({
        recipientId: notification.recipientId,
        actorId: notification.actorId,
        params: notification.params,
        link: notification.link,
      })
      .from(notification)
      .where(eq(notification.type, "coupon"));
    expect(told.filter((one) => [a.id, b.id, c.id].includes(one.recipientId))).toEqual(
      expect.arrayContaining(
        [a, b, c].map((one) => ({
          recipientId: one.id,
          actorId: null,
          params: { title: "정비 쿠폰" },
          link: "/my/coupon",
        })),
      ),
    );
    expect(told.filter((one) => [a.id, b.id, c.id].includes(one.recipientId))).toHaveLength(3);
    const acts = (await auditOf(made.id)).filter((act) => act.action === "coupon.issue");
    expect(acts.map((act) => act.after)).toEqual([
      { issued: 2, skipped: 0, members: expect.arrayContaining([a.id, b.id]) },
      { issued: 1, skipped: 2, members: [c.id] },
    ]);
  });

  it("refuses unknown names, naming them, and gives nobody the coupon", async () => {
    const a = await insertMember(db);
    const made = await makeCoupon(db, clock, admin);
    const refused = issueCoupon(db, clock, admin, {
      couponId: made.id,
      members: [a.nickname, "없는회원", "ghost"],
    });
    await expect(refused).rejects.toMatchObject({
      code: "members_not_found",
      params: { names: "없는회원, ghost" },
    });
    expect(await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id))).toEqual([]);
  });

  it("refuses more members than are left, saying how many are", async () => {
    const members = [await insertMember(db), await insertMember(db), await insertMember(db)];
    const made = await makeCoupon(db, clock, admin, { quantity: 2 });
    await expect(
      issueCoupon(db, clock, admin, { couponId: made.id, members: members.map((one) => one.id) }),
    ).rejects.toMatchObject({ code: "not_enough_left", params: { remaining: 2 } });
    expect(
      await issueCoupon(db, clock, admin, {
        couponId: made.id,
        members: members.slice(0, 2).map((one) => one.id),
      }),
    ).toEqual({ issued: 2, skipped: 0 });
    // Holders are skipped before the count: naming them again takes nothing.
    expect(await issueCoupon(db, clock, admin, { couponId: made.id, members: [members[0]!.id] })).toEqual({
      issued: 0,
      skipped: 1,
    });
    expect(
      await outcome(issueCoupon(db, clock, admin, { couponId: made.id, members: [members[2]!.id] })),
    ).toBe("coupon.not_enough_left");
  });

  it("refuses a coupon that has ended or not started, an empty list and too long a one", async () => {
    const a = await insertMember(db);
    const ended = await makeCoupon(db, clock, admin);
    await endCoupon(db, clock, admin, { couponId: ended.id });
    expect(await outcome(issueCoupon(db, clock, admin, { couponId: ended.id, members: [a.id] }))).toBe(
      "coupon.ended",
    );
    const later = await makeCoupon(db, clock, admin, {
      startsAt: new Date(clock.now().getTime() + DAY_MS),
      endsAt: new Date(clock.now().getTime() + 9 * DAY_MS),
    });
    expect(await outcome(issueCoupon(db, clock, admin, { couponId: later.id, members: [a.id] }))).toBe(
      "coupon.not_started",
    );
    expect(await outcome(issueCoupon(db, clock, admin, { couponId: later.id, members: [" "] }))).toBe(
      "coupon.members_required",
    );
    const many = Array.from({ length: 101 }, (_, i) => `rider${i}`);
    expect(await outcome(issueCoupon(db, clock, admin, { couponId: later.id, members: many }))).toBe(
      "coupon.members_too_many",
    );
    const moderator = await insertMember(db, { role: "moderator", twoFactorEnabled: true });
    expect(await outcome(issueCoupon(db, clock, moderator, { couponId: later.id, members: [a.id] }))).toBe(
      "coupon.forbidden",
    );
  });
});

describe("the console's list", () => {
  it("shows the newest first with holders, uses, issuer and state", async () => {
    const made = await makeCoupon(db, clock, finance, { name: "목록 쿠폰", quantity: 5 });
    const member = await insertMember(db);
    await issueCoupon(db, clock, finance, { couponId: made.id, members: [member.id] });
    const { rows } = await listConsoleCoupons(db, clock, admin, { page: 1 });
    expect(rows[0]).toMatchObject({
      id: made.id,
      name: "목록 쿠폰",
      quantity: 5,
      issuedCount: 1,
      usedCount: 0,
      issuerNickname: finance.nickname,
      state: "active",
    });
    expect(await outcome(listConsoleCoupons(db, clock, await insertMember(db), { page: 1 }))).toBe(
      "coupon.forbidden",
    );
  });

  it("tells a coupon not started yet", () => {
    const now = clock.now();
    expect(
      couponState(
        { startsAt: new Date(now.getTime() + 1), endsAt: new Date(now.getTime() + DAY_MS), endedAt: null },
        now,
      ),
    ).toBe("scheduled");
  });
});

describe("the coupon tables", () => {
  it("refuse amounts and kinds the rules do not allow, whatever writes them", async () => {
    const base = {
      name: "x",
      discountKind: "won" as const,
      value: 1_000,
      meetingKinds: ["repair" as const],
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + DAY_MS),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    };
    const insert = (values: Partial<typeof coupon.$inferInsert>) =>
      outcome(db.insert(coupon).values({ ...base, ...values }));
    expect(await insert({})).toBe("ok");
    for (const values of [
      { discountKind: "free" as "won" },
      { value: -1 },
      { discountKind: "percent" as const, value: 120 },
      { maxDiscount: 1_000 },
      { minAmount: -5 },
      { meetingKinds: [] },
      { meetingKinds: ["towing" as "repair"] },
      { endsAt: base.startsAt },
      { quantity: 1, issuedCount: 2 },
      { code: "lower1234" },
    ])
      expect(await insert(values), JSON.stringify(values)).not.toBe("ok");
  });
});
