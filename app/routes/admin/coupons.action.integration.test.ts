import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { coupon, memberCoupon } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DAY_MS, toSeoulInput } from "#app/platform/seoul-calendar";
import { claimSubmission } from "#app/services/content/submit-once.server";
import { freshCode, makeCoupon } from "#tests/setup/coupons";
import {
  auditActsOn,
  callAction,
  callLoader,
  refusedCallers,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  steppedUp,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./coupons";

// Near the system clock: the authentication library reads sessions by it.
const clock = new FixedClock(new Date());
let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

const post = (as: SignedInMember | null, form: Record<string, string | string[]>, language = "") =>
  callAction(page.action, { path: `${language}/admin/coupons`, form, as });

const createForm = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "create",
  token: crypto.randomUUID(),
  name: "가을 정비 쿠폰",
  discountKind: "won",
  value: "5000",
  minAmount: "20000",
  meetingKinds: ["repair", "coaching"],
  startsAt: toSeoulInput(clock.now()),
  endsAt: toSeoulInput(new Date(clock.now().getTime() + 30 * DAY_MS)),
  quantity: "100",
  code: freshCode(),
  ...overrides,
});

const couponByCode = async (code: string) =>
  (await runtime.db.select().from(coupon).where(eq(coupon.code, code)))[0];

