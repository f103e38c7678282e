import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { refundRequest } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { Runtime } from "#app/platform/runtime.server";
import { endedPaidMeeting, localGateway } from "#tests/setup/payments";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as page from "./meeting-refund";
import * as purchases from "../setting/purchases";
import * as myMeetings from "./meeting";

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

const paidMeeting = () =>
  endedPaidMeeting(runtime.db, clock, gateway, { requester: callers.owner.actor, provider: provider.actor });

const send = (as: SignedInMember | null, meetingId: number, reason: string, language = "") =>
  callAction(page.action, {
    path: `${language}/my/meeting/${meetingId}/refund`,
    params: { id: String(meetingId) },
    form: { reason },
    as,
  });

const requestsOf = (meetingId: number) =>
  runtime.db.select().from(refundRequest).where(eq(refundRequest.meetingId, meetingId));

describe("/my/meeting/:id/refund", () => {
  it("is the requester's only: others are refused and nothing is stored", async () => {
    const meetingId = await paidMeeting();
    for (const [as, outcome] of [
      [null, "sign-in"],
      [callers.adminWithoutTwoFactor, "two-step"],
      [callers.other, "refused"],
      [provider, "refused"],
    ] as const) {
      const path = `/my/meeting/${meetingId}/refund`;
      expect((await callLoader(page.loader, { path, params: { id: String(meetingId) }, as })).outcome).toBe(
        outcome,
      );
      expect((await send(as, meetingId, "오지 않았어요")).outcome).toBe(outcome);
    }
    expect(await requestsOf(meetingId)).toEqual([]);
    const missing = await callLoader(page.loader, {
      path: "/my/meeting/x/refund",
      params: { id: "x" },
      as: callers.owner,
    });
    expect(missing.outcome).toBe("not-found");
  });

  it("sends the request once, back to the sent meetings with a message; refusals keep the reason", async () => {
    const meetingId = await paidMeeting();
    const loaded = await callLoader(page.loader, {
      path: `/my/meeting/${meetingId}/refund`,
      params: { id: String(meetingId) },
      as: callers.owner,
    });
    expect(loaded.data).toMatchObject({
      allowed: true,
      order: { charged: 30_000, refunded: 0 },
      request: null,
    });

    const empty = await send(callers.owner, meetingId, "   ");
    expect(empty).toMatchObject({
      status: 400,
      data: { lastResult: { error: { reason: ["payment.error.refund_reason_required"] } } },
    });
    const long = await send(callers.owner, meetingId, "가".repeat(201));
    expect(long).toMatchObject({
      status: 400,
      data: { lastResult: { error: { reason: ["payment.error.refund_reason_length"] } } },
    });

    const sent = await send(callers.owner, meetingId, "약속한 정비를 받지 못했어요");
    expect(sent).toMatchObject({
      outcome: "done",
      location: "/my/meeting?tab=pickup&side=sent",
      flashed: true,
    });
    const again = await send(callers.owner, meetingId, "한 번 더", "/en");
    expect(again).toMatchObject({
      status: 409,
      data: {
        error: { code: "refund_already_requested", message: "You already requested a refund." },
        lastResult: { initialValue: { reason: "한 번 더" } },
      },
    });
    expect(await requestsOf(meetingId)).toMatchObject([
      { status: "open", reason: "약속한 정비를 받지 못했어요" },
    ]);

    // Both sides see the payment on /my/meeting; only the requester could ask, and has now.
    for (const [as, side] of [
      [callers.owner, "sent"],
      [provider, "received"],
    ] as const) {
      const listed = await callLoader(myMeetings.loader, { path: `/my/meeting?tab=pickup&side=${side}`, as });
      const items = (listed.data as { items: { id: number; payment: unknown }[] }).items;
      expect(items.find((item) => item.id === meetingId)?.payment).toEqual({
        state: "refundRequested",
        price: 30_000,
        charged: 30_000,
        refunded: 0,
        mayRequestRefund: false,
      });
    }
  });

  it("lists the member's own payments in the purchase history", async () => {
    const meetingId = await paidMeeting();
    for (const [as, outcome] of [
      [null, "sign-in"],
      [callers.adminWithoutTwoFactor, "two-step"],
    ] as const)
      expect((await callLoader(purchases.loader, { path: "/setting/purchases", as })).outcome).toBe(outcome);
    const mine = await callLoader(purchases.loader, { path: "/setting/purchases", as: callers.owner });
    const rows = (
      mine.data as { rows: { meeting: { id: number }; state: string; charged: number; receiptUrl: string }[] }
    ).rows;
    expect(rows[0]).toMatchObject({ meeting: { id: meetingId }, state: "paid", charged: 30_000 });
    expect(rows[0]!.receiptUrl).toMatch(/^\/pay\/local\/receipt\//);
    const theirs = await callLoader(purchases.loader, { path: "/setting/purchases", as: callers.other });
    expect((theirs.data as { rows: unknown[] }).rows).toEqual([]);
  });
});
