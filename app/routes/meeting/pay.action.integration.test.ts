import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { meeting, memberCoupon, paymentOrder, type MeetingKind } from "#app/db/schema";
import { AdjustableClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { issueCoupon } from "#app/services/coupons/console.server";
import type { ChatRoomView } from "#app/services/meetings/chat/read.server";
import { requestPayment } from "#app/services/payments/request.server";
import { makeCoupon } from "#tests/setup/coupons";
import { runPaymentJobs } from "#tests/setup/payments";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import {
  callAction,
  callLoader,
  signUpCallers,
  signUpMember,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import * as localCheckout from "../pay/local-checkout";
import * as chatPage from "./chat";
import * as payFail from "./pay-fail";
import * as paySuccess from "./pay-success";

/**
 * The payment of a meeting through its chat page and the payment window's return addresses: the provider's request
 * (send, change, withdraw), the requester's payment (with a coupon, through the local gateway's window), and who is
 * refused each of them.
 */

let runtime: Runtime;
let callers: Callers;
/** A member who is neither side of the meetings here. */
let stranger: SignedInMember;
const clock = new AdjustableClock();

beforeAll(async () => {
  runtime = await startRouteRuntime({ clock });
  callers = await signUpCallers(runtime);
  stranger = await signUpMember(runtime);
});

/** A fresh meeting of `kind` in which `owner` is the provider and `other` the requester, with its payment request. */
async function openMeeting(kind: MeetingKind, amount?: number) {
  const { owner: provider, other: requester } = callers;
  const id = await insertMeeting(
    runtime.db,
    clock,
    { requesterId: requester.id, providerId: provider.id },
    { kind },
  );
  if (amount !== undefined)
    await requestPayment(runtime.db, clock, provider.actor, id, { amount, memo: "", freeInspection: false });
  const [row] = await runtime.db.select().from(meeting).where(eq(meeting.id, id));
  return row!;
}

type Meeting = Awaited<ReturnType<typeof openMeeting>>;

const post = (as: SignedInMember | null, subject: Meeting, form: Record<string, string>, language = "") =>
  callAction(chatPage.action, {
    path: `${language}/meeting/${subject.kind}/chat?room=${subject.code}`,
    params: { kind: subject.kind },
    form,
    as,
  });

const roomOf = async (as: SignedInMember, subject: Meeting) => {
  const answer = await callLoader(chatPage.loader, {
    path: `/meeting/${subject.kind}/chat?room=${subject.code}`,
    params: { kind: subject.kind },
    as,
  });
  return (answer.data as { room: ChatRoomView }).room;
};

const row = async (id: number) => (await runtime.db.select().from(meeting).where(eq(meeting.id, id)))[0]!;
const ordersOf = (meetingId: number) =>
  runtime.db
    .select()
    .from(paymentOrder)
    .where(eq(paymentOrder.meetingId, meetingId))
    .orderBy(paymentOrder.id);
const errorCode = (data: unknown) => (data as { error?: { code?: string } }).error?.code;

/** A coupon of `value` won off for pickups and repairs, given to the requester; answers the member's coupon id. */
async function couponForRequester(value = 5_000) {
  const made = await makeCoupon(runtime.db, clock, callers.admin.actor, {
    name: "첫 만남 쿠폰",
    value,
    minAmount: 0,
    meetingKinds: ["pickup", "repair"],
  });
  await issueCoupon(runtime.db, clock, callers.admin.actor, {
    couponId: made.id,
    members: [callers.other.id],
  });
  const [held] = await runtime.db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));
  return held!.id;
}

/** What the local gateway's window does with a card: answers where it sends the browser back to. */
async function payInWindow(checkoutUrl: string, card: string) {
  const answer = await callAction(localCheckout.action, {
    path: checkoutUrl,
    form: { intent: "pay", cardNumber: card, expiry: `12/${(clock.now().getUTCFullYear() + 3) % 100}` },
    as: callers.other,
  });
  expect(answer.status).toBe(302);
  return answer.location!;
}

const APPROVES = "4242 4242 4242 4242";
const DECLINES = "4000 0000 0000 0002";
/** Authorised, and its confirmation answered as if it had timed out. */
const TIMES_OUT = "4000 0000 0000 0119";

