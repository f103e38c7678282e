import { and, count, eq, like } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  coupon as couponTable,
  meeting,
  member,
  memberCoupon,
  memberSkill,
  type MeetingKind,
} from "#app/db/schema";
import { FixedClock, type Clock } from "#app/platform/clock.server";
import { cancelJobs } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { actorOf, type Actor } from "#app/services/actor";
import { sendMessage } from "#app/services/meetings/chat/send.server";
import { giveFeedback } from "#app/services/meetings/conduct/feedback.server";
import {
  cancelMeeting,
  endMeeting,
  requestMeeting,
  reserveMeeting,
  setAppointment,
  setPlace,
} from "#app/services/meetings/meeting/meetings.server";
import type { MeetingRequestInput } from "#app/services/meetings/meeting/request.schema";
import { meetingExpiryJob } from "#app/services/meetings/meeting/meeting-machine.server";
import { expiryKey } from "#app/services/meetings/meeting/schedule.server";
import {
  authoriseLocalPayment,
  createLocalGateway,
  localTestCards,
} from "#app/platform/payments/local.server";
import { confirmCheckout, openCheckout } from "#app/services/payments/orders.server";
import { requestPayment } from "#app/services/payments/request.server";
import { requestRefund } from "#app/services/payments/refund-requests.server";
import { DEMO_COUPON_CODE } from "./demo-coupons.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

/** A request's own fields of one kind; the skill is looked up, the memo and the wished time left empty. */
type DemoRequest = MeetingRequestInput extends infer Input
  ? Input extends MeetingRequestInput
    ? Omit<Input, "skillId" | "memo" | "locationName" | "wishAt"> & { locationName?: string }
    : never
  : never;

/**
 * Meetings between the demo members, one in each state of the meeting machine (chatting, reserved, ended with the
 * requester's feedback, cancelled, expired), each with a few chat lines. They are written through the meeting
 * services at the moments they would have happened (a clock set back in time), so the machine's log, its system
 * messages, the notifications, the jobs and the feedback reward in the ledger agree with what a member would have
 * done. Needs the demo members and their skills (seedDemoSkills) and a database with no meeting yet. Answers how
 * many meetings it wrote.
 */
