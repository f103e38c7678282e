import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { member, notification } from "#app/db/schema";
import { setRealtimePublisher } from "#app/platform/publisher.server";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { blindMember, unblindMember } from "#app/services/members/relations.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { DomainError } from "#app/services/errors";
import { insertMember } from "../../../tests/setup/members";
import { createTestRuntime } from "../../../tests/setup/runtime";
import { ALARM_PAGE_SIZE, countUnread, listAlarms, markAlarmRead, markAllAlarmsRead } from "./inbox.server";
import { notify, notifyAll, notifyMany } from "../../../tests/setup/notifications";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import * as notifications from "./notify.server";
import { alarmSettings, setAlarmSetting } from "./settings.server";
import { alarmTypes } from "./types";

let runtime: Runtime;
const clock = new FixedClock(new Date("2026-03-02T03:00:00Z"));
let events: { to: string; event: string; payload: object }[] = [];

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  setRealtimePublisher({
    toMember: (memberId, event, payload) => events.push({ to: memberId, event, payload }),
    toMembers: (event, payload) => events.push({ to: "*", event, payload }),
  });
});
afterAll(() => setRealtimePublisher(undefined));
beforeEach(() => {
  events = [];
});

async function rowsOf(memberId: string) {
  return runtime.db.select().from(notification).where(eq(notification.recipientId, memberId));
}

async function domainCode(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe("notify", () => {
  it("stores the notification and publishes the recipient's new unread count", async () => {
    const author = await insertMember(runtime.db);
    const commenter = await insertMember(runtime.db, { nickname: "댓글러" });
    await notify(runtime.db, {
      recipientId: author.id,
      type: "comment",
      actorId: commenter.id,
      params: { nickname: "댓글러", title: "남해 투어 후기" },
      link: "/board/free/7",
    });
    await notify(runtime.db, {
      recipientId: author.id,
      type: "like",
      actorId: commenter.id,
      params: { title: "남해 투어 후기" },
      link: "/en/board/free/7",
    });
    const rows = await rowsOf(author.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.link)).toEqual(["/board/free/7", "/board/free/7"]);
    expect(events).toEqual([
      { to: author.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } },
      { to: author.id, event: "alarm:unread", payload: { count: 2, arrived: 1 } },
    ]);
    expect(await countUnread(runtime.db, author.id)).toBe(2);
  });

  it("is stamped with the time of the unit of work that wrote it", async () => {
    const rider = await insertMember(runtime.db);
    await runInTransaction(runtime.db, clock, (uow) =>
      notifications.notify(uow, { recipientId: rider.id, type: "like", params: { title: "시계" } }),
    );
    const [row] = await rowsOf(rider.id);
    expect(row!.createdAt).toEqual(clock.now());
  });

  it("never notifies the actor of their own action", async () => {
    const rider = await insertMember(runtime.db);
    await notify(runtime.db, { recipientId: rider.id, type: "like", actorId: rider.id });
    expect(await rowsOf(rider.id)).toEqual([]);
    expect(events).toEqual([]);
  });

  it("skips a type the recipient switched off, and sends it again once switched back on", async () => {
    const rider = await insertMember(runtime.db);
    const other = await insertMember(runtime.db);
    await setAlarmSetting(runtime.db, clock, rider.id, "like", false);
    await notify(runtime.db, { recipientId: rider.id, type: "like", actorId: other.id });
    expect(await rowsOf(rider.id)).toEqual([]);
    expect(events).toEqual([]);
    // Other types stay on.
    await notify(runtime.db, { recipientId: rider.id, type: "comment", actorId: other.id });
    expect(await rowsOf(rider.id)).toHaveLength(1);
    await setAlarmSetting(runtime.db, clock, rider.id, "like", true);
    await notify(runtime.db, { recipientId: rider.id, type: "like", actorId: other.id });
    expect((await rowsOf(rider.id)).map((row) => row.type).sort()).toEqual(["comment", "like"]);
  });

  it("skips an actor the recipient has hidden, while the hiding is active", async () => {
    const rider = await insertMember(runtime.db);
    const troll = await insertMember(runtime.db);
    await blindMember(runtime.db, clock, rider.id, troll.id);
    await notify(runtime.db, { recipientId: rider.id, type: "comment", actorId: troll.id });
    expect(await rowsOf(rider.id)).toEqual([]);
    // Hiding is one-way: the hidden member still hears about the rider.
    await notify(runtime.db, { recipientId: troll.id, type: "comment", actorId: rider.id });
    expect(await rowsOf(troll.id)).toHaveLength(1);
    await unblindMember(runtime.db, clock, rider.id, troll.id);
    await notify(runtime.db, { recipientId: rider.id, type: "comment", actorId: troll.id });
    expect(await rowsOf(rider.id)).toHaveLength(1);
  });

  it("skips withdrawn members and drops links that leave the site", async () => {
    const gone = await insertMember(runtime.db);
    await runtime.db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, gone.id));
    await notify(runtime.db, { recipientId: gone.id, type: "announcement", params: { title: "공지" } });
    expect(await rowsOf(gone.id)).toEqual([]);
    const rider = await insertMember(runtime.db);
    for (const link of ["https://evil.example/x", "//evil.example", "javascript:alert(1)"]) {
      await notify(runtime.db, { recipientId: rider.id, type: "announcement", link });
    }
    expect((await rowsOf(rider.id)).map((row) => row.link)).toEqual([null, null, null]);
  });
});

