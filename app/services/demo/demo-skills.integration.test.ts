import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  job,
  ledgerTransaction,
  meeting,
  meetingFeedback,
  meetingMessage,
  member,
  memberSkill,
  transitionLog,
  paymentOrder,
  refundRequest,
} from "#app/db/schema";
import { memberPendingEarningsCode, memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { derivedBalance } from "#app/services/ledger/audit.server";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoCommunity } from "./demo-community.server";
import { seedDemoMarket } from "./demo-market.server";
import { seedDemoCoupons } from "./demo-coupons.server";
import { seedDemoMeetings } from "./demo-meetings.server";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoMotorcycles } from "./demo-motorcycles.server";
import { seedDemoSkills } from "./demo-skills.server";

describe("demo skills", () => {
  it("needs the demo members", async () => {
    const { db, clock } = await createTestRuntime();
    expect(await seedDemoSkills(db, clock)).toBe(0);
    expect(await db.select().from(memberSkill)).toEqual([]);
  });

  it(
    "gives the demo members skills around Seoul once, the business member shop repair",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db, clock } = runtime;
      await seedCatalogue(db, clock);
      await seedDemoMembers(runtime);
      await seedDemoMotorcycles(runtime);

      expect(await seedDemoSkills(db, clock)).toBe(11);
      expect(await seedDemoSkills(db, clock)).toBe(0);

      const skills = await db
        .select({ kind: memberSkill.kind, email: member.email, skill: memberSkill })
        .from(memberSkill)
        .innerJoin(member, eq(member.id, memberSkill.memberId));
      expect(skills).toHaveLength(11);
      const kinds = new Set(skills.map((row) => row.kind));
      expect([...kinds].sort()).toEqual(["coaching", "owner", "pickup", "repair", "rescue"]);
      expect(skills.filter((row) => row.kind === "owner")).toHaveLength(3);
      for (const { skill } of skills) {
        // Seoul and the edge of Gyeonggi.
        expect(skill.latitude).toBeGreaterThan(37.4);
        expect(skill.latitude).toBeLessThan(37.7);
        expect(skill.longitude).toBeGreaterThan(126.8);
        expect(skill.longitude).toBeLessThan(127.3);
        expect(skill.active).toBe(true);
      }
      expect(
        skills.find((row) => row.email.startsWith("garage@") && row.kind === "repair")?.skill,
      ).toMatchObject({
        repairLevel: "shop",
        outsideRepair: true,
        areaCode: "seoul-seongdong",
      });
    },
  );

  it("leaves out owner skills without the demo garages", async () => {
    const runtime = await createTestRuntime();
    await seedDemoMembers(runtime);
    expect(await seedDemoSkills(runtime.db, runtime.clock)).toBe(8);
  });
});

