import { and, asc, eq, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import {
  blind,
  job,
  meeting,
  meetingBan,
  member,
  memberSkill,
  notification,
  rescueCall,
  rescueCallTarget,
  transitionLog,
  type SkillAvailability,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { meetingJobs } from "#app/services/meetings/jobs.server";
import {
  acceptRescueCall,
  declineRescueCall,
  incomingRescueCalls,
  myRescueCall,
  nearbyRescueExpertsQuery,
  sendRescueCall,
  withdrawRescueCall,
} from "./rescue.server";

let db: Database;
const clock = new FixedClock(new Date("2026-04-01T03:00:00Z"));
const logger = createLogger("silent");

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

// Each test places its own experts: those of earlier tests go off duty, and time moves past their calls.
beforeEach(async () => {
  clock.advance(2 * 60 * MINUTE_MS);
  await db.update(memberSkill).set({ active: false });
});

/** A point in Yeongdeungpo-gu, and one `km` kilometres due north of it (a degree of latitude is ≈ 111.2 km). */
const HERE = { latitude: 37.526618, longitude: 126.919666 };
const north = (km: number) => ({ latitude: HERE.latitude + km / 111.2, longitude: HERE.longitude });

const onCall: SkillAvailability = { days: [], from: null, to: null, onCall: true };
const offCall: SkillAvailability = { days: [0, 1, 2, 3, 4, 5, 6], from: "09:00", to: "18:00", onCall: false };

/** An expert offering a rescue skill `km` north of HERE (or any other kind or availability). */
async function expertAt(
  km: number,
  options: {
    radiusKm?: number;
    availability?: SkillAvailability;
    active?: boolean;
    kind?: "rescue" | "repair";
  } = {},
): Promise<TestMember> {
  const expert = await insertMember(db);
  const point = north(km);
  await db.insert(memberSkill).values({
    memberId: expert.id,
    kind: options.kind ?? "rescue",
    codes: ["towing"],
    truck: true,
    areaName: "영등포구",
    ...point,
    radiusKm: options.radiusKm ?? 10,
    availability: options.availability ?? onCall,
    active: options.active ?? true,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  return expert;
}

const call = (requester: TestMember, situation = "타이어 펑크로 갓길에 멈췄어요") =>
  sendRescueCall(db, clock, requester, { ...HERE, situation });

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const targetsOf = (callId: number) =>
  db
    .select()
    .from(rescueCallTarget)
    .where(eq(rescueCallTarget.callId, callId))
    .orderBy(asc(rescueCallTarget.distanceM));

const callRow = async (callId: number) =>
  (await db.select().from(rescueCall).where(eq(rescueCall.id, callId)))[0]!;

const notes = (recipientId: string, type: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.type, type)))
    .orderBy(asc(notification.id));

const expiryJobs = (callId: number) =>
  db
    .select({ status: job.status, runAt: job.runAt })
    .from(job)
    .where(eq(job.dedupeKey, `rescue:expire:${callId}`));

const worker = () =>
  new JobWorker({ db, clock, logger, registry: composeJobRegistry(meetingJobs), pollIntervalMs: 1000 });

describe("sending a rescue call", () => {
  it("reaches the five nearest on-call experts with their distances, and notifies each", async () => {
    const requester = await insertMember(db);
    const experts = [];
    for (const km of [6, 2, 7, 1, 4, 3, 5]) experts.push({ km, expert: await expertAt(km) });
    const sent = await call(requester);
    expect(sent.reached).toBe(5);

    const nearest = [...experts].sort((a, b) => a.km - b.km).slice(0, 5);
    const targets = await targetsOf(sent.id);
    expect(targets.map((target) => target.providerId)).toEqual(nearest.map(({ expert }) => expert.id));
    targets.forEach((target, index) => {
      expect(target.status).toBe("pending");
      expect(Math.abs(target.distanceM - nearest[index]!.km * 1000)).toBeLessThan(20);
    });
    expect(await callRow(sent.id)).toMatchObject({
      status: "open",
      requesterId: requester.id,
      radiusKm: 30,
      areaName: "영등포구",
    });
    for (const { km, expert } of nearest) {
      const [note] = await notes(expert.id, "rescueCall");
      expect(note).toMatchObject({
        link: "/meeting/rescue/calls",
        actorId: requester.id,
        params: { distance: km, situation: "타이어 펑크로 갓길에 멈췄어요" },
      });
    }
    for (const { expert } of experts.filter(({ km }) => km > 5))
      expect(await notes(expert.id, "rescueCall")).toEqual([]);
    expect(await expiryJobs(sent.id)).toEqual([
      { status: "pending", runAt: new Date(clock.now().getTime() + 30 * MINUTE_MS) },
    ]);
  });

  it("keeps to each expert's radius, the 30 km limit, on-call availability, active rescue skills", async () => {
    const requester = await insertMember(db);
    const farButWilling = await expertAt(25, { radiusKm: 30 });
    const reachesFar = await expertAt(12, { radiusKm: 15 });
    await expertAt(8, { radiusKm: 5 });
    await expertAt(35, { radiusKm: 50 });
    await expertAt(1, { availability: offCall });
    await expertAt(1, { active: false });
    await expertAt(1, { kind: "repair", availability: onCall });
    const sent = await call(requester);
    const targets = await targetsOf(sent.id);
    expect(targets.map((target) => target.providerId)).toEqual([reachesFar.id, farButWilling.id]);
  });

  it("leaves out the requester, banned and withdrawn members, and hidden relations either way", async () => {
    const requester = await insertMember(db);
    await db.insert(memberSkill).values({
      memberId: requester.id,
      kind: "rescue",
      areaName: "영등포구",
      ...HERE,
      availability: onCall,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const banned = await expertAt(1);
    await db.insert(meetingBan).values({
      memberId: banned.id,
      step: 1,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + 30 * 24 * 60 * MINUTE_MS),
      createdAt: clock.now(),
    });
    const liftedBan = await expertAt(2);
    await db.insert(meetingBan).values({
      memberId: liftedBan.id,
      step: 1,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: null,
      liftedAt: clock.now(),
      createdAt: clock.now(),
    });
    const hiddenByRequester = await expertAt(1.5);
    const hidingRequester = await expertAt(1.5);
    const unhidden = await expertAt(2.5);
    const withdrawn = await expertAt(1);
    await db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, withdrawn.id));
    const now = clock.now();
    await db.insert(blind).values([
      { userId: requester.id, blindUserId: hiddenByRequester.id, createdAt: now, updatedAt: now },
      { userId: hidingRequester.id, blindUserId: requester.id, createdAt: now, updatedAt: now },
      { userId: requester.id, blindUserId: unhidden.id, activated: false, createdAt: now, updatedAt: now },
    ]);
    const sent = await call(requester);
    expect((await targetsOf(sent.id)).map((target) => target.providerId)).toEqual([
      liftedBan.id,
      unhidden.id,
    ]);
  });

  it("finds the experts through its kind's member_skill_{kind}_earth_idx, never the whole table", async () => {
    const requester = await insertMember(db);
    await db
      .transaction(async (tx) => {
        // A table of a realistic size, so that the planner's choice means something; rolled back after.
        await tx.execute(sql`insert into member (id, name, email, created_at, updated_at)
          select 'plan-' || g, 'plan' || g, 'plan' || g || '@example.com', now(), now()
          from generate_series(1, 20000) g`);
        await tx.execute(sql`insert into member_skill (member_id, kind, area_name, latitude, longitude, created_at,
            updated_at, entries, codes, availability)
          select 'plan-' || g, (array['repair','coaching','rescue','pickup'])[1 + g % 4], '어딘가',
            33.2 + (g % 500) * 0.011, 126.1 + (g / 500) * 0.0375, now(), now(), '[]', '[]',
            '{"days":[],"from":null,"to":null,"onCall":true}'
          from generate_series(1, 20000) g`);
        await tx.execute(sql`analyze member_skill`);
        const query = nearbyRescueExpertsQuery(requester.id, HERE, clock.now());
        const rows = await queryRows<Record<string, string>>(
          tx as unknown as Database,
          sql`explain ${query}`,
        );
        const plan = rows.map((row) => Object.values(row)[0]).join("\n");
        expect(plan).toMatch(/member_skill_rescue_earth_idx/);
        expect(plan).not.toMatch(/Seq Scan on member_skill/);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });

  it("is refused with nobody in range, and nothing is stored", async () => {
    const requester = await insertMember(db);
    await expertAt(40, { radiusKm: 50 });
    expect(await outcome(call(requester))).toBe("rescue.no_expert_nearby");
    expect(await db.select().from(rescueCall).where(eq(rescueCall.requesterId, requester.id))).toEqual([]);
    expect(await myRescueCall(db, requester)).toBeNull();
  });

  it("checks the situation and the location, and refuses a banned requester", async () => {
    const requester = await insertMember(db);
    await expertAt(1);
    const send = (input: Partial<Parameters<typeof sendRescueCall>[3]>) =>
      outcome(sendRescueCall(db, clock, requester, { ...HERE, situation: "도와주세요", ...input }));
    expect(await send({ situation: "   " })).toBe("rescue.situation_invalid");
    expect(await send({ situation: "가".repeat(201) })).toBe("rescue.situation_invalid");
    expect(await send({ latitude: 91 })).toBe("rescue.location_invalid");
    expect(await send({ longitude: Number.NaN })).toBe("rescue.location_invalid");
    await db.insert(meetingBan).values({
      memberId: requester.id,
      step: 4,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: null,
      createdAt: clock.now(),
    });
    expect(await send({ situation: "가".repeat(200) })).toBe("conduct.banned_permanently");
  });

  it("refuses a second open call by the same requester, even sent at once; a closed one allows the next", async () => {
    const requester = await insertMember(db);
    await expertAt(1);
    const first = await call(requester);
    expect(await outcome(call(requester))).toBe("rescue.open_call_exists");
    await withdrawRescueCall(db, clock, requester, first.id);

    const outcomes = await Promise.all(Array.from({ length: 4 }, () => outcome(call(requester))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok")).toEqual(Array(3).fill("rescue.open_call_exists"));
    const open = await db
      .select()
      .from(rescueCall)
      .where(and(eq(rescueCall.requesterId, requester.id), eq(rescueCall.status, "open")));
    expect(open).toHaveLength(1);
  });
});

describe("answering a rescue call", () => {
  async function sentToThree() {
    const requester = await insertMember(db);
    const experts = [await expertAt(1), await expertAt(2), await expertAt(3)];
    const sent = await call(requester);
    return { requester, experts, callId: sent.id };
  }

  it("gives the meeting to the first to accept; the others are withdrawn and told; the requester hears who", async () => {
    const { requester, experts, callId } = await sentToThree();
    const [near, winner, far] = experts as [TestMember, TestMember, TestMember];
    const stranger = await insertMember(db);
    expect(await outcome(acceptRescueCall(db, clock, stranger, callId))).toBe("rescue.not_found");
    expect(await outcome(acceptRescueCall(db, clock, requester, callId))).toBe("rescue.not_found");

    const accepted = await acceptRescueCall(db, clock, winner, callId);
    const [created] = await db.select().from(meeting).where(eq(meeting.id, accepted.meetingId));
    expect(created).toMatchObject({
      kind: "rescue",
      status: "chatting",
      requesterId: requester.id,
      providerId: winner.id,
      rescueCallId: callId,
      requestAreaName: "영등포구",
      requestLatitude: HERE.latitude,
      request: { situation: "타이어 펑크로 갓길에 멈췄어요", locationName: "영등포구" },
    });
    expect(accepted.chatPath).toBe(`/meeting/rescue/chat?room=${created!.code}`);
    expect(await callRow(callId)).toMatchObject({ status: "accepted", meetingId: created!.id });
    expect((await targetsOf(callId)).map((target) => [target.providerId, target.status])).toEqual([
      [near.id, "withdrawn"],
      [winner.id, "accepted"],
      [far.id, "withdrawn"],
    ]);
    for (const other of [near, far]) {
      expect(await notes(other.id, "rescueWithdrawn")).toHaveLength(1);
      expect(await outcome(acceptRescueCall(db, clock, other, callId))).toBe("rescue.already_taken");
      expect(await outcome(declineRescueCall(db, clock, other, callId))).toBe("rescue.already_taken");
      expect(await incomingRescueCalls(db, other)).toEqual([]);
    }
    expect(await notes(winner.id, "rescueWithdrawn")).toEqual([]);
    expect(await notes(requester.id, "rescueAccepted")).toMatchObject([
      { actorId: winner.id, params: { nickname: winner.nickname, distance: 2 }, link: accepted.chatPath },
    ]);
    expect(await expiryJobs(callId)).toMatchObject([{ status: "cancelled" }]);
    // The same expert pressing again lands in the same chat.
    expect(await acceptRescueCall(db, clock, winner, callId)).toEqual(accepted);

    expect(await myRescueCall(db, requester)).toMatchObject({
      id: callId,
      status: "accepted",
      reached: 3,
      declined: 0,
      accepted: { nickname: winner.nickname, distanceKm: 2, chatPath: accepted.chatPath },
      canWithdraw: false,
    });
    const log = await db
      .select({ transition: transitionLog.transition, role: transitionLog.actorKind })
      .from(transitionLog)
      .where(and(eq(transitionLog.machine, "rescue_call"), eq(transitionLog.subjectId, String(callId))));
    expect(log).toEqual([{ transition: "accept", role: "expert" }]);
  });

  it("lets exactly one of many simultaneous acceptances win", { tags: ["concurrency"] }, async () => {
    const requester = await insertMember(db);
    const experts = await Promise.all([1, 2, 3, 4, 5].map((km) => expertAt(km)));
    const { id: callId } = await call(requester);
    const outcomes = await Promise.all(
      experts.map((expert) => outcome(acceptRescueCall(db, clock, expert, callId))),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok")).toEqual(Array(4).fill("rescue.already_taken"));
    const meetings = await db.select().from(meeting).where(eq(meeting.rescueCallId, callId));
    expect(meetings).toHaveLength(1);
    const targets = await targetsOf(callId);
    expect(targets.filter((target) => target.status === "accepted").map((t) => t.providerId)).toEqual([
      meetings[0]!.providerId,
    ]);
    expect(targets.filter((target) => target.status === "withdrawn")).toHaveLength(4);
    expect(await notes(requester.id, "rescueAccepted")).toHaveLength(1);
  });

  it("shows an expert the calls waiting for them: district and distance, never the point", async () => {
    const { requester, experts, callId } = await sentToThree();
    const incoming = await incomingRescueCalls(db, experts[0]!);
    expect(incoming).toEqual([
      {
        callId,
        nickname: requester.nickname,
        avatarUrl: null,
        situation: "타이어 펑크로 갓길에 멈췄어요",
        areaName: "영등포구",
        distanceKm: 1,
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 30 * MINUTE_MS),
      },
    ]);
    expect(await incomingRescueCalls(db, requester)).toEqual([]);
  });

  it("closes at once when every expert declined; a declined call cannot be accepted", async () => {
    const { requester, experts, callId } = await sentToThree();
    const [first, second, third] = experts as [TestMember, TestMember, TestMember];
    await declineRescueCall(db, clock, first, callId);
    expect(await outcome(acceptRescueCall(db, clock, first, callId))).toBe("rescue.already_answered");
    expect(await incomingRescueCalls(db, first)).toEqual([]);
    expect(await myRescueCall(db, requester)).toMatchObject({ status: "open", reached: 3, declined: 1 });
    await declineRescueCall(db, clock, second, callId);
    await declineRescueCall(db, clock, third, callId);
    expect(await callRow(callId)).toMatchObject({ status: "expired", meetingId: null });
    expect(await expiryJobs(callId)).toMatchObject([{ status: "cancelled" }]);
    expect(await myRescueCall(db, requester)).toMatchObject({
      status: "expired",
      declined: 3,
      accepted: null,
    });
    expect(await outcome(call(requester))).toBe("ok");
  });

  it("expires after 30 minutes without an acceptance (the job on the test clock)", async () => {
    const { requester, experts, callId } = await sentToThree();
    clock.advance(29 * MINUTE_MS);
    await worker().drain();
    expect(await callRow(callId)).toMatchObject({ status: "open" });
    clock.advance(2 * MINUTE_MS);
    await worker().drain();
    expect(await callRow(callId)).toMatchObject({ status: "expired" });
    expect((await targetsOf(callId)).every((target) => target.status === "withdrawn")).toBe(true);
    expect(await incomingRescueCalls(db, experts[0]!)).toEqual([]);
    expect(await outcome(acceptRescueCall(db, clock, experts[0]!, callId))).toBe("rescue.call_closed");
    expect(await myRescueCall(db, requester)).toMatchObject({ status: "expired", canWithdraw: false });
    expect(await expiryJobs(callId)).toMatchObject([{ status: "done" }]);
  });

  it("is withdrawn by its requester only, and leaves the experts' lists", async () => {
    const { requester, experts, callId } = await sentToThree();
    expect(await outcome(withdrawRescueCall(db, clock, experts[0]!, callId))).toBe("rescue.not_found");
    expect(await myRescueCall(db, requester)).toMatchObject({ status: "open", canWithdraw: true });
    await withdrawRescueCall(db, clock, requester, callId);
    expect(await myRescueCall(db, requester)).toMatchObject({ status: "withdrawn", canWithdraw: false });
    expect(await outcome(withdrawRescueCall(db, clock, requester, callId))).toBe("rescue.call_closed");
    expect(await expiryJobs(callId)).toMatchObject([{ status: "cancelled" }]);
    for (const expert of experts) expect(await incomingRescueCalls(db, expert)).toEqual([]);
    expect(await outcome(acceptRescueCall(db, clock, experts[1]!, callId))).toBe("rescue.call_closed");
  });

  it("refuses a banned expert's acceptance, leaving the call open for the others", async () => {
    const { experts, callId } = await sentToThree();
    await db.insert(meetingBan).values({
      memberId: experts[0]!.id,
      step: 1,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: new Date(clock.now().getTime() + 30 * 24 * 60 * MINUTE_MS),
      createdAt: clock.now(),
    });
    expect(await outcome(acceptRescueCall(db, clock, experts[0]!, callId))).toBe("conduct.banned");
    expect(await callRow(callId)).toMatchObject({ status: "open" });
    expect(await outcome(acceptRescueCall(db, clock, experts[1]!, callId))).toBe("ok");
    const statuses = await db
      .select({ status: rescueCallTarget.status })
      .from(rescueCallTarget)
      .where(
        and(eq(rescueCallTarget.callId, callId), inArray(rescueCallTarget.providerId, [experts[1]!.id])),
      );
    expect(statuses).toEqual([{ status: "accepted" }]);
  });
});