describe("in a unit of work", () => {
  it("is neither stored nor published when a later write of the same action fails", async () => {
    const author = await insertMember(runtime.db);
    const commenter = await insertMember(runtime.db);
    const action = runInTransaction(runtime.db, clock, async (uow) => {
      await notifications.notify(uow, { recipientId: author.id, type: "comment", actorId: commenter.id });
      throw new Error("the comment's write failed");
    });
    await expect(action).rejects.toThrow("the comment's write failed");
    expect(await rowsOf(author.id)).toEqual([]);
    expect(events).toEqual([]);
  });

  it("publishes only after the commit", async () => {
    const author = await insertMember(runtime.db);
    await runInTransaction(runtime.db, clock, async (uow) => {
      await notifications.notify(uow, { recipientId: author.id, type: "announcement" });
      await notifications.notifyAll(uow, { type: "announcement", params: { title: "점검" } });
      expect(events).toEqual([]);
    });
    expect(events.map((event) => event.event)).toEqual(["alarm:unread", "alarm:refresh"]);
  });
});

describe("dedupe keys", () => {
  it("store and push one notification per recipient and key; a repeat changes nothing", async () => {
    const rider = await insertMember(runtime.db);
    const fan = await insertMember(runtime.db);
    const like = { recipientId: rider.id, type: "like", actorId: fan.id, link: "/board/free/7" } as const;
    await notify(runtime.db, { ...like, dedupeKey: "like:7:fan" });
    await notify(runtime.db, { ...like, dedupeKey: "like:7:fan" });
    await notify(runtime.db, { ...like, dedupeKey: "like:8:fan" });
    // Without a key every call is news.
    await notify(runtime.db, like);
    await notify(runtime.db, like);
    expect((await rowsOf(rider.id)).map((row) => row.dedupeKey)).toEqual([
      "like:7:fan",
      "like:8:fan",
      null,
      null,
    ]);
    expect(events.map((event) => event.payload)).toEqual(
      [1, 2, 3, 4].map((count) => ({ count, arrived: 1 })),
    );
  });

  it("notifyMany skips only the recipients who already have the key, and pushes to the others", async () => {
    const [a, b] = [await insertMember(runtime.db), await insertMember(runtime.db)];
    const job = { type: "event", params: { title: "봄맞이 이벤트" }, dedupeKey: "event-start:3" } as const;
    await notifyMany(runtime.db, [a.id], job);
    events = [];
    await notifyMany(runtime.db, [a.id, b.id], job);
    expect(await rowsOf(a.id)).toHaveLength(1);
    expect(await rowsOf(b.id)).toHaveLength(1);
    expect(events).toEqual([{ to: b.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } }]);
  });
});