describe("the console's coupon page", () => {
  it("refuses everybody without manage:money, and sends money staff to the step-up first", async () => {
    const made = await makeCoupon(runtime.db, clock, callers.admin.actor);
    const acts: Record<string, string | string[]>[] = [
      createForm(),
      { intent: "end", couponId: String(made.id) },
      { intent: "issue", couponId: String(made.id), members: callers.owner.nickname },
    ];
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await callLoader(page.loader, { path: "/admin/coupons", as })).outcome, who).toBe(outcome);
      for (const form of acts) expect((await post(as, form)).outcome, `${who} ${form.intent}`).toBe(outcome);
    }
    // An administrator and a finance operator, without a recent step-up: to /admin/step-up, nothing done.
    for (const as of [callers.admin, callers.finance]) {
      expect((await callLoader(page.loader, { path: "/admin/coupons", as })).location).toBe(
        "/admin/step-up?redirectTo=%2Fadmin%2Fcoupons",
      );
      for (const form of acts) expect((await post(as, form)).location).toMatch(/^\/admin\/step-up\?/);
    }
    expect(await auditActsOn(runtime, "coupon", made.id)).toEqual([
      { action: "coupon.create", adminId: callers.admin.id, role: "admin" },
    ]);
    expect(await runtime.db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id))).toEqual(
      [],
    );
  });

  it("makes a coupon, issues it to members and ends it, each on the audit log", async () => {
    const finance = await steppedUp(runtime, callers.finance, clock);
    const form = createForm({ code: `  ${freshCode().toLowerCase()} ` });
    const made = await post(finance, form);
    expect(made).toMatchObject({ outcome: "done", location: "/admin/coupons", flashed: true });
    const row = (await couponByCode((form.code as string).trim().toUpperCase()))!;
    expect(row).toMatchObject({
      name: "가을 정비 쿠폰",
      discountKind: "won",
      value: 5_000,
      minAmount: 20_000,
      meetingKinds: ["repair", "coaching"],
      quantity: 100,
      issuerId: finance.id,
    });

    const listed = await callLoader(page.loader, { path: "/admin/coupons", as: finance });
    expect(listed.outcome).toBe("done");
    expect((listed.data as { rows: { id: number; state: string }[] }).rows[0]).toMatchObject({
      id: row.id,
      state: "active",
    });

    const rider = await signUpMember(runtime);
    const issued = await post(finance, {
      intent: "issue",
      couponId: String(row.id),
      members: `${rider.nickname}, ${callers.other.id}\n${rider.nickname}`,
    });
    expect(issued).toMatchObject({ outcome: "done", location: "/admin/coupons", flashed: true });
    const holders = await runtime.db.select().from(memberCoupon).where(eq(memberCoupon.couponId, row.id));
    expect(holders.map((one) => one.memberId).sort()).toEqual([rider.id, callers.other.id].sort());

    expect(await post(finance, { intent: "end", couponId: String(row.id) })).toMatchObject({
      outcome: "done",
      flashed: true,
    });
    expect((await couponByCode(row.code!))!.endedAt).not.toBeNull();
    expect(await auditActsOn(runtime, "coupon", row.id)).toEqual([
      { action: "coupon.create", adminId: finance.id, role: "finance" },
      { action: "coupon.issue", adminId: finance.id, role: "finance" },
      { action: "coupon.end", adminId: finance.id, role: "finance" },
    ]);
    // Ended: it can be neither issued nor ended again, and nothing more is recorded.
    const again = await post(finance, { intent: "issue", couponId: String(row.id), members: rider.id });
    expect(again).toMatchObject({ outcome: "invalid", status: 409, data: { error: { code: "ended" } } });
    expect((await post(finance, { intent: "end", couponId: String(row.id) })).status).toBe(409);
    expect(await auditActsOn(runtime, "coupon", row.id)).toHaveLength(3);
  });

  it("answers a refused form with its messages and what was typed, in the page's language", async () => {
    const admin = await steppedUp(runtime, callers.admin, clock);
    const bad = await post(admin, createForm({ name: "", value: "abc", meetingKinds: [], code: "x" }));
    expect(bad.outcome).toBe("invalid");
    const { lastResult } = bad.data as {
      lastResult: { error: Record<string, string[]>; initialValue: object };
    };
    expect(lastResult.error).toMatchObject({
      name: ["coupon.error.name_invalid"],
      value: ["coupon.error.value_invalid"],
      meetingKinds: ["coupon.error.kinds_required"],
    });
    expect(lastResult.initialValue).toMatchObject({ intent: "create", value: "abc", code: "x" });

    const taken = await makeCoupon(runtime.db, clock, admin.actor);
    const duplicate = await post(admin, createForm({ name: "중복", code: taken.code!.toLowerCase() }), "/en");
    expect(duplicate).toMatchObject({
      status: 409,
      data: {
        error: { code: "code_taken", message: "Another coupon already uses this code." },
        lastResult: { initialValue: { name: "중복" } },
      },
    });

    const nobody = await post(admin, { intent: "issue", couponId: String(taken.id), members: "없는사람" });
    expect(nobody).toMatchObject({
      status: 400,
      data: {
        error: { code: "members_not_found", message: "찾을 수 없는 회원이 있습니다: 없는사람" },
        lastResult: { initialValue: { members: "없는사람" } },
      },
    });
    expect(await auditActsOn(runtime, "coupon", taken.id)).toHaveLength(1);

    const forged = await post(admin, { intent: "delete", couponId: String(taken.id) });
    expect(forged).toMatchObject({ status: 400, data: { error: { code: "invalid_access" } } });
  });

  it("makes one coupon when the same form is sent twice, code or none", async () => {
    const finance = await steppedUp(runtime, callers.finance, clock);
    const listed = await callLoader(page.loader, { path: "/admin/coupons", as: finance });
    expect(listed.data).toMatchObject({ token: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const name = `두 번 누른 쿠폰 ${freshCode()}`;
    const form = createForm({ name, code: "" });
    const [first, second] = await Promise.all([post(finance, form), post(finance, form)]);
    expect([first.outcome, second.outcome]).toEqual(["done", "done"]);
    // Sent again later (the browser's back button): still the one coupon.
    expect((await post(finance, form)).outcome).toBe("done");
    const made = await runtime.db.select().from(coupon).where(eq(coupon.name, name));
    expect(made).toHaveLength(1);
    expect(await auditActsOn(runtime, "coupon", made[0]!.id)).toHaveLength(1);
  });

  it("answers a new coupon whose token another process already claimed as made, making nothing more", async () => {
    const admin = await steppedUp(runtime, callers.admin, clock);
    const form = createForm({ name: `다른 곳에서 만든 쿠폰 ${freshCode()}`, code: "" });
    await claimSubmission(runtime.db, { memberId: admin.id, token: form.token as string }, clock.now());
    expect(await post(admin, form)).toMatchObject({ outcome: "done", flashed: true });
    expect(
      await runtime.db
        .select()
        .from(coupon)
        .where(eq(coupon.name, form.name as string)),
    ).toEqual([]);
  });

  it("refuses a new coupon without its form's token, and takes a refused form again once corrected", async () => {
    const admin = await steppedUp(runtime, callers.admin, clock);
    const { token, ...tokenless } = createForm({ name: `토큰 없는 쿠폰 ${freshCode()}` });
    const expired = await post(admin, tokenless, "/en");
    expect(expired).toMatchObject({
      status: 400,
      data: {
        error: {
          code: "submission_token",
          message: "This form has expired. Reload the page and send it again.",
        },
        lastResult: { initialValue: { name: tokenless.name } },
      },
    });

    // A code another coupon has is refused after the token is claimed; the claim goes with the refusal.
    const taken = await makeCoupon(runtime.db, clock, admin.actor);
    expect(await post(admin, { ...tokenless, token, code: taken.code! })).toMatchObject({
      status: 409,
      data: { error: { code: "code_taken" } },
    });
    expect(await post(admin, { ...tokenless, token })).toMatchObject({ outcome: "done", flashed: true });
    expect(
      await runtime.db
        .select()
        .from(coupon)
        .where(eq(coupon.name, tokenless.name as string)),
    ).toHaveLength(1);
  });
});
