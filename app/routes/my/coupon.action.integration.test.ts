import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberCoupon } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { makeCoupon } from "#tests/setup/coupons";
import {
  callAction,
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./coupon";

// Near the system clock: the authentication library reads sessions by it.
const clock = new FixedClock(new Date());
let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

const register = (as: SignedInMember | null, code: string, language = "") =>
  callAction(page.action, { path: `${language}/my/coupon`, form: { code }, as });

const box = async (as: SignedInMember, query = "") => {
  const loaded = await callLoader(page.loader, { path: `/my/coupon${query}`, as });
  expect(loaded.outcome).toBe("done");
  return loaded.data as {
    counts: Record<string, number>;
    rows: { name: string; issuerNickname: string | null; expiresAt: string; instanceCode: string }[];
  };
};

const heldBy = (who: SignedInMember) =>
  runtime.db.select().from(memberCoupon).where(eq(memberCoupon.memberId, who.id));

describe("/my/coupon", () => {
  it("is for signed-in members, each seeing their own coupons", async () => {
    const made = await makeCoupon(runtime.db, clock, callers.admin.actor, { name: "정비 5천원" });
    for (const [as, outcome] of [
      [null, "sign-in"],
      [callers.firstLogin, "first-login"],
      [callers.adminWithoutTwoFactor, "two-step"],
    ] as const) {
      expect((await callLoader(page.loader, { path: "/my/coupon", as })).outcome).toBe(outcome);
      expect((await register(as, made.code!)).outcome).toBe(outcome);
    }
    expect(await heldBy(callers.firstLogin)).toEqual([]);

    const registered = await register(callers.owner, made.code!.toLowerCase());
    expect(registered).toMatchObject({ outcome: "done", location: "/my/coupon", flashed: true });
    const mine = await box(callers.owner);
    expect(mine.counts).toEqual({ usable: 1, used: 0, expired: 0 });
    expect(mine.rows).toMatchObject([{ name: "정비 5천원", issuerNickname: callers.admin.nickname }]);
    expect(mine.rows[0]!.instanceCode).toMatch(/^C-\d{6}$/);
    expect((await box(callers.other)).rows).toEqual([]);
    expect((await box(callers.owner, "?tab=used")).rows).toEqual([]);
    // An address that is not what it should be reads as the first page of usable coupons.
    expect((await box(callers.owner, "?tab=nope&page=-1")).rows).toHaveLength(1);

    // One per member: the other member gets it too, the owner not twice.
    expect((await register(callers.other, made.code!)).outcome).toBe("done");
    expect(await heldBy(callers.other)).toHaveLength(1);
  });

  it("refuses in the reader's language and keeps the code as typed", async () => {
    const made = await makeCoupon(runtime.db, clock, callers.admin.actor);
    await register(callers.owner, made.code!);
    const again = await register(callers.owner, ` ${made.code!} `);
    expect(again).toMatchObject({
      outcome: "invalid",
      status: 409,
      data: {
        error: { code: "already_received", message: "이미 받은 쿠폰입니다." },
        lastResult: { initialValue: { code: ` ${made.code!} ` } },
      },
    });
    const unknown = await register(callers.owner, "NOPE-1234", "/en");
    expect(unknown).toMatchObject({
      status: 404,
      data: {
        error: { code: "code_unknown", message: "Check the coupon code." },
        lastResult: { initialValue: { code: "NOPE-1234" } },
      },
    });
    const empty = await register(callers.owner, "  ");
    expect(empty).toMatchObject({
      status: 400,
      data: { lastResult: { error: { code: ["coupon.error.code_required"] } } },
    });
    expect((await heldBy(callers.owner)).filter((held) => held.couponId === made.id)).toHaveLength(1);
  });

  it("sends an English page back to the English page", async () => {
    const made = await makeCoupon(runtime.db, clock, callers.admin.actor);
    expect(await register(callers.other, made.code!, "/en")).toMatchObject({
      outcome: "done",
      location: "/en/my/coupon",
    });
  });
});