describe("demo meetings", () => {
  it("need the demo members and their skills", async () => {
    const runtime = await createTestRuntime();
    expect(await seedDemoMeetings(runtime.db, runtime.clock)).toBe(0);
    await seedDemoMembers(runtime);
    expect(await seedDemoMeetings(runtime.db, runtime.clock)).toBe(0);
    expect(await runtime.db.select().from(meeting)).toEqual([]);
  }, 60_000);

  it("open one meeting in each state through the meeting services, once", async () => {
    const runtime = await createTestRuntime();
    const { db, clock } = runtime;
    /** What the boot does with an empty embedded database, in its order. */
    const boot = async () => {
      await seedCatalogue(db, clock);
      await seedDemoMembers(runtime);
      await seedDemoCommunity(runtime);
      await seedDemoMarket(runtime);
      await seedDemoMotorcycles(runtime);
      await seedDemoSkills(db, clock);
      await seedDemoCoupons(db, clock);
      return seedDemoMeetings(db, clock, { payments: true });
    };
    expect(await boot()).toBe(5);

    const meetings = await db.select().from(meeting).orderBy(asc(meeting.status));
    expect(meetings.map((row) => row.status)).toEqual([
      "cancelled",
      "chatting",
      "ended",
      "expired",
      "reserved",
    ]);
    const by = Object.fromEntries(meetings.map((row) => [row.status, row]));
    const now = clock.now().getTime();
    expect(by.reserved!.appointmentAt!.getTime()).toBeGreaterThan(now);
    expect(by.reserved!.placeName).toBeTruthy();
    expect(by.ended!.endedAt!.getTime()).toBeLessThan(now);
    expect(by.cancelled!.cancelReason).toBeTruthy();
    expect(by.expired!.providerAnsweredAt).toBeNull();
    expect(by.chatting!.providerAnsweredAt).not.toBeNull();

    for (const row of meetings) {
      const messages = await db
        .select({
          kind: meetingMessage.kind,
          event: meetingMessage.event,
          senderId: meetingMessage.senderId,
        })
        .from(meetingMessage)
        .where(eq(meetingMessage.meetingId, row.id))
        .orderBy(asc(meetingMessage.id));
      // The machine's own lines and the members' texts.
      expect(messages[0], row.status).toMatchObject({ kind: "system", event: "requestOpened" });
      expect(messages.filter((one) => one.kind !== "system").length, row.status).toBeGreaterThanOrEqual(1);
      const events = messages.map((one) => one.event).filter(Boolean);
      const expected = {
        chatting: [],
        reserved: [
          "appointmentSet",
          "placeSet",
          "reservationConfirmed",
          "paymentRequested",
          "paymentCompleted",
        ],
        ended: [
          "appointmentSet",
          "reservationConfirmed",
          "paymentRequested",
          "paymentCompleted",
          "meetingEnded",
          "refundRequested",
        ],
        cancelled: ["paymentRequested", "paymentCompleted", "reservationCancelled", "refundCompleted"],
        expired: ["meetingExpired"],
      }[row.status];
      expect(events, row.status).toEqual(["requestOpened", ...expected]);
      // Every change of state went through the machine and is in its log.
      const log = await db
        .select({ to: transitionLog.toState })
        .from(transitionLog)
        .where(and(eq(transitionLog.machine, "meeting"), eq(transitionLog.subjectId, String(row.id))));
      expect(log.map((entry) => entry.to).at(-1) ?? "chatting", row.status).toBe(row.status);
    }

    // The requester's feedback on the ended meeting, paid through the ledger; the provider's is still to come.
    const feedback = await db.select().from(meetingFeedback);
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ meetingId: by.ended!.id, authorId: by.ended!.requesterId });
    expect(feedback[0]!.rewardPoints).toBeGreaterThan(0);
    const points = memberPointsCode(by.ended!.requesterId);
    expect(await balanceOf(db, points)).toBeGreaterThanOrEqual(feedback[0]!.rewardPoints);
    expect(await balanceOf(db, points)).toBe(await derivedBalance(db, points));

    // The payments: the repair paid with the demo coupon, the coaching paid and settled, the pickup refunded.
    expect(by.reserved!.paymentStatus).toBe("paid");
    expect(by.ended!.paymentStatus).toBe("paid");
    expect(by.cancelled!.paymentStatus).toBe("refunded");
    const orders = await db.select().from(paymentOrder).orderBy(asc(paymentOrder.id));
    expect(orders.find((order) => order.meetingId === by.reserved!.id)).toMatchObject({
      status: "paid",
      price: 40_000,
      discount: 5_000,
      amount: 35_000,
    });
    expect(await balanceOf(db, memberPendingEarningsCode(by.ended!.providerId))).toBe(27_000);
    const [waiting] = await db.select().from(refundRequest).where(eq(refundRequest.meetingId, by.ended!.id));
    expect(waiting).toMatchObject({ status: "open", requesterId: by.ended!.requesterId });

    // No job is left due for the closed meetings; the reserved one keeps its reminders.
    const pending = await db.select({ key: job.dedupeKey }).from(job).where(eq(job.status, "pending"));
    const keys = pending.map((row) => row.key ?? "");
    for (const closed of [by.ended!, by.cancelled!, by.expired!])
      expect(
        keys.filter((key) => key.startsWith("meeting.") && key.split(":")[1] === String(closed.id)),
      ).toEqual([]);
    expect(keys).toContain(`meeting.reminder:${by.reserved!.id}:60`);

    // A second boot adds nothing.
    const counted = async () => ({
      meetings: (await db.select({ n: count() }).from(meeting))[0]!.n,
      messages: (await db.select({ n: count() }).from(meetingMessage))[0]!.n,
      feedback: (await db.select({ n: count() }).from(meetingFeedback))[0]!.n,
      transactions: (await db.select({ n: count() }).from(ledgerTransaction))[0]!.n,
      skills: (await db.select({ n: count() }).from(memberSkill))[0]!.n,
    });
    const before = await counted();
    expect(await boot()).toBe(0);
    expect(await counted()).toEqual(before);
  }, 120_000);
});