describe("the provider's payment request in the chat", () => {
  it("is sent by the provider only, as 30,000 or 30000, in pickup's 5,000-won steps, with what was typed kept", async () => {
    const subject = await openMeeting("pickup");
    const { owner: provider, other: requester, adminWithoutTwoFactor } = callers;
    const form = { intent: "requestPayment", amount: "30,000", memo: "헬멧 포함" };
    expect((await post(null, subject, form)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, subject, form)).outcome).toBe("two-step");
    const strangers = await post(stranger, subject, form);
    expect(strangers).toMatchObject({ status: 403, data: { error: { code: "no_permission" } } });
    const requesters = await post(requester, subject, form);
    expect(requesters).toMatchObject({
      outcome: "refused",
      data: {
        error: { code: "provider_only", message: "결제 요청은 전문가만 보낼 수 있습니다." },
        values: { intent: "requestPayment", amount: "30,000", memo: "헬멧 포함" },
      },
    });
    expect((await row(subject.id)).paymentStatus).toBe("none");

    const offStep = await post(provider, subject, { ...form, amount: "32,000" });
    expect(offStep).toMatchObject({
      status: 400,
      data: {
        error: { code: "pickup_step", message: "픽업 금액은 5,000원 단위로 입력해 주세요." },
        values: { amount: "32,000", memo: "헬멧 포함" },
      },
    });
    const words = await post(provider, subject, { ...form, amount: "삼만원" }, "/en");
    expect(words).toMatchObject({
      status: 400,
      data: {
        error: { code: "invalid_form", message: "Enter the amount as a whole number of won, 0 or more." },
        values: { amount: "삼만원" },
      },
    });
    expect(await post(provider, subject, form)).toMatchObject({
      outcome: "done",
      data: { ok: true, notice: "결제 요청을 보냈습니다." },
    });
    expect(await row(subject.id)).toMatchObject({
      paymentStatus: "requested",
      amount: 30_000,
      paymentMemo: "헬멧 포함",
    });
    const again = await post(provider, subject, { ...form, amount: "35000" });
    expect(errorCode(again.data)).toBe("already_requested");
  });

  it("is changed and withdrawn by the provider only, and a repair may be a free inspection", async () => {
    const subject = await openMeeting("repair", 20_000);
    const { owner: provider, other: requester, adminWithoutTwoFactor } = callers;
    expect((await roomOf(provider, subject)).payment.actions).toEqual(["editPayment", "withdrawPayment"]);
    const forms: Record<string, string>[] = [
      { intent: "editPayment", amount: "25000" },
      { intent: "withdrawPayment" },
    ];
    for (const form of forms) {
      expect((await post(null, subject, form)).outcome).toBe("sign-in");
      expect((await post(adminWithoutTwoFactor, subject, form)).outcome).toBe("two-step");
      expect((await post(stranger, subject, form)).status).toBe(403);
      expect((await post(requester, subject, form)).outcome).toBe("refused");
    }
    expect(await row(subject.id)).toMatchObject({ paymentStatus: "requested", amount: 20_000 });

    // Ticked "free inspection" with the amount left empty: 0 won.
    const free = await post(provider, subject, {
      intent: "editPayment",
      freeInspection: "on",
      memo: "점검만",
    });
    expect(free).toMatchObject({ outcome: "done", data: { notice: "결제 요청을 바꿨습니다." } });
    expect(await row(subject.id)).toMatchObject({ paymentStatus: "free", amount: 0, freeInspection: true });
    const paidInspection = await post(provider, subject, {
      intent: "editPayment",
      amount: "10,000",
      freeInspection: "on",
    });
    expect(paidInspection).toMatchObject({
      data: { error: { code: "free_inspection_paid" }, values: { amount: "10,000", freeInspection: "on" } },
    });
    const empty = await post(provider, subject, { intent: "editPayment", memo: "" });
    expect(empty).toMatchObject({ status: 400, data: { error: { code: "invalid_form" } } });

    expect(await post(provider, subject, { intent: "withdrawPayment" })).toMatchObject({
      outcome: "done",
      data: { notice: "결제 요청을 취소했습니다." },
    });
    expect(await row(subject.id)).toMatchObject({ paymentStatus: "none", amount: 0 });
    expect((await roomOf(provider, subject)).payment.actions).toEqual(["requestPayment"]);
  });
});

