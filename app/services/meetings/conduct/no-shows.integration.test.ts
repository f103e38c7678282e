import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { meetingBan, meetingMessage, noShowReport, notification, transitionLog } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DAY_MS, MINUTE_MS, seoulDay } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { activeBan, assertNotBanned, banHistory, currentBans } from "./bans.server";
import { liftBan, listNoShowReports, reportNoShow, reviewNoShow } from "./no-shows.server";

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
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

/** A reserved meeting whose appointment was `minutesAgo` minutes ago. */
async function reserved(requester: TestMember, provider: TestMember, minutesAgo = 20) {
  return insertMeeting(
    db,
    clock,
    { requesterId: requester.id, providerId: provider.id },
    { status: "reserved", appointmentAt: new Date(clock.now().getTime() - minutesAgo * MINUTE_MS) },
  );
}

async function pair() {
  return { requester: await insertMember(db), provider: await insertMember(db) };
}

const reportRow = async (id: number) =>
  (await db.select().from(noShowReport).where(eq(noShowReport.id, id)))[0]!;

const bansOf = (memberId: string) =>
  db.select().from(meetingBan).where(eq(meetingBan.memberId, memberId)).orderBy(asc(meetingBan.id));

const notes = (recipientId: string, type: string) =>
  db
    .select({ params: notification.params, link: notification.link })
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.type, type)))
    .orderBy(asc(notification.id));

/** Reports a no-show of `absent` by the other side of a fresh reserved meeting, and confirms it. */
async function confirmedNoShow(absent: TestMember) {
  const reporter = await insertMember(db);
  const meetingId = await reserved(reporter, absent);
  const { id } = await reportNoShow(db, clock, reporter, meetingId, "약속 장소에 나타나지 않았습니다.");
  return reviewNoShow(db, clock, admin, id, "confirm");
}

describe("reporting a no-show", () => {
  it("opens 15 minutes after the agreed time, on the test clock", async () => {
    const { requester, provider } = await pair();
    const appointmentAt = new Date(clock.now().getTime() + 60 * MINUTE_MS);
    const meetingId = await insertMeeting(
      db,
      clock,
      { requesterId: requester.id, providerId: provider.id },
      { status: "reserved", appointmentAt },
    );
    clock.set(new Date(appointmentAt.getTime() + 15 * MINUTE_MS - 1000));
    expect(await outcome(reportNoShow(db, clock, requester, meetingId, "안 왔어요"))).toBe(
      "conduct.no_show_too_early",
    );
    clock.set(new Date(appointmentAt.getTime() + 15 * MINUTE_MS));
    const { id } = await reportNoShow(db, clock, requester, meetingId, "  안 왔어요  ");
    expect(await reportRow(id)).toMatchObject({
      meetingId,
      reporterId: requester.id,
      absentId: provider.id,
      content: "안 왔어요",
      status: "pending",
    });
    const [line] = await db
      .select()
      .from(meetingMessage)
      .where(and(eq(meetingMessage.meetingId, meetingId), eq(meetingMessage.event, "noShowReported")));
    expect(line).toMatchObject({ kind: "system", eventValues: { nickname: requester.nickname } });
    expect(await notes(provider.id, "noShowReported")).toEqual([
      { params: { nickname: requester.nickname }, link: expect.stringContaining("/chat?room=") },
    ]);
    expect(await notes(requester.id, "noShowReported")).toEqual([]);
  });

  it("takes one report per meeting and reporter; the other side may report too", async () => {
    const { requester, provider } = await pair();
    const meetingId = await reserved(requester, provider);
    await reportNoShow(db, clock, requester, meetingId, "안 왔어요");
    expect(await outcome(reportNoShow(db, clock, requester, meetingId, "다시"))).toBe(
      "conduct.no_show_already_reported",
    );
    const { id } = await reportNoShow(db, clock, provider, meetingId, "신청자가 안 왔어요");
    expect((await reportRow(id)).absentId).toBe(requester.id);
  });

  it("refuses anyone but a side, a meeting not reserved, and an empty or long text", async () => {
    const { requester, provider } = await pair();
    const meetingId = await reserved(requester, provider);
    const stranger = await insertMember(db);
    expect(await outcome(reportNoShow(db, clock, stranger, meetingId, "안 왔어요"))).toBe(
      "meeting.not_participant",
    );
    expect(await outcome(reportNoShow(db, clock, admin, meetingId, "안 왔어요"))).toBe(
      "meeting.not_participant",
    );
    expect(await outcome(reportNoShow(db, clock, requester, 999_999, "안 왔어요"))).toBe("meeting.not_found");
    expect(await outcome(reportNoShow(db, clock, requester, meetingId, "   "))).toBe(
      "conduct.no_show_content_required",
    );
    expect(await outcome(reportNoShow(db, clock, requester, meetingId, "가".repeat(201)))).toBe(
      "conduct.no_show_content_length",
    );
    expect(await outcome(reportNoShow(db, clock, requester, meetingId, "가".repeat(200)))).toBe("ok");
    const chatting = await insertMeeting(db, clock, { requesterId: requester.id, providerId: provider.id });
    expect(await outcome(reportNoShow(db, clock, requester, chatting, "안 왔어요"))).toBe(
      "conduct.no_show_not_reserved",
    );
  });
});

