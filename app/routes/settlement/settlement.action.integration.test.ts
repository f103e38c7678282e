import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withdrawal } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { Runtime } from "#app/platform/runtime.server";
import { localGateway } from "#tests/setup/payments";
import {
  callAction,
  callLoader,
  signUpCallers,
  securityChecked,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import { registerSettlementInfo, TEST_ACCOUNT_NUMBER, withdrawableLines } from "#tests/setup/settlement";
import * as page from "./index";

// Near the system clock: the authentication library reads sessions by it.
const clock = new FixedClock(new Date());
let runtime: Runtime;
let callers: Callers;
let gateway: PaymentGateway;

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
  gateway = localGateway(runtime.db, clock);
  await registerSettlementInfo(runtime.db, clock, runtime.config.personalDataKeys, callers.owner.id);
});

const lines = (count = 1) =>
  withdrawableLines(
    runtime.db,
    clock,
    gateway,
    { requester: callers.other.actor, provider: callers.owner.actor },
    count,
  );

const post = (as: SignedInMember | null, form: Record<string, string | string[]>) =>
  callAction(page.action, { path: "/settlement", form, as });

const withdrawalsOf = (userId: string) =>
  runtime.db.select().from(withdrawal).where(eq(withdrawal.userId, userId));

describe("/settlement", () => {
  it("shows the owner's lines selected, the quote by GET, and never an account number in plain", async () => {
    const lineIds = await lines(2);
    const shown = await callLoader(page.loader, { path: "/settlement", as: callers.owner });
    const overview = (shown.data as { overview: { withdrawable: number; lines: { id: number }[] } }).overview;
    expect(overview.withdrawable).toBe(54_000);
    expect(overview.lines.map((line) => line.id)).toEqual(expect.arrayContaining(lineIds));
    const quoted = await callLoader(page.loader, {
      path: `/settlement?step=confirm&line=${lineIds[0]}&line=${lineIds[1]}`,
      as: callers.owner,
    });
    expect(quoted.data).toMatchObject({ quote: { gross: 54_000, deposit: 51_720, lineIds } });
    expect(JSON.stringify(quoted.data)).not.toContain(TEST_ACCOUNT_NUMBER);
    // Another member's quote of them is refused on the page, not shown.
    const theirs = await callLoader(page.loader, {
      path: `/settlement?step=confirm&line=${lineIds[0]}`,
      as: callers.other,
    });
    expect(theirs.data).toMatchObject({ quote: null, quoteError: { code: "line_not_withdrawable" } });
    const tax = await callLoader(page.loader, { path: "/settlement?tab=tax", as: callers.owner });
    expect(tax.data).toMatchObject({ tab: "tax", tax: { category: "individual" } });
    expect((await callLoader(page.loader, { path: "/settlement", as: null })).outcome).toBe("sign-in");
  });

  it("withdraws for the owner only, and cancels only the owner's requested withdrawal", async () => {
    const lineIds = await lines(1);
    const form = { intent: "withdraw", line: lineIds.map(String) };
    expect((await post(null, form)).outcome).toBe("sign-in");
    expect((await post(callers.adminWithoutTwoFactor, form)).outcome).toBe("two-step");
    // Without the withdrawal password entered a moment ago: to the security check first, nothing done.
    expect((await post(callers.owner, form)).location).toBe(
      "/settlement/securityCheck?redirectTo=%2Fsettlement",
    );
    expect(await withdrawalsOf(callers.owner.id)).toEqual([]);
    await securityChecked(runtime, callers.owner, clock);
    await securityChecked(runtime, callers.other, clock);
    expect(await post(callers.other, form)).toMatchObject({
      status: 409,
      data: { error: { code: "line_not_withdrawable" } },
    });
    expect(await post(callers.owner, { intent: "withdraw" })).toMatchObject({ status: 400 });
    expect(await post(callers.owner, form)).toMatchObject({
      outcome: "done",
      location: "/settlement",
      flashed: true,
    });
    // A second click finds the lines in the withdrawal already.
    expect(await post(callers.owner, form)).toMatchObject({
      status: 409,
      data: { error: { code: "line_not_withdrawable" } },
    });
    const [made] = (await withdrawalsOf(callers.owner.id)).filter((row) => row.status === "requested");
    const cancel = { intent: "cancel", withdrawalId: String(made!.id) };
    expect((await post(null, cancel)).outcome).toBe("sign-in");
    expect((await post(callers.adminWithoutTwoFactor, cancel)).outcome).toBe("two-step");
    expect((await post(callers.other, cancel)).outcome).toBe("not-found");
    expect(await post(callers.owner, cancel)).toMatchObject({ outcome: "done", flashed: true });
    const [after] = await runtime.db.select().from(withdrawal).where(eq(withdrawal.id, made!.id));
    expect(after!.status).toBe("cancelled");
    expect(await post(callers.owner, { intent: "steal" })).toMatchObject({ status: 400 });
  });
});