export async function seedDemoMeetings(
  db: Database,
  clock: Clock,
  options: {
    /**
     * Pay the demo's payment requests through the local gateway (the demo's default): a paid repair with the demo
     * coupon, a paid coaching that ended with a refund request waiting for an administrator, and a paid pickup
     * refunded when it was cancelled. Off with a real gateway.
     */
    payments?: boolean;
  } = {},
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(meeting);
  if ((existing?.n ?? 0) > 0) return 0;
  const riders = await db
    .select({ id: member.id, email: member.email })
    .from(member)
    .where(like(member.email, `%@${DEMO_EMAIL_DOMAIN}`));
  const actors = new Map<string, Actor>(
    riders.map((row) => [
      row.email.split("@")[0]!,
      actorOf({ id: row.id, role: "member", twoFactorEnabled: false }),
    ]),
  );
  const now = clock.now().getTime();
  /** A clock at `offset` from now (negative: in the past). */
  const at = (offset: number) => new FixedClock(new Date(now + offset));

  async function skillOf(name: string, kind: MeetingKind): Promise<number | undefined> {
    const rider = actors.get(name);
    if (!rider) return undefined;
    const [row] = await db
      .select({ id: memberSkill.id })
      .from(memberSkill)
      .where(
        and(eq(memberSkill.memberId, rider.id), eq(memberSkill.kind, kind), eq(memberSkill.active, true)),
      )
      .limit(1);
    return row?.id;
  }

  let lines = 0;
  async function say(when: Clock, who: Actor, code: string, text: string) {
    lines += 1;
    await sendMessage(db, when, who, { code, clientId: `demo-line-${lines}`, text });
  }

  /** Opens a meeting as `requester` through the provider's skill of the request's kind, at `when`. */
  async function request(requester: string, provider: string, when: Clock, fields: DemoRequest) {
    const from = actors.get(requester);
    const to = actors.get(provider);
    const skillId = await skillOf(provider, fields.kind);
    if (!from || !to || !skillId) return undefined;
    const input = {
      memo: "",
      locationName: "",
      wishAt: undefined,
      ...fields,
      skillId,
    } as MeetingRequestInput;
    const opened = await requestMeeting(db, when, from, input);
    return { ...opened, requester: from, provider: to };
  }

  /**
   * The provider asks for `amount` and the requester pays it at `when`, through the local gateway's window with the
   * test card that approves (and the requester's demo coupon when `withCoupon`), as the pages would.
   */
  async function paid(
    when: Clock,
    opened: { id: number; requester: Actor; provider: Actor },
    amount: number,
    withCoupon = false,
  ) {
    if (!options.payments) return;
    await requestPayment(db, when, opened.provider, opened.id, { amount, memo: "", freeInspection: false });
    const gateway = createLocalGateway({ db, clock: when });
    const [coupon] = withCoupon
      ? await db
          .select({ id: memberCoupon.id })
          .from(memberCoupon)
          .innerJoin(couponTable, eq(couponTable.id, memberCoupon.couponId))
          .where(and(eq(memberCoupon.memberId, opened.requester.id), eq(couponTable.code, DEMO_COUPON_CODE)))
      : [];
    const checkout = await openCheckout(db, when, gateway, opened.requester, opened.id, {
      memberCouponId: coupon?.id ?? null,
      successUrl: "/meeting/pay/success",
      failUrl: "/meeting/pay/fail",
    });
    if (checkout.kind !== "checkout") return;
    const window = await authoriseLocalPayment(db, when, {
      orderId: checkout.orderId,
      amount: checkout.amount,
      orderName: "모토메이트 만남 결제",
      customerName: "demo",
      cardNumber: localTestCards.approves,
      expiryMonth: 12,
      expiryYear: when.now().getUTCFullYear() + 3,
    });
    if (window.outcome !== "authorised") return;
    await confirmCheckout(db, when, gateway, createLogger("silent"), opened.requester, window);
  }

  let written = 0;

  // Chatting: asked two hours ago, the coach has answered, nothing is fixed yet.
  const chatting = await request("jiyoung", "taeho", at(-2 * HOUR_MS), {
    kind: "coaching",
    goal: "와인딩 코너에서 시선 처리와 감속 타이밍을 배우고 싶어요.",
    experience: "PCX 125로 출퇴근 2년, 와인딩은 처음입니다.",
  });
  if (chatting) {
    written += 1;
    await say(at(-2 * HOUR_MS + MINUTE_MS), chatting.requester, chatting.code, "주말 오전에 가능하실까요?");
    await say(
      at(-HOUR_MS),
      chatting.provider,
      chatting.code,
      "네, 토요일 오전이 좋습니다. 북악 스카이웨이에서 시작하면 어떨까요?",
    );
  }

  // Reserved: the shop fixed an appointment two days ahead and confirmed it.
  const reserved = await request("minsu", "garage", at(-DAY_MS), {
    kind: "repair",
    model: "혼다 포르자 350",
    repairOption: "engineOil",
    symptom: "주행거리 6,000km, 엔진오일 교환 시기가 지났어요.",
  });
  if (reserved) {
    written += 1;
    await say(
      at(-DAY_MS + 30 * MINUTE_MS),
      reserved.provider,
      reserved.code,
      "모레 오후 2시에 입고 가능합니다.",
    );
    const appointment = new Date(Math.ceil((now + 2 * DAY_MS) / HOUR_MS) * HOUR_MS);
    await setAppointment(db, at(-DAY_MS + 31 * MINUTE_MS), reserved.provider, reserved.id, appointment);
    await setPlace(db, at(-DAY_MS + 32 * MINUTE_MS), reserved.provider, reserved.id, {
      name: "모토메이트 정비소",
      address: "서울 성동구 성수이로 51",
      latitude: 37.5446,
      longitude: 127.0557,
    });
    await reserveMeeting(db, at(-DAY_MS + 33 * MINUTE_MS), reserved.provider, reserved.id);
    await paid(at(-DAY_MS + 35 * MINUTE_MS), reserved, 40_000, true);
    await say(
      at(-DAY_MS + 40 * MINUTE_MS),
      reserved.requester,
      reserved.code,
      "감사합니다. 그때 뵙겠습니다!",
    );
  }

  // Ended: a coaching three days ago; the rider wrote feedback (and was paid its reward), the coach not yet.
  const start = -5 * DAY_MS;
  const ended = await request("taeho", "seoyeon", at(start), {
    kind: "coaching",
    goal: "동승자를 태우고 장거리 투어를 가기 전에 저속 주행을 다듬고 싶어요.",
    experience: "MT-07 3년, 혼자 투어는 자주 다닙니다.",
  });
  if (ended) {
    written += 1;
    const met = new Date(now - 3 * DAY_MS);
    await say(
      at(start + HOUR_MS),
      ended.provider,
      ended.code,
      "좋아요. 한강 주차장에서 두 시간 연습해 봐요.",
    );
    await setAppointment(db, at(start + HOUR_MS + MINUTE_MS), ended.provider, ended.id, met);
    await reserveMeeting(db, at(start + HOUR_MS + 2 * MINUTE_MS), ended.provider, ended.id);
    await paid(at(start + HOUR_MS + 5 * MINUTE_MS), ended, 30_000);
    await say(at(start + 2 * HOUR_MS), ended.requester, ended.code, "네, 헬멧 인터컴도 챙겨 갈게요.");
    await endMeeting(db, at(-3 * DAY_MS + 2 * HOUR_MS), ended.provider, ended.id);
    await giveFeedback(db, at(-3 * DAY_MS + 5 * HOUR_MS), ended.requester, ended.id, {
      verdict: "smooth",
      rating: 5,
      content:
        "저속 U턴과 클러치 반클러치 연습을 차근차근 알려 주셨어요. 동승자를 태웠을 때 브레이크를 어떻게 나눠 잡는지 직접 보여 주셔서 이해가 쉬웠습니다. 다음 투어 전에 한 번 더 신청하고 싶어요!",
      photos: [],
    });
    // A day later the rider asks for part of it back: a refund request waiting for an administrator.
    if (options.payments)
      await requestRefund(
        db,
        at(-2 * DAY_MS),
        ended.requester,
        ended.id,
        "약속한 두 시간 중 한 시간만 연습했어요. 남은 시간만큼 환불을 요청합니다.",
      );
  }

  // Cancelled: a pickup the rider called off after the carrier answered.
  const cancelled = await request("seoyeon", "jiyoung", at(-3 * DAY_MS), {
    kind: "pickup",
    startAddress: "서울 강남구 테헤란로 152",
    destinationAddress: "서울 서초구 서초대로 398",
    pickupAt: new Date(now - 2 * DAY_MS),
    item: "parts",
    distanceKm: 4.2,
    minutes: 20,
  });
  if (cancelled) {
    written += 1;
    await say(
      at(-3 * DAY_MS + 20 * MINUTE_MS),
      cancelled.provider,
      cancelled.code,
      "내일 오전에 픽업 가능합니다.",
    );
    await paid(at(-3 * DAY_MS + 30 * MINUTE_MS), cancelled, 20_000);
    await cancelMeeting(
      db,
      at(-3 * DAY_MS + HOUR_MS),
      cancelled.requester,
      cancelled.id,
      "부품 배송이 늦어져서 다음에 다시 신청할게요.",
    );
  }

  // Expired: a rescue request nine days ago that the provider never answered; the system closed it after seven.
  const expired = await request("jiyoung", "garage", at(-9 * DAY_MS), {
    kind: "rescue",
    locationName: "여의도 한강공원",
    latitude: 37.5284,
    longitude: 126.9328,
    situation: "뒷바퀴 펑크로 주행이 어렵습니다.",
  });
  if (expired) {
    written += 1;
    await say(
      at(-9 * DAY_MS + 10 * MINUTE_MS),
      expired.requester,
      expired.code,
      "혹시 지금 출동 가능하신가요?",
    );
    // The expiry job, as the worker runs it at its time; its row is then taken off the queue.
    const due = at(-2 * DAY_MS);
    await runInTransaction(db, due, async (uow) => {
      await meetingExpiryJob.handle(
        { meetingId: expired.id },
        { uow, clock: due, logger: createLogger("silent") },
      );
      await cancelJobs(uow, expiryKey(expired.id));
    });
  }

  return written;
}