describe("paying in the chat", () => {
  it("shows the requester the coupons that apply with what is left to pay, and opens the local window", async () => {
    const subject = await openMeeting("pickup", 30_000);
    const coupon = await couponForRequester();
    const { owner: provider, other: requester, adminWithoutTwoFactor } = callers;
    const room = await roomOf(requester, subject);
    expect(room.payment).toMatchObject({
      status: "requested",
      amount: 30_000,
      actions: ["pay"],
      lastFailure: null,
    });
    expect(room.payment.coupons).toContainEqual({
      memberCouponId: coupon,
      name: "첫 만남 쿠폰",
      discount: 5_000,
      total: 25_000,
    });
    expect((await roomOf(provider, subject)).payment.coupons).toEqual([]);

    const form = { intent: "pay", memberCouponId: String(coupon) };
    expect((await post(null, subject, form)).outcome).toBe("sign-in");
    expect((await post(adminWithoutTwoFactor, subject, form)).outcome).toBe("two-step");
    expect((await post(stranger, subject, form)).status).toBe(403);
    const providers = await post(provider, subject, form);
    expect(providers).toMatchObject({ outcome: "refused", data: { error: { code: "requester_only" } } });
    expect(await ordersOf(subject.id)).toEqual([]);

    const opened = await post(requester, subject, form, "/en");
    expect(opened.status).toBe(302);
    // The gateway's window is a document of its own, as a real gateway's on its own site is.
    expect(opened.newDocument).toBe(true);
    const window = new URL(opened.location!, "http://localhost");
    expect(window.pathname).toBe("/en/pay/local/checkout");
    expect(window.searchParams.get("amount")).toBe("25000");
    expect(window.searchParams.get("successUrl")).toBe("/en/meeting/pay/success");
    expect(window.searchParams.get("failUrl")).toBe("/en/meeting/pay/fail");
    expect(await ordersOf(subject.id)).toMatchObject([
      { status: "pending", price: 30_000, discount: 5_000, amount: 25_000 },
    ]);
  });

  it("confirms the window's payment once, tells the room, and refuses anybody but the order's requester", async () => {
    const subject = await openMeeting("pickup", 30_000);
    const coupon = await couponForRequester();
    const { owner: provider, other: requester, adminWithoutTwoFactor } = callers;
    const opened = await post(requester, subject, { intent: "pay", memberCouponId: String(coupon) });
    const back = await payInWindow(opened.location!, APPROVES);
    expect(back).toMatch(/^\/meeting\/pay\/success\?paymentKey=lgk_[\w-]+&orderId=[\w-]+&amount=25000$/);
    const success = (as: SignedInMember | null, path = back) => callLoader(paySuccess.loader, { path, as });

    expect((await success(null)).outcome).toBe("sign-in");
    expect((await success(adminWithoutTwoFactor)).outcome).toBe("two-step");
    for (const other of [provider, stranger]) {
      const refused = await success(other);
      expect(refused).toMatchObject({ location: "/my/meeting", flashed: true });
    }
    const forged = await success(requester, back.replace("amount=25000", "amount=100"));
    expect(forged).toMatchObject({ location: `/meeting/pickup/chat?room=${subject.code}`, flashed: true });
    expect((await ordersOf(subject.id))[0]!.status).toBe("pending");
    expect(await success(requester, "/meeting/pay/success?paymentKey=&orderId=x&amount=abc")).toMatchObject({
      location: "/my/meeting",
      flashed: true,
    });

    const paid = await success(requester);
    expect(paid).toMatchObject({ location: `/meeting/pickup/chat?room=${subject.code}`, flashed: true });
    expect((await row(subject.id)).paymentStatus).toBe("paid");
    // A refresh of the address changes nothing.
    expect(await success(requester)).toMatchObject({
      location: `/meeting/pickup/chat?room=${subject.code}`,
      flashed: true,
    });
    expect((await ordersOf(subject.id)).map((order) => order.status)).toEqual(["paid"]);

    const requesters = await roomOf(requester, subject);
    expect(requesters.payment).toMatchObject({
      status: "paid",
      actions: [],
      paid: {
        price: 30_000,
        refunded: 0,
        charge: { charged: 25_000, discount: 5_000, couponName: "첫 만남 쿠폰" },
      },
    });
    expect(requesters.payment.paid!.charge!.receiptUrl).toMatch(/^\/pay\/local\/receipt\/lgk_/);
    expect((await roomOf(provider, subject)).payment.paid).toEqual({
      price: 30_000,
      refunded: 0,
      charge: null,
    });
    expect(errorCode((await post(requester, subject, { intent: "pay" })).data)).toBe("already_paid");
  });

  it("closes a declined window, gives the coupon back, shows the gateway's message and lets the requester pay again", async () => {
    const subject = await openMeeting("pickup", 30_000);
    const coupon = await couponForRequester();
    const { other: requester } = callers;
    const opened = await post(requester, subject, { intent: "pay", memberCouponId: String(coupon) });
    const back = await payInWindow(opened.location!, DECLINES);
    expect(back).toMatch(/^\/meeting\/pay\/fail\?code=REJECT_CARD_PAYMENT&message=.+&orderId=[\w-]+$/);

    expect((await callLoader(payFail.loader, { path: back, as: null })).outcome).toBe("sign-in");
    expect(
      (await callLoader(payFail.loader, { path: back, as: callers.adminWithoutTwoFactor })).outcome,
    ).toBe("two-step");
    for (const other of [callers.owner, stranger])
      expect(await callLoader(payFail.loader, { path: back, as: other })).toMatchObject({
        location: "/my/meeting",
        flashed: true,
      });
    expect((await ordersOf(subject.id))[0]!.status).toBe("pending");

    const failed = await callLoader(payFail.loader, { path: back, as: requester });
    expect(failed).toMatchObject({ location: `/meeting/pickup/chat?room=${subject.code}`, flashed: true });
    expect((await ordersOf(subject.id))[0]).toMatchObject({
      status: "failed",
      failCode: "REJECT_CARD_PAYMENT",
    });
    const room = await roomOf(requester, subject);
    expect(room.payment).toMatchObject({
      actions: ["pay"],
      lastFailure: "한도초과 혹은 잔액부족으로 결제에 실패했습니다.",
    });
    expect(room.payment.coupons.map((usable) => usable.memberCouponId)).toContain(coupon);

    const again = await post(requester, subject, { intent: "pay", memberCouponId: String(coupon) });
    const paidBack = await payInWindow(again.location!, APPROVES);
    await callLoader(paySuccess.loader, { path: paidBack, as: requester });
    expect((await row(subject.id)).paymentStatus).toBe("paid");
    expect((await ordersOf(subject.id)).map((order) => order.status)).toEqual(["failed", "paid"]);
  });

  it("says a payment whose confirmation had no answer is being confirmed, and takes no other until it is settled", async () => {
    const subject = await openMeeting("pickup", 30_000);
    const { other: requester } = callers;
    const opened = await post(requester, subject, { intent: "pay" });
    const back = await payInWindow(opened.location!, TIMES_OUT);
    expect(await callLoader(paySuccess.loader, { path: back, as: requester })).toMatchObject({
      location: `/meeting/pickup/chat?room=${subject.code}`,
      flashed: true,
    });
    expect((await ordersOf(subject.id)).map((order) => order.status)).toEqual(["confirming"]);
    const room = await roomOf(requester, subject);
    expect(room.payment).toMatchObject({ status: "requested", confirming: true, actions: [] });
    const again = await post(requester, subject, { intent: "pay" });
    expect(again).toMatchObject({
      status: 409,
      data: {
        error: {
          code: "payment_processing",
          message: "결제를 확인하고 있습니다. 잠시 후 다시 시도해 주세요.",
        },
      },
    });
    expect(await ordersOf(subject.id)).toHaveLength(1);

    // The settle job asks the gateway, which took it.
    clock.advance(2 * 60_000);
    await runPaymentJobs(runtime.db, clock, runtime.payments);
    expect((await row(subject.id)).paymentStatus).toBe("paid");
    expect((await roomOf(requester, subject)).payment).toMatchObject({ status: "paid", confirming: false });
  });

  it("completes a payment a coupon covers in full without a window", async () => {
    const subject = await openMeeting("repair", 5_000);
    const coupon = await couponForRequester(5_000);
    const paid = await post(callers.other, subject, { intent: "pay", memberCouponId: String(coupon) });
    expect(paid).toMatchObject({ outcome: "done", data: { ok: true, notice: "결제가 완료되었습니다." } });
    expect((await row(subject.id)).paymentStatus).toBe("paid");
    const used = await post(callers.other, subject, { intent: "pay", memberCouponId: String(coupon) });
    expect(errorCode(used.data)).toBe("already_paid");
  });
});
