import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting, paymentOrder } from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { requestPayment } from "#app/services/payments/request.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { callAction, signUpCallers, startRouteRuntime, type Callers } from "#tests/setup/route-actions";
import * as chatPage from "./chat";

/**
 * Paying in the chat while Toss Payments is the gateway: the page's action answers what Toss's browser SDK needs to
 * open its window (the room's panel loads the script), with the return addresses absolute on the public address.
 * Nothing here reaches Toss: making the window's values needs no call.
 */

let runtime: Runtime;
let callers: Callers;

beforeAll(async () => {
  runtime = await startRouteRuntime({
    env: {
      PAYMENT_GATEWAY: "toss",
      TOSS_SECRET_KEY: "test_sk_chatwindow0000",
      TOSS_CLIENT_KEY: "test_ck_chatwindow0000",
    },
  });
  callers = await signUpCallers(runtime);
});

describe("paying in the chat with Toss Payments", () => {
  it("answers the SDK's window for the order, in the page's language, and opens nothing for the provider", async () => {
    const { owner: provider, other: requester } = callers;
    const id = await insertMeeting(
      runtime.db,
      runtime.clock,
      { requesterId: requester.id, providerId: provider.id },
      { kind: "pickup" },
    );
    await requestPayment(runtime.db, runtime.clock, provider.actor, id, {
      amount: 30_000,
      memo: "",
      freeInspection: false,
    });
    const [subject] = await runtime.db.select().from(meeting).where(eq(meeting.id, id));
    const post = (as: typeof requester, language = "") =>
      callAction(chatPage.action, {
        path: `${language}/meeting/pickup/chat?room=${subject!.code}`,
        params: { kind: "pickup" },
        form: { intent: "pay" },
        as,
      });
    expect((await post(provider)).outcome).toBe("refused");
    const answer = await post(requester, "/en");
    const [order] = await runtime.db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, id));
    expect(answer).toMatchObject({
      outcome: "done",
      data: {
        intent: "pay",
        ok: true,
        checkout: {
          kind: "toss-sdk",
          clientKey: "test_ck_chatwindow0000",
          scriptUrl: "https://js.tosspayments.com/v2/standard",
          orderId: order!.orderId,
          amount: 30_000,
          successUrl: "http://localhost:3999/en/meeting/pay/success",
          failUrl: "http://localhost:3999/en/meeting/pay/fail",
        },
      },
    });
    const { customerKey } = (answer.data as { checkout: { customerKey: string } }).checkout;
    expect(customerKey).toMatch(/^[\w-]{43}$/);
    expect(customerKey).not.toContain(requester.id);
  });
});
