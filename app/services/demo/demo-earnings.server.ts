import { and, count, eq, like } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { earningLine, member, memberSkill, settlementInfo, withdrawal } from "#app/db/schema";
import { FixedClock, type Clock } from "#app/platform/clock.server";
import type { PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import {
  authoriseLocalPayment,
  createLocalGateway,
  localTestCards,
} from "#app/platform/payments/local.server";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { actorOf, systemActor, type Actor } from "#app/services/actor";
import {
  endMeeting,
  requestMeeting,
  reserveMeeting,
  setAppointment,
} from "#app/services/meetings/meeting/meetings.server";
import type { MeetingRequestInput } from "#app/services/meetings/meeting/request.schema";
import { confirmCheckout, openCheckout } from "#app/services/payments/orders.server";
import { requestPayment } from "#app/services/payments/request.server";
import { createLogger } from "#app/platform/logger.server";
import { releaseLine } from "#app/services/settlement/earnings.server";
import { saveSettlementInfo } from "#app/services/settlement/settlement-info.server";
import { setWithdrawalPassword } from "#app/services/settlement/withdrawal-password.server";
import { withdrawals } from "#app/services/settlement/withdrawal-machine.server";
import { requestWithdrawal, settlePaid } from "#app/services/settlement/withdrawals.server";
import { applyTransition } from "#app/services/state-machine.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-members.server";

/** The demo shop's withdrawal password, written in the README beside the demo members. */
const DEMO_WITHDRAWAL_PASSWORD = "246810";

/** Repairs the demo shop did for the riders: who asked, how many days ago it ended, what was paid. */
const jobs = [
  {
    rider: "taeho",
    endedDaysAgo: 29,
    amount: 60_000,
    option: "cvt",
    symptom: "출발할 때 구동계에서 소리가 나요.",
  },
  {
    rider: "seoyeon",
    endedDaysAgo: 19,
    amount: 45_000,
    option: "brakePad",
    symptom: "앞 브레이크 패드가 다 닳았어요.",
  },
  {
    rider: "jiyoung",
    endedDaysAgo: 13,
    amount: 35_000,
    option: "inspection",
    symptom: "1만 km 정기 점검 부탁드려요.",
  },
  {
    rider: "taeho",
    endedDaysAgo: 2,
    amount: 50_000,
    option: "tire",
    symptom: "뒷타이어 교체 시기가 된 것 같아요.",
  },
] as const;

/**
 * The demo shop's (`garage`, a business member) earnings in every state, written through the services at the
 * moments they would have happened: four paid repairs that ended 29, 19, 13 and 2 days ago, its withdrawal account
 * and password, a withdrawal of the first repair paid out, one of the second still requested (its line being
 * withdrawn), the third released and withdrawable, the fourth still on hold. Needs the demo members, their skills and
 * the local gateway; does nothing when the shop already has earnings. Answers how many earnings lines it wrote.
 */
export async function seedDemoEarnings(
  db: Database,
  clock: Clock,
  options: { keyring: PersonalDataKeyring; bankFee: number },
): Promise<number> {
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
  const shop = actors.get("garage");
  if (!shop) return 0;
  const [existing] = await db
    .select({ n: count() })
    .from(earningLine)
    .where(eq(earningLine.providerId, shop.id));
  if ((existing?.n ?? 0) > 0) return 0;
  const [skill] = await db
    .select({ id: memberSkill.id })
    .from(memberSkill)
    .where(
      and(eq(memberSkill.memberId, shop.id), eq(memberSkill.kind, "repair"), eq(memberSkill.active, true)),
    )
    .limit(1);
  if (!skill) return 0;

  const now = clock.now().getTime();
  const at = (offset: number) => new FixedClock(new Date(now + offset));
  const lineIds: number[] = [];

  for (const job of jobs) {
    const rider = actors.get(job.rider);
    if (!rider) continue;
    const start = -(job.endedDaysAgo + 1) * DAY_MS;
    const opened = await requestMeeting(db, at(start), rider, {
      kind: "repair",
      skillId: skill.id,
      model: "혼다 포르자 350",
      repairOption: job.option,
      symptom: job.symptom,
      memo: "",
      locationName: "",
      wishAt: undefined,
    } as MeetingRequestInput);
    await setAppointment(db, at(start + HOUR_MS), shop, opened.id, new Date(now + start + DAY_MS));
    await reserveMeeting(db, at(start + HOUR_MS + MINUTE_MS), shop, opened.id);
    const when = at(start + HOUR_MS + 5 * MINUTE_MS);
    await requestPayment(db, when, shop, opened.id, { amount: job.amount, memo: "", freeInspection: false });
    const gateway = createLocalGateway({ db, clock: when });
    const checkout = await openCheckout(db, when, gateway, rider, opened.id, {
      memberCouponId: null,
      successUrl: "/meeting/pay/success",
      failUrl: "/meeting/pay/fail",
    });
    if (checkout.kind !== "checkout") continue;
    const window = await authoriseLocalPayment(db, when, {
      orderId: checkout.orderId,
      amount: checkout.amount,
      orderName: "모토메이트 만남 결제",
      customerName: "demo",
      cardNumber: localTestCards.approves,
      expiryMonth: 12,
      expiryYear: when.now().getUTCFullYear() + 3,
    });
    if (window.outcome !== "authorised") continue;
    await confirmCheckout(db, when, gateway, createLogger("silent"), rider, window);
    const endedAt = at(-job.endedDaysAgo * DAY_MS);
    await endMeeting(db, endedAt, shop, opened.id);
    const [line] = await db.select().from(earningLine).where(eq(earningLine.meetingId, opened.id));
    if (!line) continue;
    lineIds.push(line.id);
    // The release job, as the worker ran it when the hold ended.
    const released = new FixedClock(line.releasableAt);
    if (released.now().getTime() <= now)
      await runInTransaction(db, released, (uow) => releaseLine(uow, line.id));
  }

  // Its withdrawal account and password, set before its first withdrawal.
  const [info] = await db.select().from(settlementInfo).where(eq(settlementInfo.userId, shop.id));
  if (!info) {
    const set = at(-25 * DAY_MS);
    await setWithdrawalPassword(db, set, shop, DEMO_WITHDRAWAL_PASSWORD, { recentlyChecked: false });
    await saveSettlementInfo(
      db,
      set,
      options.keyring,
      shop,
      {
        bankCode: "004",
        holderName: "모토메이트정비소",
        accountNumber: "123456789012",
        ownerName: "박정비",
        taxEmail: "tax@garage.example",
        taxPhone: "01055550123",
      },
      { recentlyChecked: true },
    );
  }

  const config = { bankFee: options.bankFee, payoutMode: "manual" as const };
  // The first repair's earnings withdrawn 19 days ago and paid out by the bank transfer the next day.
  if (lineIds[0] !== undefined) {
    const first = await requestWithdrawal(db, at(-19 * DAY_MS), shop, [lineIds[0]], config);
    await runInTransaction(db, at(-18 * DAY_MS), async (uow) => {
      await applyTransition(
        uow,
        withdrawals,
        first.id,
        "process",
        { role: "system", id: null },
        {},
        {
          processingAt: uow.now,
          updatedAt: uow.now,
        },
      );
      const [row] = await uow.tx.select().from(withdrawal).where(eq(withdrawal.id, first.id));
      await settlePaid(uow, row!, { role: "system", id: null }, systemActor);
    });
  }
  // The second repair's earnings asked for yesterday, waiting for the operator's transfer.
  if (lineIds[1] !== undefined) await requestWithdrawal(db, at(-DAY_MS), shop, [lineIds[1]], config);
  return lineIds.length;
}