describe("reviewing a no-show", () => {
  it("bans the absent member by the ladder: 30, 60, 180 days, then for good", async () => {
    const absent = await insertMember(db);
    const first = await confirmedNoShow(absent);
    expect(first.status).toBe("confirmed");
    expect(first.ban).toMatchObject({ step: 1, reason: "noShow", startsAt: clock.now() });
    expect(first.ban!.endsAt!.getTime() - first.ban!.startsAt.getTime()).toBe(30 * DAY_MS);
    await expect(assertNotBanned(db, absent.id, clock.now())).rejects.toMatchObject({
      area: "conduct",
      code: "banned",
      params: { until: seoulDay(first.ban!.endsAt!) },
    });

    // Once the first ban is over, the second starts when it is decided.
    clock.advance(31 * DAY_MS);
    expect(await activeBan(db, absent.id, clock.now())).toBeNull();
    await assertNotBanned(db, absent.id, clock.now());
    const second = await confirmedNoShow(absent);
    expect(second.ban).toMatchObject({ step: 2, startsAt: clock.now() });
    expect(second.ban!.endsAt!.getTime() - second.ban!.startsAt.getTime()).toBe(60 * DAY_MS);

    // Decided while the second runs, the third waits for it: bans add up, and the message names the last day.
    clock.advance(DAY_MS);
    const third = await confirmedNoShow(absent);
    expect(third.ban).toMatchObject({ step: 3, startsAt: second.ban!.endsAt });
    expect(third.ban!.endsAt!.getTime() - third.ban!.startsAt.getTime()).toBe(180 * DAY_MS);
    await expect(assertNotBanned(db, absent.id, clock.now())).rejects.toMatchObject({
      code: "banned",
      params: { until: seoulDay(third.ban!.endsAt!) },
    });

    const fourth = await confirmedNoShow(absent);
    expect(fourth.ban).toMatchObject({ step: 4, endsAt: null });
    await expect(assertNotBanned(db, absent.id, clock.now())).rejects.toMatchObject({
      code: "banned_permanently",
    });
    const fifth = await confirmedNoShow(absent);
    expect(fifth.ban).toMatchObject({ step: 5, endsAt: null });
    expect((await banHistory(db, absent.id)).map((ban) => ban.step)).toEqual([5, 4, 3, 2, 1]);

    // Both sides hear the outcome: the absent member with the end day, the reporter that it was confirmed.
    const told = await notes(absent.id, "noShowDecided");
    expect(told.map((note) => note.params)).toEqual([
      { result: 1, until: seoulDay(first.ban!.endsAt!) },
      { result: 1, until: seoulDay(second.ban!.endsAt!) },
      { result: 1, until: seoulDay(third.ban!.endsAt!) },
      { result: 2 },
      { result: 2 },
    ]);
  });

  it("dismisses without a ban, and tells both sides", async () => {
    const { requester, provider } = await pair();
    const meetingId = await reserved(requester, provider);
    const { id } = await reportNoShow(db, clock, requester, meetingId, "안 왔어요");
    expect(await reviewNoShow(db, clock, admin, id, "dismiss")).toEqual({ status: "dismissed", ban: null });
    expect(await reportRow(id)).toMatchObject({
      status: "dismissed",
      reviewedBy: admin.id,
      reviewedAt: clock.now(),
    });
    expect(await bansOf(provider.id)).toEqual([]);
    expect(await bansOf(requester.id)).toEqual([]);
    expect((await notes(provider.id, "noShowDecided")).map((n) => n.params)).toEqual([{ result: 4 }]);
    expect((await notes(requester.id, "noShowDecided")).map((n) => n.params)).toEqual([{ result: 4 }]);
    const [log] = await db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.machine, "no_show_report"), eq(transitionLog.subjectId, String(id))));
    expect(log).toMatchObject({ transition: "dismiss", actorKind: "admin", actorId: admin.id });
  });

  it("penalises a malicious reporter: the report is closed and the reporter takes a step", async () => {
    const { requester, provider } = await pair();
    const meetingId = await reserved(requester, provider);
    const { id } = await reportNoShow(db, clock, requester, meetingId, "거짓 신고");
    const decided = await reviewNoShow(db, clock, admin, id, "penalise");
    expect(decided.status).toBe("penalised");
    expect(decided.ban).toMatchObject({ memberId: requester.id, step: 1, reason: "maliciousReport" });
    expect(decided.ban!.endsAt!.getTime() - decided.ban!.startsAt.getTime()).toBe(30 * DAY_MS);
    expect(await bansOf(provider.id)).toEqual([]);
    await expect(assertNotBanned(db, requester.id, clock.now())).rejects.toMatchObject({ code: "banned" });
    expect((await notes(requester.id, "noShowDecided")).map((n) => n.params)).toEqual([
      { result: 5, until: seoulDay(decided.ban!.endsAt!) },
    ]);
    expect((await notes(provider.id, "noShowDecided")).map((n) => n.params)).toEqual([{ result: 4 }]);
  });

  it("confirms a double click once", { tags: ["concurrency"] }, async () => {
    const { requester, provider } = await pair();
    const meetingId = await reserved(requester, provider);
    const { id } = await reportNoShow(db, clock, requester, meetingId, "안 왔어요");
    const results = await Promise.all([
      outcome(reviewNoShow(db, clock, admin, id, "confirm")),
      outcome(reviewNoShow(db, clock, admin, id, "confirm")),
    ]);
    expect(results.sort()).toEqual(["conduct.report_closed", "ok"]);
    expect(await bansOf(provider.id)).toHaveLength(1);
    expect(await notes(provider.id, "noShowDecided")).toHaveLength(1);
    expect(await outcome(reviewNoShow(db, clock, admin, id, "dismiss"))).toBe("conduct.report_closed");
  });

  it("is for acting administrators only", async () => {
    const { requester, provider } = await pair();
    const meetingId = await reserved(requester, provider);
    const { id } = await reportNoShow(db, clock, requester, meetingId, "안 왔어요");
    const withoutTwoFactor = await insertMember(db, { role: "admin", twoFactorEnabled: false });
    for (const who of [requester, provider, withoutTwoFactor]) {
      expect(await outcome(reviewNoShow(db, clock, who, id, "confirm"))).toBe("conduct.forbidden");
      expect(await outcome(listNoShowReports(db, who))).toBe("conduct.forbidden");
      expect(await outcome(currentBans(db, clock, who))).toBe("conduct.forbidden");
    }
    expect(await outcome(reviewNoShow(db, clock, admin, 999_999, "confirm"))).toBe("conduct.not_found");
    expect(await outcome(reviewNoShow(db, clock, admin, id, "ban" as never))).toBe(
      "conduct.decision_invalid",
    );
    expect((await reportRow(id)).status).toBe("pending");
  });

  it("lists pending reports first, with the step a decision would take", async () => {
    const { requester, provider } = await pair();
    const older = await reportNoShow(db, clock, requester, await reserved(requester, provider), "첫 번째");
    const newer = await reportNoShow(db, clock, requester, await reserved(requester, provider), "두 번째");
    await reviewNoShow(db, clock, admin, older.id, "confirm");
    const list = await listNoShowReports(db, admin);
    const pendingIds = list.filter((r) => r.status === "pending").map((r) => r.id);
    expect(list.findIndex((r) => r.id === newer.id)).toBeLessThan(list.findIndex((r) => r.id === older.id));
    expect(pendingIds).toContain(newer.id);
    expect(list.slice(0, pendingIds.length).every((r) => r.status === "pending")).toBe(true);
    expect(list.find((r) => r.id === newer.id)).toMatchObject({
      decisions: ["confirm", "dismiss", "penalise"],
      reporter: { id: requester.id, side: "requester" },
      absent: { id: provider.id, nextStepDays: 60 },
      nextSteps: { confirm: 2, penalise: 1 },
    });
    expect(list.find((r) => r.id === older.id)).toMatchObject({ status: "confirmed", decisions: [] });
  });
});

describe("lifting a ban", () => {
  it("ends it at once, takes it out of the ladder, and is refused twice", async () => {
    const absent = await insertMember(db);
    const { ban } = await confirmedNoShow(absent);
    expect((await currentBans(db, clock, admin)).map((b) => b.id)).toContain(ban!.id);
    const member = await insertMember(db, { role: "admin" });
    expect(await outcome(liftBan(db, clock, member, ban!.id))).toBe("conduct.forbidden");
    await liftBan(db, clock, admin, ban!.id);
    await assertNotBanned(db, absent.id, clock.now());
    expect(await outcome(liftBan(db, clock, admin, ban!.id))).toBe("conduct.ban_not_active");
    expect(await outcome(liftBan(db, clock, admin, 999_999))).toBe("conduct.ban_not_found");
    expect((await currentBans(db, clock, admin)).map((b) => b.id)).not.toContain(ban!.id);
    const next = await confirmedNoShow(absent);
    expect(next.ban).toMatchObject({ step: 1 });
  });
});
