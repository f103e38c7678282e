import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { blind, meeting, meetingBan } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import {
  insertSkill,
  meetingJobRows,
  meetingLog,
  meetingMessages,
  notificationsOf,
  requestOf,
  runDueJobs,
  type MemberSkillRow,
} from "#app/services/meetings/meetings.fixtures";
import {
  allowedActions,
  cancelMeeting,
  endMeeting,
  listMyMeetings,
  markProviderAnswered,
  meetingChatPath,
  requestMeeting,
  reserveMeeting,
  setAppointment,
  setPlace,
} from "./meetings.server";
import { meetingRequestSchema } from "./request.schema";
import { expiryKey, MEETING_EXPIRY_MS, reminderKey } from "./schedule.server";

let db: Database;
const clock = new FixedClock(new Date("2026-06-01T01:00:00Z"));
let admin: TestMember;

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  admin = await insertAdmin(db);
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const row = async (id: number) => (await db.select().from(meeting).where(eq(meeting.id, id)))[0]!;

async function pair(kind: MeetingRequestArgs = "repair", values: Partial<MemberSkillRow> = {}) {
  const requester = await insertMember(db);
  const provider = await insertMember(db);
  const skill = await insertSkill(db, provider.id, kind, values);
  return { requester, provider, skill };
}
type MeetingRequestArgs = MemberSkillRow["kind"];

async function opened(kind: MeetingRequestArgs = "repair") {
  const sides = await pair(kind);
  const created = await requestMeeting(db, clock, sides.requester, requestOf(sides.skill, clock.now()));
  return { ...sides, id: created.id, created };
}

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR_MS);

