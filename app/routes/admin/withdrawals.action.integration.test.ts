import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withdrawal } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { Runtime } from "#app/platform/runtime.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { requestWithdrawal } from "#app/services/settlement/withdrawals.server";
import { localGateway } from "#tests/setup/payments";
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
import {
  registerSettlementInfo,
  TEST_ACCOUNT_NUMBER,
  TEST_RESIDENT_NUMBER,
  withdrawableLines,
} from "#tests/setup/settlement";
import * as exportFile from "./withdrawals-export";
import * as feesFile from "./withdrawals-fees";
import * as taxFile from "./withdrawals-tax";
import * as page from "./withdrawals";

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
  await registerSettlementInfo(runtime.db, clock, runtime.config.personalDataKeys, provider.id);
});

async function requested() {
  const lineIds = await withdrawableLines(runtime.db, clock, gateway, {
    requester: callers.other.actor,
    provider: provider.actor,
  });
  return requestWithdrawal(runtime.db, clock, provider.actor, lineIds, {
    bankFee: 500,
    payoutMode: "manual",
  });
}

const post = (as: SignedInMember | null, form: Record<string, string>) =>
  callAction(page.action, { path: "/admin/withdrawals", form, as });

const statusOf = async (id: number) =>
  (await runtime.db.select().from(withdrawal).where(eq(withdrawal.id, id)))[0]!.status;

describe("the console's withdrawals", () => {
  it("refuses everybody without manage:money, and sends money staff to the step-up first", async () => {
    const made = await requested();
    const id = String(made.id);
    const acts: Record<string, string>[] = [
      { intent: "hold", withdrawalId: id, reason: "확인" },
      { intent: "unhold", withdrawalId: id },
      { intent: "paid", withdrawalId: id },
      { intent: "failed", withdrawalId: id, reason: "오류" },
    ];
    const month = seoulDay(clock.now()).slice(0, 7);
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await callLoader(page.loader, { path: "/admin/withdrawals", as })).outcome, who).toBe(outcome);
      for (const form of acts) expect((await post(as, form)).outcome, `${who} ${form.intent}`).toBe(outcome);
      expect(
        (await callAction(exportFile.action, { path: "/admin/withdrawals/export.csv", as })).outcome,
      ).toBe(outcome);
      expect(
        (await callLoader(taxFile.loader, { path: `/admin/withdrawals/tax.csv?month=${month}`, as })).outcome,
      ).toBe(outcome);
      expect(
        (await callLoader(feesFile.loader, { path: `/admin/withdrawals/fees.csv?month=${month}`, as }))
          .outcome,
      ).toBe(outcome);
    }
    for (const as of [callers.admin, callers.finance]) {
      expect((await callLoader(page.loader, { path: "/admin/withdrawals", as })).location).toBe(
        "/admin/step-up?redirectTo=%2Fadmin%2Fwithdrawals",
      );
      for (const form of acts) expect((await post(as, form)).location).toMatch(/^\/admin\/step-up\?/);
      expect(
        (await callAction(exportFile.action, { path: "/admin/withdrawals/export.csv", as })).location,
      ).toMatch(/^\/admin\/step-up\?/);
      expect(
        (await callLoader(taxFile.loader, { path: `/admin/withdrawals/tax.csv?month=${month}`, as }))
          .location,
      ).toMatch(/^\/admin\/step-up\?/);
    }
    expect(await statusOf(made.id)).toBe("requested");
    expect(await auditActsOn(runtime, "withdrawal", made.id)).toEqual([]);
  });

  it("holds, releases, exports, marks paid and failed, each audited, the numbers never in the page", async () => {
    const finance = await steppedUp(runtime, callers.finance, clock);
    const made = await requested();
    const id = String(made.id);
    const listed = await callLoader(page.loader, { path: "/admin/withdrawals?state=requested", as: finance });
    expect(listed.data).toMatchObject({ mode: "manual", balance: null });
    expect((listed.data as { rows: { id: number }[] }).rows.map((row) => row.id)).toContain(made.id);
    expect(JSON.stringify(listed.data)).not.toContain(TEST_ACCOUNT_NUMBER);

    const noReason = await post(finance, { intent: "hold", withdrawalId: id, reason: " " });
    expect(noReason).toMatchObject({
      status: 400,
      data: { lastResult: { error: { reason: ["withdrawal.error.reason_required"] } } },
    });
    expect(await post(finance, { intent: "hold", withdrawalId: id, reason: "예금주 확인" })).toMatchObject({
      outcome: "done",
      flashed: true,
    });
    expect(await statusOf(made.id)).toBe("held");
    expect(await post(finance, { intent: "paid", withdrawalId: id })).toMatchObject({
      status: 409,
      data: { error: { code: "not_processing" } },
    });
    expect(await post(finance, { intent: "unhold", withdrawalId: id })).toMatchObject({ outcome: "done" });

    const exported = await callAction(exportFile.action, {
      path: "/admin/withdrawals/export.csv",
      as: finance,
    });
    expect(exported.status).toBe(200);
    expect(String(exported.data)).toContain(TEST_ACCOUNT_NUMBER);
    expect(await statusOf(made.id)).toBe("processing");
    expect(await post(finance, { intent: "paid", withdrawalId: id })).toMatchObject({ outcome: "done" });
    expect(await statusOf(made.id)).toBe("paid");
    expect(await post(finance, { intent: "failed", withdrawalId: id, reason: "늦게 실패" })).toMatchObject({
      status: 409,
    });
    expect(await post(finance, { intent: "paid", withdrawalId: "99999999" })).toMatchObject({ status: 404 });

    const failing = await requested();
    await callAction(exportFile.action, { path: "/admin/withdrawals/export.csv", as: finance });
    expect(
      await post(finance, { intent: "failed", withdrawalId: String(failing.id), reason: "계좌 없음" }),
    ).toMatchObject({ outcome: "done" });
    expect(await statusOf(failing.id)).toBe("failed");
    expect(await auditActsOn(runtime, "withdrawal", made.id)).toEqual([
      { action: "withdrawal.hold", adminId: finance.id, role: "finance" },
      { action: "withdrawal.unhold", adminId: finance.id, role: "finance" },
      { action: "withdrawal.paid", adminId: finance.id, role: "finance" },
    ]);
  });

  it("downloads the month's withholding file with the resident numbers opened once, audited by member", async () => {
    const finance = await steppedUp(runtime, callers.finance, clock);
    const month = seoulDay(clock.now()).slice(0, 7);
    const file = await callLoader(taxFile.loader, {
      path: `/admin/withdrawals/tax.csv?month=${month}`,
      as: finance,
    });
    expect(file.status).toBe(200);
    expect(String(file.data)).toContain(TEST_RESIDENT_NUMBER);
    const acts = await auditActsOn(runtime, "withholding_month", month);
    expect(acts).toEqual([{ action: "withdrawal.tax.export", adminId: finance.id, role: "finance" }]);
    expect(
      (await callLoader(taxFile.loader, { path: "/admin/withdrawals/tax.csv?month=2026-13", as: finance }))
        .status,
    ).toBe(400);
    const fees = await callLoader(feesFile.loader, {
      path: `/admin/withdrawals/fees.csv?month=${month}`,
      as: finance,
    });
    expect(fees.status).toBe(200);
    expect(String(fees.data)).toContain("platform_fees");
  });
});
