import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { earningLine, paymentOrder } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { Runtime } from "#app/platform/runtime.server";
import { memberWithdrawableEarningsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { HOLD_MS } from "#app/services/payments/payment-rules";
import { endedPaidMeeting, localGateway, runPaymentJobs } from "#tests/setup/payments";
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
import * as page from "./earnings";

// Near the system clock: the authentication library reads sessions by it.
const clock = new FixedClock(new Date());
let runtime: Runtime;
let callers: Callers;
let gateway: PaymentGateway;
let provider: SignedInMember;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
  gateway = localGateway(runtime.db, clock);
  provider = await signUpMember(runtime);
});

/** A paid meeting that ended 8 days ago, its earnings released: the line's id. */
async function releasedLine(): Promise<number> {
  const meetingId = await endedPaidMeeting(runtime.db, clock, gateway, {
    requester: callers.owner.actor,
    provider: provider.actor,
  });
  const later = new FixedClock(new Date(clock.now().getTime() + HOLD_MS));
  await runPaymentJobs(runtime.db, later, gateway);
  const [line] = await runtime.db.select().from(earningLine).where(eq(earningLine.meetingId, meetingId));
  expect(line!.status).toBe("withdrawable");
  return line!.id;
}

const post = (as: SignedInMember | null, form: Record<string, string>, language = "") =>
  callAction(page.action, { path: `${language}/admin/earnings`, form, as });

const lineRow = async (id: number) =>
  (await runtime.db.select().from(earningLine).where(eq(earningLine.id, id)))[0]!;

describe("the console's earnings", () => {
  it("refuses everybody without manage:money, and sends money staff to the step-up first", async () => {
    const lineId = await releasedLine();
    const acts: Record<string, string>[] = [
      { intent: "reverse", lineId: String(lineId), reason: "회수" },
      { intent: "adjust", nickname: provider.nickname, amount: "1000", reason: "보정" },
    ];
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await callLoader(page.loader, { path: "/admin/earnings", as })).outcome, who).toBe(outcome);
      for (const form of acts) expect((await post(as, form)).outcome, `${who} ${form.intent}`).toBe(outcome);
    }
    for (const as of [callers.admin, callers.finance]) {
      expect((await callLoader(page.loader, { path: "/admin/earnings", as })).location).toBe(
        "/admin/step-up?redirectTo=%2Fadmin%2Fearnings",
      );
      for (const form of acts) expect((await post(as, form)).location).toMatch(/^\/admin\/step-up\?/);
    }
    expect(await lineRow(lineId)).toMatchObject({ status: "withdrawable" });
    expect(await auditActsOn(runtime, "earning_line", lineId)).toEqual([]);
    expect(await auditActsOn(runtime, "member", provider.id)).toEqual([]);
  });

  it("lists lines by state and nickname, reverses a released one and adjusts a balance, audited", async () => {
    const lineId = await releasedLine();
    const finance = await steppedUp(runtime, callers.finance, clock);
    const listed = await callLoader(page.loader, {
      path: `/admin/earnings?status=withdrawable&nickname=${encodeURIComponent(provider.nickname)}`,
      as: finance,
    });
    const rows = (listed.data as { rows: { id: number; status: string; amount: number }[] }).rows;
    expect(rows.map((row) => row.id)).toContain(lineId);
    expect(rows.every((row) => row.status === "withdrawable")).toBe(true);

    const before = await balanceOf(runtime.db, memberWithdrawableEarningsCode(provider.id));
    // Refusals keep what was typed, in the page's language.
    expect(
      await post(finance, { intent: "reverse", lineId: String(lineId), reason: "" }, "/en"),
    ).toMatchObject({
      status: 400,
      data: { lastResult: { error: { reason: ["earnings.error.reason_required"] } } },
    });
    expect(
      await post(finance, {
        intent: "adjust",
        nickname: provider.nickname,
        amount: "-99999999",
        reason: "x",
      }),
    ).toMatchObject({ status: 400, data: { lastResult: { initialValue: { amount: "-99999999" } } } });
    expect(
      await post(finance, {
        intent: "adjust",
        nickname: provider.nickname,
        amount: `-${before + 1}`,
        reason: "과다",
      }),
    ).toMatchObject({ status: 409, data: { error: { code: "insufficient" } } });

    expect(
      await post(finance, { intent: "reverse", lineId: String(lineId), reason: "분쟁 조정" }),
    ).toMatchObject({ outcome: "done", location: "/admin/earnings", flashed: true });
    expect(await lineRow(lineId)).toMatchObject({ status: "refunded", amount: 0 });
    const line = await lineRow(lineId);
    const [order] = await runtime.db.select().from(paymentOrder).where(eq(paymentOrder.id, line.orderId));
    expect(order!.refundedAmount).toBe(order!.amount);
    expect(await balanceOf(runtime.db, memberWithdrawableEarningsCode(provider.id))).toBe(before - 27_000);
    expect(await post(finance, { intent: "reverse", lineId: String(lineId), reason: "다시" })).toMatchObject({
      status: 409,
      data: { error: { code: "not_reversible" } },
    });

    expect(
      await post(finance, {
        intent: "adjust",
        nickname: provider.nickname,
        amount: "5000",
        reason: "이벤트 보상",
      }),
    ).toMatchObject({ outcome: "done", flashed: true });
    expect(await balanceOf(runtime.db, memberWithdrawableEarningsCode(provider.id))).toBe(
      before - 27_000 + 5_000,
    );
    expect(await auditActsOn(runtime, "earning_line", lineId)).toEqual([
      { action: "earnings.reverse", adminId: finance.id, role: "finance" },
    ]);
    expect(await auditActsOn(runtime, "member", provider.id)).toEqual([
      { action: "earnings.adjust", adminId: finance.id, role: "finance" },
    ]);
  });
});