describe("requesting a meeting", () => {
  it("opens the chat with the request's fields, tells the provider and schedules the expiry", async () => {
    const { requester, provider, skill } = await pair("pickup", { codes: ["under125", "parts"] });
    const created = await requestMeeting(db, clock, requester, {
      ...requestOf(skill, clock.now()),
      memo: "조심히 부탁드립니다",
      locationName: "여의도",
      latitude: 37.52,
      longitude: 126.92,
    });
    expect(created.kind).toBe("pickup");
    const saved = await row(created.id);
    expect(saved).toMatchObject({
      status: "chatting",
      requesterId: requester.id,
      providerId: provider.id,
      skillId: skill.id,
      memo: "조심히 부탁드립니다",
      requestAreaName: "여의도",
      requestLatitude: 37.52,
      request: { item: "under125", distanceKm: 8.5, minutes: 30, pickupAt: inHours(2).toISOString() },
    });
    expect((await meetingMessages(db, created.id)).map((m) => m.event)).toEqual(["requestOpened"]);
    expect(await notificationsOf(db, provider.id, "meetingRequest")).toMatchObject([
      { link: meetingChatPath(saved), params: { nickname: requester.nickname } },
    ]);
    expect(await meetingJobRows(db, created.id)).toEqual([
      expect.objectContaining({
        key: expiryKey(created.id),
        status: "pending",
        runAt: new Date(clock.now().getTime() + MEETING_EXPIRY_MS),
      }),
    ]);
  });

  it("refuses a missing, inactive, other-kind or own skill, and a banned or hidden provider", async () => {
    const { requester, provider, skill } = await pair("repair");
    const ask = (who: TestMember, input = requestOf(skill, clock.now())) =>
      outcome(requestMeeting(db, clock, who, input));
    expect(await ask(requester, requestOf({ id: 999_999, kind: "repair" }, clock.now()))).toBe(
      "meeting.skill_not_found",
    );
    expect(await ask(requester, requestOf({ id: skill.id, kind: "coaching" }, clock.now()))).toBe(
      "meeting.kind_mismatch",
    );
    expect(await ask(provider)).toBe("meeting.own_skill");

    const off = await insertSkill(db, (await insertMember(db)).id, "coaching", { active: false });
    expect(await ask(requester, requestOf(off, clock.now()))).toBe("meeting.skill_not_found");

    const bannedProvider = await pair("coaching");
    await db.insert(meetingBan).values({
      memberId: bannedProvider.provider.id,
      step: 1,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: inHours(24 * 30),
      createdAt: clock.now(),
    });
    expect(await ask(requester, requestOf(bannedProvider.skill, clock.now()))).toBe(
      "meeting.skill_not_found",
    );

    const hidden = await pair("coaching");
    const now = clock.now();
    await db
      .insert(blind)
      .values({ userId: hidden.provider.id, blindUserId: requester.id, createdAt: now, updatedAt: now });
    expect(await ask(requester, requestOf(hidden.skill, clock.now()))).toBe("meeting.blocked");
    const hiding = await pair("coaching");
    await db.insert(blind).values({
      userId: hiding.requester.id,
      blindUserId: hiding.provider.id,
      createdAt: now,
      updatedAt: now,
    });
    expect(await ask(hiding.requester, requestOf(hiding.skill, clock.now()))).toBe("meeting.blocked");
  });

  it("refuses a banned requester with the ban's end, and a permanent ban", async () => {
    const { requester, skill } = await pair("coaching");
    await db.insert(meetingBan).values({
      memberId: requester.id,
      step: 1,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: new Date("2026-07-01T03:00:00Z"),
      createdAt: clock.now(),
    });
    const refused = await requestMeeting(db, clock, requester, requestOf(skill, clock.now())).catch(
      (error: unknown) => error as DomainError,
    );
    expect(refused).toMatchObject({
      area: "conduct",
      code: "banned",
      details: { params: { until: "2026-07-01" } },
    });
    const forever = await pair("coaching");
    await db.insert(meetingBan).values({
      memberId: forever.requester.id,
      step: 4,
      reason: "noShow",
      startsAt: clock.now(),
      endsAt: null,
      createdAt: clock.now(),
    });
    expect(
      await outcome(requestMeeting(db, clock, forever.requester, requestOf(forever.skill, clock.now()))),
    ).toBe("conduct.banned_permanently");
  });

  it("refuses a second open meeting over the same skill, and allows one after the first closed", async () => {
    const { requester, skill, id } = await opened("coaching");
    expect(await outcome(requestMeeting(db, clock, requester, requestOf(skill, clock.now())))).toBe(
      "meeting.open_exists",
    );
    const someoneElse = await insertMember(db);
    expect(await outcome(requestMeeting(db, clock, someoneElse, requestOf(skill, clock.now())))).toBe("ok");
    await cancelMeeting(db, clock, requester, id, "일정이 바뀌었어요");
    expect(await outcome(requestMeeting(db, clock, requester, requestOf(skill, clock.now())))).toBe("ok");
  });

  it("checks the kind's codes against the reference tables and the expert's own, and the pickup lead time", async () => {
    const { requester, skill } = await pair("repair", { codes: ["tire"] });
    expect(await outcome(requestMeeting(db, clock, requester, requestOf(skill, clock.now())))).toBe(
      "meeting.option_invalid",
    );
    expect(
      await outcome(
        requestMeeting(db, clock, requester, requestOf(skill, clock.now(), { repairOption: "nope" })),
      ),
    ).toBe("meeting.option_invalid");
    const pickup = await pair("pickup");
    const soon = requestOf(pickup.skill, clock.now(), {
      pickupAt: new Date(clock.now().getTime() + 59 * MINUTE_MS),
    });
    expect(await outcome(requestMeeting(db, clock, pickup.requester, soon))).toBe("meeting.pickup_too_soon");
    expect(
      await outcome(
        requestMeeting(db, clock, pickup.requester, requestOf(pickup.skill, clock.now(), { item: "boat" })),
      ),
    ).toBe("meeting.item_invalid");
    const owner = await pair("owner");
    expect(
      await outcome(
        requestMeeting(db, clock, owner.requester, requestOf(owner.skill, clock.now(), { modelId: 987_654 })),
      ),
    ).toBe("meeting.model_not_found");
  });
});