describe("notifyMany and notifyAll", () => {
  it("notifyMany applies the same rules to each recipient and publishes each count once", async () => {
    const actor = await insertMember(runtime.db);
    const [a, b, c] = [
      await insertMember(runtime.db),
      await insertMember(runtime.db),
      await insertMember(runtime.db),
    ];
    await setAlarmSetting(runtime.db, clock, b!.id, "event", false);
    await blindMember(runtime.db, clock, c!.id, actor.id);
    await notifyMany(runtime.db, [a!.id, a!.id, b!.id, c!.id, actor.id], {
      type: "event",
      actorId: actor.id,
      params: { title: "봄맞이 이벤트" },
    });
    expect(await rowsOf(a!.id)).toHaveLength(1);
    expect(await rowsOf(b!.id)).toEqual([]);
    expect(await rowsOf(c!.id)).toEqual([]);
    expect(await rowsOf(actor.id)).toEqual([]);
    expect(events).toEqual([{ to: a!.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } }]);
  });

  it("notifyAll reaches every active member who keeps the type on, in one statement, then asks pages to refresh", async () => {
    const admin = await insertMember(runtime.db, { role: "admin" });
    const on = await insertMember(runtime.db);
    const off = await insertMember(runtime.db);
    const incomplete = await insertMember(runtime.db);
    const withdrawn = await insertMember(runtime.db);
    await runtime.db.update(member).set({ onboarding: "profile_saved" }).where(eq(member.id, incomplete.id));
    await runtime.db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, withdrawn.id));
    await setAlarmSetting(runtime.db, clock, off.id, "announcement", false);
    const active = await runtime.db
      .select({ id: member.id, onboarding: member.onboarding, withdrawnAt: member.withdrawnAt })
      .from(member);
    const expected = active.filter(
      (row) => row.onboarding === "welcomed" && !row.withdrawnAt && row.id !== admin.id && row.id !== off.id,
    ).length;

    const reached = await notifyAll(runtime.db, {
      type: "announcement",
      actorId: admin.id,
      params: { title: "서비스 점검 안내" },
      link: "/announce/notice/1",
    });
    expect(reached).toBe(expected);
    expect(await rowsOf(on.id)).toHaveLength(1);
    for (const skipped of [admin, off, incomplete, withdrawn]) expect(await rowsOf(skipped.id)).toEqual([]);
    expect(events).toEqual([{ to: "*", event: "alarm:refresh", payload: {} }]);
    const [item] = (await listAlarms(runtime.db, on.id, { language: "ko" })).items;
    expect(item!.message).toBe("새 공지사항: 서비스 점검 안내");
  });
});

