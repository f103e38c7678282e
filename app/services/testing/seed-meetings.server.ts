import { and, eq } from "drizzle-orm";
import { memberSkill, type MeetingKind } from "#app/db/schema";
import { HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import type { Runtime } from "#app/platform/runtime.server";
import type { Clock } from "#app/platform/clock.server";
import { authoriseLocalPayment, localTestCards } from "#app/platform/payments/local.server";
import { actorOf, type Actor } from "#app/services/actor";
import {
  endMeeting,
  meetingChatPath,
  requestMeeting,
  reserveMeeting,
  setAppointment,
} from "#app/services/meetings/meeting/meetings.server";
import type { MeetingRequestInput } from "#app/services/meetings/meeting/request.schema";
import { confirmCheckout, openCheckout } from "#app/services/payments/orders.server";
import { requestPayment } from "#app/services/payments/request.server";

interface SeedMeetingInput {
  requesterId: string;
  providerId: string;
  kind: MeetingKind;
  /** Reserved two hours ahead by the provider, instead of still being talked over. */
  reserved?: boolean;
  /**
   * Won the provider asked and the requester paid through the local gateway's window, after which the provider
   * ended the meeting an hour after its appointment (reserved three hours ago for two hours later): a paid meeting
   * that just ended, within the refund window.
   */
  paidAndEnded?: number;
}

export interface SeededMeeting {
  id: number;
  code: string;
  chatPath: string;
  /** What the requester asked, as the request form sent it (times as ISO strings). */
  request: Record<string, string | number>;
}

/** What a rider asks for in each kind: the request form's answers a browser test can look for. */
function requestOfKind(kind: MeetingKind, now: Date): Record<string, string | number | Date> {
  switch (kind) {
    case "owner":
      return { model: "혼다 CB650R", question: "장거리 투어에서 시트가 불편하지 않은지 궁금합니다." };
    case "repair":
      return {
        model: "혼다 PCX 125",
        repairOption: "engineOil",
        symptom: "시동이 늦게 걸리고 오일 경고등이 켜집니다.",
      };
    case "coaching":
      return { goal: "와인딩 코너링 자세를 배우고 싶어요.", experience: "스쿠터 2년, 매뉴얼 6개월" };
    case "rescue":
      return {
        locationName: "여의도 한강공원 주차장",
        latitude: 37.5284,
        longitude: 126.9327,
        situation: "뒷바퀴 펑크로 움직일 수 없습니다.",
      };
    case "pickup":
      return {
        startAddress: "서울 영등포구 여의대로 1",
        destinationAddress: "서울 마포구 월드컵로 1",
        pickupAt: new Date(Math.ceil((now.getTime() + 3 * HOUR_MS) / HOUR_MS) * HOUR_MS),
        item: "under125",
        distanceKm: 8.5,
        minutes: 30,
      };
  }
}

/**
 * A meeting between two seeded members, opened as a rider's request opens one: the provider gets a skill of the
 * kind around Yeongdeungpo-gu (or keeps theirs; the two may have only one open meeting through it), the requester asks through it with the kind's usual answers, and with `reserved` the
 * provider sets an appointment two hours ahead and confirms it.
 */
export async function seedMeeting(runtime: Runtime, input: SeedMeetingInput): Promise<SeededMeeting> {
  const { db, clock } = runtime;
  const now = clock.now();
  // One skill per kind and member: a second meeting of the kind goes through the same skill.
  const [existing] = await db
    .select({ id: memberSkill.id })
    .from(memberSkill)
    .where(and(eq(memberSkill.memberId, input.providerId), eq(memberSkill.kind, input.kind)))
    .limit(1);
  const [skill] = existing
    ? [existing]
    : await db
        .insert(memberSkill)
        .values({
          memberId: input.providerId,
          kind: input.kind,
          areaName: "영등포구",
          latitude: 37.526618,
          longitude: 126.919666,
          entries: ["친절한 상담"],
          priceGuide: 20_000,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: memberSkill.id });
  const fields = requestOfKind(input.kind, now);
  const request = {
    kind: input.kind,
    skillId: skill!.id,
    memo: "",
    locationName: "",
    ...fields,
  } as MeetingRequestInput;
  const requester = actorOf({ id: input.requesterId, role: "member", twoFactorEnabled: false });
  const provider = actorOf({ id: input.providerId, role: "member", twoFactorEnabled: false });
  const created = await requestMeeting(db, clock, requester, request);
  if (input.paidAndEnded !== undefined) {
    await payAndEnd(runtime, { meetingId: created.id, requester, provider, amount: input.paidAndEnded });
  } else if (input.reserved) {
    const at = new Date((Math.floor(clock.now().getTime() / MINUTE_MS) + 120) * MINUTE_MS);
    await setAppointment(db, clock, provider, created.id, at);
    await reserveMeeting(db, clock, provider, created.id);
  }
  return {
    id: created.id,
    code: created.code,
    chatPath: meetingChatPath(created),
    request: Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        value instanceof Date ? value.toISOString() : value,
      ]),
    ),
  };
}

/** Reserves the meeting in the past, has the requester pay `amount` with the local test card, and ends it. */
async function payAndEnd(
  runtime: Runtime,
  input: { meetingId: number; requester: Actor; provider: Actor; amount: number },
) {
  const { db, clock, payments: gateway, logger } = runtime;
  const { meetingId, requester, provider, amount } = input;
  const now = clock.now();
  const earlier: Clock = { now: () => new Date(now.getTime() - 3 * HOUR_MS) };
  await setAppointment(db, earlier, provider, meetingId, new Date(now.getTime() - HOUR_MS));
  await reserveMeeting(db, earlier, provider, meetingId);
  await requestPayment(db, clock, provider, meetingId, { amount, memo: "", freeInspection: false });
  const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
    memberCouponId: null,
    successUrl: "/pay/success",
    failUrl: "/pay/fail",
  });
  if (opened.kind !== "checkout") throw new Error("the seeded payment needed no checkout");
  const window = await authoriseLocalPayment(db, clock, {
    orderId: opened.orderId,
    amount: opened.amount,
    orderName: "seeded meeting",
    customerName: "rider",
    cardNumber: localTestCards.approves,
    expiryMonth: 12,
    expiryYear: now.getUTCFullYear() + 3,
  });
  if (window.outcome !== "authorised") throw new Error(`the seeded payment was ${window.outcome}`);
  const confirmed = await confirmCheckout(db, clock, gateway, logger, requester, {
    orderId: window.orderId,
    paymentKey: window.paymentKey,
    amount: window.amount,
  });
  if (confirmed.status !== "paid") throw new Error(`the seeded payment is ${confirmed.status}`);
  await endMeeting(db, clock, provider, meetingId);
}
