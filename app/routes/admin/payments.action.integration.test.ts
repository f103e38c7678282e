import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAudit, job, paymentOrder } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { MINUTE_MS, seoulDay } from "#app/platform/seoul-calendar";
import type { ReconcileReport } from "#app/services/payments/reconcile.server";
import { payingMeeting, payThroughLocalGateway } from "#tests/setup/payments";
import {
  auditActsOn,
  callAction,
  callLoader,
  refusedCallers,
  signUpCallers,
  startRouteRuntime,
  steppedUp,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./payments";

// Near the system clock: the authentication library reads sessions by it.
const clock = new FixedClock(new Date());
let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
});

const post = (as: SignedInMember | null, form: Record<string, string>, language = "") =>
  callAction(page.action, { path: `${language}/admin/payments`, form, as });

/** A meeting paid with `card` through the runtime's (local) gateway; its order. */
async function paidOrder(card: "approves" | "timesOut") {
  const { db, payments } = runtime;
  const { meetingId, requester } = await payingMeeting(db, clock, { amount: 40_000 });
  await payThroughLocalGateway(db, clock, payments, requester, meetingId, { card });
  const [order] = await db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId));
  return order!;
}

describe("the console's payments page", () => {
  it("refuses everybody without manage:money, and sends money staff to the step-up first", async () => {
    const day = seoulDay(clock.now());
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await callLoader(page.loader, { path: "/admin/payments", as })).outcome, who).toBe(outcome);
      expect((await post(as, { day })).outcome, who).toBe(outcome);
    }
    for (const as of [callers.admin, callers.finance]) {
      expect((await callLoader(page.loader, { path: "/admin/payments", as })).location).toBe(
        "/admin/step-up?redirectTo=%2Fadmin%2Fpayments",
      );
      expect((await post(as, { day })).location).toMatch(/^\/admin\/step-up\?/);
    }
    expect(await auditActsOn(runtime, "payment_day", day)).toEqual([]);
  });

  it("lists the payments, reconciles a day on the audit log and finishes an order stuck confirming", async () => {
    const fine = await paidOrder("approves");
    const stuck = await paidOrder("timesOut");
    // Its settle job never ran (as if every worker had been down): the reconciliation asks the gateway itself.
    await runtime.db
      .update(job)
      .set({ status: "cancelled" })
      .where(eq(job.dedupeKey, `payment-order-settle:${stuck.id}`));
    clock.advance(20 * MINUTE_MS);
    const finance = await steppedUp(runtime, callers.finance, clock);
    const administrator = await steppedUp(runtime, callers.admin, clock);

    const listed = await callLoader(page.loader, { path: "/admin/payments", as: finance });
    expect(listed.outcome).toBe("done");
    const rows = (listed.data as { rows: { orderId: string; status: string; amount: number }[] }).rows;
    expect(rows.slice(0, 2)).toMatchObject([
      { orderId: stuck.orderId, status: "confirming", amount: 40_000 },
      { orderId: fine.orderId, status: "paid", amount: 40_000 },
    ]);

    const day = seoulDay(clock.now());
    const ran = await post(administrator, { day }, "/en");
    expect(ran.outcome).toBe("done");
    const { report } = ran.data as { report: ReconcileReport };
    expect(report.day).toBe(day);
    expect(report.mismatches).toEqual([
      expect.objectContaining({ kind: "stuck_confirming", orderId: stuck.orderId, fixed: "paid" }),
    ]);
    const [settled] = await runtime.db.select().from(paymentOrder).where(eq(paymentOrder.id, stuck.id));
    expect(settled!.status).toBe("paid");
    const [act] = await runtime.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, day))
      .then((acts) => acts.filter((one) => one.action === "payment.reconcile.run"));
    expect(act).toMatchObject({
      adminId: callers.admin.id,
      role: "admin",
      subjectKind: "payment_day",
      after: { fixed: 1, mismatches: 0 },
    });

    const again = await post(finance, { day });
    expect((again.data as { report: ReconcileReport }).report.mismatches).toEqual([]);
    expect(await auditActsOn(runtime, "payment_day", day)).toEqual([
      { action: "payment.reconcile.run", adminId: callers.admin.id, role: "admin" },
      { action: "payment.reconcile.run", adminId: finance.id, role: "finance" },
    ]);
  });

  it("refuses a day that is not one, in the page's language", async () => {
    const finance = await steppedUp(runtime, callers.finance, clock);
    expect(await post(finance, { day: "2026-13-01" }, "/en")).toMatchObject({
      status: 400,
      data: { error: { code: "day_invalid", message: "Enter the date as YYYY-MM-DD." }, day: "2026-13-01" },
    });
    expect(await post(finance, {})).toMatchObject({
      status: 400,
      data: { error: { code: "day_invalid", message: "날짜를 YYYY-MM-DD 형식으로 입력해 주세요." } },
    });
    expect(await auditActsOn(runtime, "payment_day", "2026-13-01")).toEqual([]);
  });
});