describe("reading notifications", () => {
  it("lists newest first, 20 a page, by keyset, with messages in the reader's language", async () => {
    const reader = await insertMember(runtime.db);
    const actor = await insertMember(runtime.db, { nickname: "바이커" });
    for (let n = 1; n <= ALARM_PAGE_SIZE + 5; n += 1) {
      await notify(runtime.db, {
        recipientId: reader.id,
        type: "comment",
        actorId: actor.id,
        params: { nickname: "옛닉네임", title: `글 ${n}` },
        link: `/board/free/${n}`,
      });
    }
    const first = await listAlarms(runtime.db, reader.id, { language: "ko" });
    expect(first.items).toHaveLength(ALARM_PAGE_SIZE);
    // The actor's current nickname, not the one at the time.
    expect(first.items[0]!.message).toBe("바이커님이 회원님의 글 '글 25'에 댓글을 남겼습니다.");
    expect(first.items.every((item) => !item.read)).toBe(true);
    expect(first.nextCursor).toBe(first.items.at(-1)!.id);
    const second = await listAlarms(runtime.db, reader.id, { language: "en", before: first.nextCursor });
    expect(second.items.map((item) => item.message)).toEqual(
      [5, 4, 3, 2, 1].map((n) => `바이커 commented on your post '글 ${n}'.`),
    );
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ALARM_PAGE_SIZE + 5);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it("marks one read only for its recipient, and all read; each change publishes the count", async () => {
    const reader = await insertMember(runtime.db);
    const stranger = await insertMember(runtime.db);
    for (const title of ["하나", "둘", "셋"]) {
      await notify(runtime.db, {
        recipientId: reader.id,
        type: "announcement",
        params: { title },
        link: "/announce",
      });
    }
    const [newest, middle] = (await listAlarms(runtime.db, reader.id, { language: "ko" })).items;
    events = [];

    expect(await domainCode(markAlarmRead(runtime.db, clock, stranger.id, newest!.id))).toBe(
      "alarm_not_found",
    );
    expect(await domainCode(markAlarmRead(runtime.db, clock, reader.id, 987654321))).toBe("alarm_not_found");
    expect(await countUnread(runtime.db, reader.id)).toBe(3);
    expect(events).toEqual([]);

    expect(await markAlarmRead(runtime.db, clock, reader.id, newest!.id)).toEqual({
      link: "/announce",
      unread: 2,
    });
    expect(events).toEqual([{ to: reader.id, event: "alarm:unread", payload: { count: 2 } }]);
    // Opening it again is harmless and publishes nothing new.
    expect(await markAlarmRead(runtime.db, clock, reader.id, newest!.id)).toEqual({
      link: "/announce",
      unread: 2,
    });
    expect(events).toHaveLength(1);
    const listed = (await listAlarms(runtime.db, reader.id, { language: "ko" })).items;
    expect(listed.map((item) => item.read)).toEqual([true, false, false]);
    expect(listed[1]!.id).toBe(middle!.id);

    events = [];
    expect(await markAllAlarmsRead(runtime.db, clock, stranger.id)).toBe(0);
    expect(events).toEqual([]);
    expect(await markAllAlarmsRead(runtime.db, clock, reader.id)).toBe(2);
    expect(await countUnread(runtime.db, reader.id)).toBe(0);
    expect(events).toEqual([{ to: reader.id, event: "alarm:unread", payload: { count: 0 } }]);
    const [row] = await runtime.db.select().from(notification).where(eq(notification.id, middle!.id));
    expect(row!.readAt).toEqual(clock.now());
  });
});

describe("notification settings", () => {
  it("lists the types sent today, in the filter table's order, on by default, and saves each switch per member", async () => {
    const rider = await insertMember(runtime.db);
    const other = await insertMember(runtime.db);
    const initial = await alarmSettings(runtime.db, rider.id);
    expect(initial.map((item) => item.type)).toEqual([
      "comment",
      "reply",
      "like",
      "announcement",
      "event",
      "meetingRequest",
      "meetingReserved",
      "meetingCancelled",
      "meetingEnded",
      "meetingReminder",
      "chatMessage",
      "spark",
      "pointGift",
      "pointGiftSent",
      "marketComment",
      "marketOffer",
      "marketOfferAccepted",
      "marketOfferDeclined",
      "marketStatus",
      "marketKeyword",
      "marketReview",
      "motorcycleReportAccepted",
      "motorcycleReportRejected",
      "meetingExpired",
      "meetingFeedback",
      "noShowReported",
      "noShowDecided",
      "rescueCall",
      "rescueAccepted",
      "rescueWithdrawn",
    ]);
    expect(initial.every((item) => item.enabled)).toBe(true);
    expect(initial[0]).toEqual({ type: "comment", label: { ko: "댓글", en: "Comment" }, enabled: true });

    await setAlarmSetting(runtime.db, clock, rider.id, "like", false);
    await setAlarmSetting(runtime.db, clock, rider.id, "like", false);
    const saved = await alarmSettings(runtime.db, rider.id);
    expect(saved.filter((item) => !item.enabled).map((item) => item.type)).toEqual(["like"]);
    expect((await alarmSettings(runtime.db, other.id)).every((item) => item.enabled)).toBe(true);

    expect(await domainCode(setAlarmSetting(runtime.db, clock, rider.id, "nope", false))).toBe(
      "unknown_alarm_type",
    );
    // A type whose feature is not built has no switch to set.
    expect(await domainCode(setAlarmSetting(runtime.db, clock, rider.id, "coupon", false))).toBe(
      "unknown_alarm_type",
    );
  });

  it("knows exactly the types the filter table seeds", async () => {
    const seeded = (await listFilterTable(runtime.db, "integratedAlarmType")).map((item) => item.code);
    expect([...alarmTypes]).toEqual(seeded);
  });
});