describe("the request schema", () => {
  const schema = meetingRequestSchema(() => clock.now());
  const base = { skillId: 7, memo: "", locationName: "" };
  const errors = (value: Record<string, unknown>) => {
    const parsed = schema.safeParse(value);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("takes each kind's fields and reads times as Korean time", () => {
    const parsed = schema.parse({
      ...base,
      kind: "pickup",
      startAddress: " 서울 ",
      destinationAddress: "인천",
      pickupAt: "2026-06-01T12:00",
      item: "parts",
      distanceKm: 30,
      minutes: 60,
    });
    expect(parsed).toMatchObject({
      kind: "pickup",
      startAddress: "서울",
      pickupAt: new Date("2026-06-01T03:00:00Z"),
    });
  });

  it("names what is missing or wrong", () => {
    expect(errors({ ...base, kind: "repair", model: "", repairOption: "tire" })).toMatchObject({
      model: "meeting.error.text_required",
      symptom: "meeting.error.text_required",
    });
    expect(
      errors({
        ...base,
        kind: "pickup",
        startAddress: "a",
        destinationAddress: "b",
        pickupAt: "2026-06-01T10:30",
        item: "parts",
        distanceKm: 0,
        minutes: 1.5,
      }),
    ).toMatchObject({
      pickupAt: "meeting.error.pickup_too_soon",
      distanceKm: "meeting.error.number_invalid",
      minutes: "meeting.error.number_invalid",
    });
    expect(errors({ ...base, kind: "rescue", situation: "사고" })).toMatchObject({
      locationName: "meeting.error.text_required",
      latitude: "meeting.error.location_required",
    });
    expect(errors({ ...base, kind: "coaching", goal: "a", experience: "b", memo: "가".repeat(201) })).toEqual(
      {
        memo: "meeting.error.memo_length",
      },
    );
    expect(
      errors({ ...base, kind: "coaching", goal: "a", experience: "b", wishAt: "2026-06-01T09:00" }),
    ).toEqual({ wishAt: "meeting.error.wish_past" });
    expect(
      errors({ ...base, kind: "coaching", goal: "a", experience: "b", wishAt: "2026-02-30T12:00" }),
    ).toEqual({
      wishAt: "meeting.error.date_invalid",
    });
  });
});

describe("arranging and closing a meeting", () => {
  it("lets only the provider set the appointment and place, in the future, and counts it as an answer", async () => {
    const { requester, provider, id } = await opened();
    expect(await outcome(setAppointment(db, clock, requester, id, inHours(3)))).toBe("meeting.provider_only");
    expect(await outcome(setAppointment(db, clock, admin, id, inHours(3)))).toBe("meeting.provider_only");
    const stranger = await insertMember(db);
    expect(await outcome(setAppointment(db, clock, stranger, id, inHours(3)))).toBe(
      "meeting.not_participant",
    );
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    expect(await outcome(setAppointment(db, clock, adminWithoutTwoFactor, id, inHours(3)))).toBe(
      "meeting.not_participant",
    );
    expect(await outcome(setAppointment(db, clock, provider, id, clock.now()))).toBe(
      "meeting.appointment_past",
    );
    expect((await row(id)).providerAnsweredAt).toBeNull();

    await setAppointment(db, clock, provider, id, inHours(3));
    expect(await row(id)).toMatchObject({ appointmentAt: inHours(3), providerAnsweredAt: clock.now() });
    const place = {
      name: "여의도 공원",
      address: "서울 영등포구 여의공원로 68",
      latitude: 37.525,
      longitude: 126.922,
    };
    expect(await outcome(setPlace(db, clock, requester, id, place))).toBe("meeting.provider_only");
    expect(await outcome(setPlace(db, clock, provider, id, { ...place, latitude: 91 }))).toBe(
      "meeting.place_invalid",
    );
    await setPlace(db, clock, provider, id, place);
    expect(await row(id)).toMatchObject({ placeName: "여의도 공원", placeLatitude: 37.525 });
    expect((await meetingMessages(db, id)).map((m) => [m.event, m.eventValues])).toEqual([
      ["requestOpened", expect.anything()],
      ["appointmentSet", { at: inHours(3).toISOString() }],
      ["placeSet", { name: place.name, address: place.address }],
    ]);
    expect(await meetingLog(db, id)).toEqual([]);
    // The provider answered: the request no longer expires.
    expect(await meetingJobRows(db, id)).toContainEqual(
      expect.objectContaining({ key: expiryKey(id), status: "cancelled" }),
    );
  });

  it("schedules reminders 60 and 30 minutes ahead, moves them with the appointment, and cancels them", async () => {
    const { requester, provider, id } = await opened();
    await setAppointment(db, clock, provider, id, inHours(3));
    const pending = async () =>
      (await meetingJobRows(db, id)).filter((j) => j.status === "pending").map((j) => [j.key, j.runAt]);
    expect(await pending()).toEqual([
      [reminderKey(id, 60), inHours(2)],
      [reminderKey(id, 30), inHours(2.5)],
    ]);
    await setAppointment(db, clock, provider, id, inHours(5));
    expect(await pending()).toEqual([
      [reminderKey(id, 60), inHours(4)],
      [reminderKey(id, 30), inHours(4.5)],
    ]);
    // An appointment 40 minutes ahead has only the 30-minute reminder left.
    await setAppointment(db, clock, provider, id, new Date(clock.now().getTime() + 40 * MINUTE_MS));
    expect(await pending()).toEqual([
      [reminderKey(id, 30), new Date(clock.now().getTime() + 10 * MINUTE_MS)],
    ]);
    await cancelMeeting(db, clock, requester, id, "급한 일이 생겼어요");
    expect(await pending()).toEqual([]);
  });

  it("reserves only with an appointment ahead, by the provider, and tells the requester", async () => {
    const { requester, provider, id } = await opened();
    expect(await outcome(reserveMeeting(db, clock, provider, id))).toBe("meeting.appointment_required");
    expect(await outcome(reserveMeeting(db, clock, requester, id))).toBe("machine.transition_forbidden");
    await setAppointment(db, clock, provider, id, inHours(1));
    clock.advance(HOUR_MS);
    expect(await outcome(reserveMeeting(db, clock, provider, id))).toBe("meeting.appointment_past");
    await setAppointment(db, clock, provider, id, inHours(2));
    await reserveMeeting(db, clock, provider, id);
    expect((await row(id)).status).toBe("reserved");
    expect(await outcome(reserveMeeting(db, clock, provider, id))).toBe("machine.transition_not_allowed");
    expect((await meetingLog(db, id)).map((l) => [l.transition, l.actorKind, l.actorId])).toEqual([
      ["reserve", "provider", provider.id],
    ]);
    expect((await meetingMessages(db, id)).at(-1)).toMatchObject({
      event: "reservationConfirmed",
      eventValues: { at: inHours(2).toISOString() },
    });
    expect(await notificationsOf(db, requester.id, "meetingReserved")).toMatchObject([
      { params: { nickname: provider.nickname }, actorId: provider.id },
    ]);
    expect(await notificationsOf(db, provider.id, "meetingReserved")).toEqual([]);
  });

  it("ends a reserved meeting only after its time, asks for feedback, and cancels the reminders", async () => {
    const { requester, provider, id } = await opened();
    await setAppointment(db, clock, provider, id, inHours(2));
    await reserveMeeting(db, clock, provider, id);
    expect(await outcome(endMeeting(db, clock, provider, id))).toBe("meeting.end_too_early");
    expect(await outcome(endMeeting(db, clock, requester, id))).toBe("machine.transition_forbidden");
    clock.advance(2 * HOUR_MS);
    await runDueJobs(db, clock);
    await endMeeting(db, clock, provider, id);
    expect(await row(id)).toMatchObject({ status: "ended", endedAt: clock.now() });
    expect(await notificationsOf(db, requester.id, "meetingEnded")).toMatchObject([
      { link: `/meeting/feedback?meeting=${id}` },
    ]);
    expect((await meetingJobRows(db, id)).filter((j) => j.status === "pending")).toEqual([]);
    expect(await outcome(cancelMeeting(db, clock, requester, id, "늦은 취소"))).toBe(
      "machine.transition_not_allowed",
    );
  });

  it("cancels with a reason by either side or an administrator, telling the other side(s)", async () => {
    const first = await opened();
    expect(await outcome(cancelMeeting(db, clock, first.requester, first.id, "  "))).toBe(
      "meeting.reason_required",
    );
    expect(await outcome(cancelMeeting(db, clock, first.requester, first.id, "가".repeat(201)))).toBe(
      "meeting.reason_length",
    );
    await cancelMeeting(db, clock, first.provider, first.id, "부품이 없어요");
    expect(await row(first.id)).toMatchObject({ status: "cancelled", cancelReason: "부품이 없어요" });
    expect((await meetingLog(db, first.id)).map((l) => [l.transition, l.actorKind, l.reason])).toEqual([
      ["cancel", "provider", "부품이 없어요"],
    ]);
    expect((await meetingMessages(db, first.id)).at(-1)).toMatchObject({
      event: "reservationCancelled",
      eventValues: { reason: "부품이 없어요", by: "provider" },
    });
    expect(await notificationsOf(db, first.requester.id, "meetingCancelled")).toHaveLength(1);
    expect(await notificationsOf(db, first.provider.id, "meetingCancelled")).toHaveLength(0);

    const second = await opened();
    await cancelMeeting(db, clock, admin, second.id, "분쟁 조정");
    expect((await meetingLog(db, second.id)).map((l) => l.actorKind)).toEqual(["admin"]);
    expect(await notificationsOf(db, second.requester.id, "meetingCancelled")).toHaveLength(1);
    expect(await notificationsOf(db, second.provider.id, "meetingCancelled")).toHaveLength(1);
  });
});

describe("jobs on the test clock", () => {
  it("sends each reminder once at its time, to both sides, with a line in the chat", async () => {
    const { requester, provider, id } = await opened();
    await setAppointment(db, clock, provider, id, inHours(3));
    await reserveMeeting(db, clock, provider, id);
    clock.advance(2 * HOUR_MS - MINUTE_MS);
    await runDueJobs(db, clock);
    expect(await notificationsOf(db, requester.id, "meetingReminder")).toEqual([]);
    clock.advance(MINUTE_MS);
    await runDueJobs(db, clock);
    expect(await notificationsOf(db, requester.id, "meetingReminder")).toMatchObject([
      {
        params: { nickname: provider.nickname, minutes: 60 },
        link: `/meeting/repair/chat?room=${(await row(id)).code}`,
      },
    ]);
    expect(await notificationsOf(db, provider.id, "meetingReminder")).toMatchObject([
      { params: { nickname: requester.nickname, minutes: 60 } },
    ]);
    clock.advance(30 * MINUTE_MS);
    await runDueJobs(db, clock);
    expect((await notificationsOf(db, provider.id, "meetingReminder")).map((n) => n.params)).toEqual([
      { nickname: requester.nickname, minutes: 60 },
      { nickname: requester.nickname, minutes: 30 },
    ]);
    expect(
      (await meetingMessages(db, id)).filter((m) => m.event?.startsWith("reminder")).map((m) => m.event),
    ).toEqual(["reminder60", "reminder30"]);
  });

  it("expires a request the provider never answered after 7 days, and tells the requester", async () => {
    const { requester, provider, id } = await opened();
    clock.advance(MEETING_EXPIRY_MS - MINUTE_MS);
    await runDueJobs(db, clock);
    expect((await row(id)).status).toBe("chatting");
    clock.advance(MINUTE_MS);
    await runDueJobs(db, clock);
    expect((await row(id)).status).toBe("expired");
    expect((await meetingLog(db, id)).map((l) => [l.transition, l.actorKind, l.actorId])).toEqual([
      ["expire", "system", null],
    ]);
    expect((await meetingMessages(db, id)).at(-1)?.event).toBe("meetingExpired");
    expect(await notificationsOf(db, requester.id, "meetingExpired")).toMatchObject([
      { params: { nickname: provider.nickname } },
    ]);
  });

  it("does not expire a request the provider answered in the chat", async () => {
    const { id } = await opened();
    clock.advance(HOUR_MS);
    await runInTransaction(db, clock, (uow) => markProviderAnswered(uow, id));
    const answeredAt = clock.now();
    clock.advance(HOUR_MS);
    await runInTransaction(db, clock, (uow) => markProviderAnswered(uow, id));
    expect((await row(id)).providerAnsweredAt).toEqual(answeredAt);
    clock.advance(MEETING_EXPIRY_MS);
    await runDueJobs(db, clock);
    expect((await row(id)).status).toBe("chatting");
  });
});

describe("allowed actions", () => {
  const at = new Date("2026-06-10T10:00:00Z");
  const m = (
    status: "chatting" | "reserved" | "cancelled" | "ended" | "expired",
    appointmentAt: Date | null,
  ) => ({
    status,
    appointmentAt,
  });
  const before = new Date(at.getTime() - HOUR_MS);
  const after = (minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS);

  it("gives the provider the controller, the requester only cancel, and follows the time rules", () => {
    expect(allowedActions(m("chatting", null), "provider", before)).toEqual([
      "setAppointment",
      "setPlace",
      "cancel",
    ]);
    expect(allowedActions(m("chatting", at), "provider", before)).toEqual([
      "setAppointment",
      "setPlace",
      "reserve",
      "cancel",
    ]);
    expect(allowedActions(m("chatting", at), "provider", at)).toEqual([
      "setAppointment",
      "setPlace",
      "cancel",
    ]);
    expect(allowedActions(m("chatting", at), "requester", before)).toEqual(["cancel"]);
    expect(allowedActions(m("reserved", at), "provider", before)).toEqual([
      "setAppointment",
      "setPlace",
      "cancel",
    ]);
    expect(allowedActions(m("reserved", at), "provider", after(14))).toEqual([
      "setAppointment",
      "setPlace",
      "cancel",
      "end",
    ]);
    expect(allowedActions(m("reserved", at), "provider", after(15))).toEqual([
      "setAppointment",
      "setPlace",
      "cancel",
      "end",
      "reportNoShow",
    ]);
    expect(allowedActions(m("reserved", at), "requester", after(15))).toEqual(["cancel", "reportNoShow"]);
    expect(allowedActions(m("reserved", at), "admin", after(15))).toEqual(["cancel", "end"]);
    for (const status of ["cancelled", "ended", "expired"] as const)
      for (const role of ["provider", "requester", "admin"] as const)
        expect(allowedActions(m(status, at), role, after(60))).toEqual([]);
  });
});

describe("my meetings", () => {
  it("lists received and sent meetings of one kind, newest activity first, a page at a time", async () => {
    const provider = await insertMember(db);
    const skill = await insertSkill(db, provider.id, "coaching");
    const requesters = await Promise.all(Array.from({ length: 22 }, () => insertMember(db)));
    const ids: number[] = [];
    for (const requester of requesters) {
      clock.advance(MINUTE_MS);
      ids.push((await requestMeeting(db, clock, requester, requestOf(skill, clock.now()))).id);
    }
    const first = await listMyMeetings(db, provider, { kind: "coaching", side: "received" });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      id: ids.at(-1),
      status: "chatting",
      other: { id: requesters.at(-1)!.id, nickname: requesters.at(-1)!.nickname },
    });
    const second = await listMyMeetings(db, provider, {
      kind: "coaching",
      side: "received",
      cursor: first.nextCursor,
    });
    expect(second.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await listMyMeetings(db, provider, { kind: "coaching", side: "sent" })).items).toEqual([]);
    expect((await listMyMeetings(db, provider, { kind: "repair", side: "received" })).items).toEqual([]);
    const sent = await listMyMeetings(db, requesters[0]!, { kind: "coaching", side: "sent" });
    expect(sent.items).toMatchObject([
      {
        id: ids[0],
        other: { id: provider.id },
        chatPath: expect.stringMatching(/^\/meeting\/coaching\/chat\?room=/),
      },
    ]);
    expect(
      (await listMyMeetings(db, provider, { kind: "coaching", side: "received", cursor: "garbage" })).items,
    ).toHaveLength(20);
  });
});
