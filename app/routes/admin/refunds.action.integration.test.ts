import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting, refundRequest } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { Runtime } from "#app/platform/runtime.server";
import { requestRefund } from "#app/services/payments/refund-requests.server";
import { endedPaidMeeting, localGateway } from "#tests/setup/payments";
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
import * as page from "./refunds";

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

/** A paid meeting that ended, and the requester's open refund request of it. */
async function openRequest(): Promise<{ meetingId: number; requestId: number }> {
  const meetingId = await endedPaidMeeting(runtime.db, clock, gateway, {
    requester: callers.owner.actor,
    provider: provider.actor,
  });
  const { id } = await requestRefund(runtime.db, clock, callers.owner.actor, meetingId, "반만 진행됐어요");
  return { meetingId, requestId: id };
}

const post = (as: SignedInMember | null, form: Record<string, string>, language = "") =>
  callAction(page.action, { path: `${language}/admin/refunds`, form, as });

const requestRow = async (id: number) =>
  (await runtime.db.select().from(refundRequest).where(eq(refundRequest.id, id)))[0]!;

describe("the console's refund requests", () => {
  it("refuses everybody without manage:money, and sends money staff to the step-up first", async () => {
    const { requestId } = await openRequest();
    const acts: Record<string, string>[] = [
      { intent: "full", requestId: String(requestId), reason: "확인" },
      { intent: "partial", requestId: String(requestId), amount: "1000", reason: "일부" },
      { intent: "declined", requestId: String(requestId), reason: "거절" },
    ];
    for (const [who, as, outcome] of refusedCallers(callers, "moderator")) {
      expect((await callLoader(page.loader, { path: "/admin/refunds", as })).outcome, who).toBe(outcome);
      for (const form of acts) expect((await post(as, form)).outcome, `${who} ${form.intent}`).toBe(outcome);
    }
    for (const as of [callers.admin, callers.finance]) {
      expect((await callLoader(page.loader, { path: "/admin/refunds", as })).location).toBe(
        "/admin/step-up?redirectTo=%2Fadmin%2Frefunds",
      );
      for (const form of acts) expect((await post(as, form)).location).toMatch(/^\/admin\/step-up\?/);
    }
    expect(await requestRow(requestId)).toMatchObject({ status: "open" });
    expect(await auditActsOn(runtime, "refund_request", requestId)).toEqual([]);
  });

  it("lists open requests first with the amounts, and grants part of one, audited", async () => {
    const decided = await openRequest();
    const finance = await steppedUp(runtime, callers.finance, clock);
    expect(
      await post(finance, { intent: "declined", requestId: String(decided.requestId), reason: "정상 진행" }),
    ).toMatchObject({ outcome: "done", location: "/admin/refunds", flashed: true });
    const { meetingId, requestId } = await openRequest();

    const listed = await callLoader(page.loader, { path: "/admin/refunds", as: finance });
    const rows = (listed.data as { rows: { id: number; status: string; charged: number; left: number }[] })
      .rows;
    // Open ones first (the oldest waiting first), then the decided.
    expect(rows.find((row) => row.id === requestId)).toMatchObject({
      status: "open",
      charged: 30_000,
      left: 30_000,
    });
    const firstDecided = rows.findIndex((row) => row.status !== "open");
    expect(rows.findIndex((row) => row.id === decided.requestId)).toBe(firstDecided);
    expect(rows.slice(0, firstDecided).every((row) => row.status === "open")).toBe(true);

    // Refusals keep what was typed, in the page's language.
    const tooMuch = await post(
      finance,
      { intent: "partial", requestId: String(requestId), amount: "30000", reason: "절반" },
      "/en",
    );
    expect(tooMuch).toMatchObject({
      status: 400,
      data: {
        error: { code: "refund_amount_invalid" },
        lastResult: { initialValue: { amount: "30000", reason: "절반" } },
      },
    });
    const noReason = await post(finance, { intent: "partial", requestId: String(requestId), amount: "100" });
    expect(noReason).toMatchObject({
      status: 400,
      data: { lastResult: { error: { reason: ["payment.error.decision_reason_required"] } } },
    });

    const granted = await post(finance, {
      intent: "partial",
      requestId: String(requestId),
      amount: "12000",
      reason: "절반만 진행됨",
    });
    expect(granted).toMatchObject({ outcome: "done", location: "/admin/refunds", flashed: true });
    expect(await requestRow(requestId)).toMatchObject({ status: "partial", refundAmount: 12_000 });
    const [row] = await runtime.db.select().from(meeting).where(eq(meeting.id, meetingId));
    expect(row!.paymentStatus).toBe("partiallyRefunded");
    expect(
      await post(finance, { intent: "full", requestId: String(requestId), reason: "다시" }),
    ).toMatchObject({
      status: 409,
      data: { error: { code: "refund_not_open" } },
    });
    expect(await auditActsOn(runtime, "refund_request", requestId)).toEqual([
      { action: "payment.refund.decide", adminId: finance.id, role: "finance" },
    ]);
  });
});
