import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { member, notification } from "#app/db/schema";
import { setRealtimePublisher } from "#app/platform/publisher.server";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { blindMember, unblindMember } from "#app/services/members/relations.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { DomainError } from "#app/services/errors";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { ALARM_PAGE_SIZE, countUnread, listAlarms, markAlarmRead, markAllAlarmsRead } from "./inbox.server";
import { notify, notifyAll, notifyMany } from "#tests/setup/notifications";
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
    // Each on a post of its own, so that none folds into another.
    const like = (post: number) =>
      ({ recipientId: rider.id, type: "like", actorId: fan.id, link: `/board/free/${post}` }) as const;
    await notify(runtime.db, { ...like(7), dedupeKey: "like:7:fan" });
    await notify(runtime.db, { ...like(7), dedupeKey: "like:7:fan" });
    await notify(runtime.db, { ...like(8), dedupeKey: "like:8:fan" });
    // Without a key every call is news.
    await notify(runtime.db, like(9));
    await notify(runtime.db, like(10));
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

describe("folding repeats", () => {
  const send = (input: notifications.NotifyInput) =>
    runInTransaction(runtime.db, clock, (uow) => notifications.notify(uow, input));
  const lines = async (memberId: string) =>
    (await listAlarms(runtime.db, memberId, { language: "ko" })).items.map((item) => [
      item.message,
      item.link,
    ]);

  it("folds notifications of one type from one actor about one subject into the newest, counted once", async () => {
    const author = await insertMember(runtime.db);
    const fan = await insertMember(runtime.db, { nickname: "단골" });
    const other = await insertMember(runtime.db, { nickname: "나그네" });
    const comment = (actor: string, link: string) =>
      send({ recipientId: author.id, type: "comment", actorId: actor, params: { title: "후기" }, link });
    // The comments' links differ by their fragment only: one post, one subject.
    for (const n of [1, 2, 3]) await comment(fan.id, `/board/free/7#comment-${n}`);
    expect(await lines(author.id)).toEqual([
      ["단골님이 회원님의 글 '후기'에 댓글을 남겼습니다. (총 3회)", "/board/free/7#comment-3"],
    ]);
    expect(await countUnread(runtime.db, author.id)).toBe(1);
    expect(events).toEqual([{ to: author.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } }]);
    // Another actor, another post, another type: lines of their own.
    await comment(other.id, "/board/free/7#comment-4");
    await comment(fan.id, "/board/free/8#comment-5");
    await send({
      recipientId: author.id,
      type: "like",
      actorId: fan.id,
      params: { title: "후기" },
      link: "/board/free/7",
    });
    expect((await lines(author.id)).map(([message]) => message)).toEqual([
      "단골님이 회원님의 글 '후기'에 좋아요를 눌렀습니다.",
      "단골님이 회원님의 글 '후기'에 댓글을 남겼습니다.",
      "나그네님이 회원님의 글 '후기'에 댓글을 남겼습니다.",
      "단골님이 회원님의 글 '후기'에 댓글을 남겼습니다. (총 3회)",
    ]);
    expect(await countUnread(runtime.db, author.id)).toBe(4);
    // Every event is kept, the folded ones hidden and read.
    const rows = await rowsOf(author.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.foldedAt !== null && row.readAt !== null)).toHaveLength(2);
  });

  it("starts a new line once the recipient has read the last one, or once it is older than the window", async () => {
    const seller = await insertMember(runtime.db);
    const buyer = await insertMember(runtime.db);
    const offer = (price: number) =>
      send({
        recipientId: seller.id,
        type: "marketOffer",
        actorId: buyer.id,
        params: { title: "헬멧", price },
        link: "/market/gear/3",
      });
    await offer(1000);
    await offer(2000);
    const [first] = (await listAlarms(runtime.db, seller.id, { language: "ko" })).items;
    await markAlarmRead(runtime.db, clock, seller.id, first!.id);
    events = [];
    await offer(3000);
    expect(await countUnread(runtime.db, seller.id)).toBe(1);
    expect(events).toEqual([{ to: seller.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } }]);
    clock.advance(notifications.FOLD_WINDOW_MS + 1);
    await offer(4000);
    expect((await lines(seller.id)).map(([message]) => String(message).replace(/^.*님이 /, ""))).toEqual([
      "'헬멧'에 4,000원을 제안했습니다.",
      "'헬멧'에 3,000원을 제안했습니다.",
      "'헬멧'에 2,000원을 제안했습니다. (총 2회)",
    ]);
    expect(await countUnread(runtime.db, seller.id)).toBe(2);
  });

  it("keeps the dedupe keys of folded notifications: a replayed event changes nothing", async () => {
    const rider = await insertMember(runtime.db);
    const fan = await insertMember(runtime.db);
    const like = (key: string) =>
      send({ recipientId: rider.id, type: "like", actorId: fan.id, link: "/board/free/9", dedupeKey: key });
    await like("like:9:a");
    await like("like:9:b");
    events = [];
    await like("like:9:a");
    await like("like:9:b");
    expect(await rowsOf(rider.id)).toHaveLength(2);
    expect((await lines(rider.id)).map(([message]) => message)).toEqual([
      expect.stringMatching(/\(총 2회\)$/),
    ]);
    expect(events).toEqual([]);
  });

  it("folds by the sender's subject when each event has its own link; nothing without an actor folds", async () => {
    const expert = await insertMember(runtime.db);
    const rider = await insertMember(runtime.db, { nickname: "요청자" });
    for (const room of ["a", "b"])
      await send({
        recipientId: expert.id,
        type: "meetingRequest",
        actorId: rider.id,
        link: `/meeting/coaching/chat?room=${room}`,
        subject: "meetings:coaching:1",
      });
    await send({
      recipientId: expert.id,
      type: "announcement",
      params: { title: "점검" },
      link: "/announce",
    });
    await send({
      recipientId: expert.id,
      type: "announcement",
      params: { title: "점검" },
      link: "/announce",
    });
    expect(await lines(expert.id)).toEqual([
      ["새 공지사항: 점검", "/announce"],
      ["새 공지사항: 점검", "/announce"],
      ["요청자님이 만남을 신청했습니다. (총 2회)", "/meeting/coaching/chat?room=b"],
    ]);
  });

  it("folds repeats within one batch, and pushes each recipient's arrivals once", async () => {
    const [a, b] = [await insertMember(runtime.db), await insertMember(runtime.db)];
    const sender = await insertMember(runtime.db, { nickname: "수다쟁이" });
    const message = (recipientId: string) =>
      ({ recipientId, type: "chatMessage", actorId: sender.id, link: "/meeting/owner/chat?room=x" }) as const;
    await runInTransaction(runtime.db, clock, (uow) =>
      notifications.notifyEach(uow, [message(a.id), message(a.id), message(b.id), message(a.id)]),
    );
    expect(await lines(a.id)).toEqual([
      ["수다쟁이님이 새 메시지를 보냈습니다. (총 3회)", "/meeting/owner/chat?room=x"],
    ]);
    expect(await lines(b.id)).toHaveLength(1);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        { to: a.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } },
        { to: b.id, event: "alarm:unread", payload: { count: 1, arrived: 1 } },
      ]),
    );
  });

  it("sends at most the daily cap of one type from one actor to a recipient in a Seoul day", async () => {
    const subscriber = await insertMember(runtime.db);
    const seller = await insertMember(runtime.db);
    const alert = (n: number) =>
      runInTransaction(runtime.db, clock, (uow) =>
        notifications.notifyMany(uow, [subscriber.id], {
          type: "marketKeyword",
          actorId: seller.id,
          params: { keyword: "헬멧", title: `헬멧 ${n}` },
          link: `/market/gear/${n}`,
          dailyCap: 2,
        }),
      );
    for (const n of [1, 2, 3, 4]) await alert(n);
    expect(await rowsOf(subscriber.id)).toHaveLength(2);
    clock.advance(24 * 60 * 60_000);
    await alert(5);
    expect((await rowsOf(subscriber.id)).map((row) => row.link).sort()).toEqual([
      "/market/gear/1",
      "/market/gear/2",
      "/market/gear/5",
    ]);
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
      "paymentRequested",
      "paymentCompleted",
      "refundRequested",
      "refundCompleted",
      "refundDeclined",
      "chatMessage",
      "spark",
      "pointGift",
      "pointGiftSent",
      "coupon",
      "withdrawalPaid",
      "withdrawalFailed",
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
      "inspectionRequested",
      "inspectionAgreed",
      "inspectionDeclined",
      "inspectionReported",
      "inspectionPublished",
      "theftMatch",
      "serviceDue",
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
    expect(await domainCode(setAlarmSetting(runtime.db, clock, rider.id, "settlement", false))).toBe(
      "unknown_alarm_type",
    );
  });

  it("knows exactly the types the filter table seeds", async () => {
    const seeded = (await listFilterTable(runtime.db, "integratedAlarmType")).map((item) => item.code);
    expect([...alarmTypes]).toEqual(seeded);
  });
});
