import { and, asc, eq, inArray, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { ledgerTransaction, meetingFeedback, member, notification, type MeetingKind } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DAY_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { actorOf, type Actor } from "#app/services/actor";
import { signIn, signUpWithEmail } from "#app/services/auth/accounts.server";
import { DomainError } from "#app/services/errors";
import { memberPointsCode } from "#app/services/ledger/accounts.server";
import { balanceOf } from "#app/services/ledger/reads.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { joiningConsents } from "#tests/setup/consents";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertSkill, requestOf, type MemberSkillRow } from "#app/services/meetings/meetings.fixtures";
import {
  endMeeting,
  requestMeeting,
  reserveMeeting,
  setAppointment,
} from "#app/services/meetings/meeting/meetings.server";
import {
  feedbackSummary,
  giveFeedback,
  pendingFeedback,
  receivedFeedback,
  RECEIVED_PAGE_SIZE,
  skipFeedback,
  type FeedbackInput,
} from "./feedback.server";

let runtime: Runtime;
let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  db = runtime.db;
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const photo = { url: "/uploads/post/2026/03/a.webp", width: 800, height: 600 };

/** A feedback as a member writes one, 231 characters with nothing repeated or invisible. */
const REVIEW =
  "오일 교환을 꼼꼼하게 해 주시고 체인 장력과 브레이크 패드 상태까지 함께 봐 주셨어요. 작업하시면서 부품마다 왜 갈아야 하는지 사진으로 보여 주셔서 이해하기 쉬웠습니다. 약속 시간도 정확히 지켜 주셨고 정비가 끝난 뒤에는 시운전까지 같이 나가서 변속 느낌을 확인해 주셨습니다. 다음 장거리 투어 전에 타이어 점검도 꼭 다시 부탁드리고 싶어요. 가격도 미리 말씀하신 그대로였고 남은 오일은 깔끔하게 처리해 주셨어요.";
/** The first `length` characters of the review (99, 100, 150 and 200 end on a letter). */
const writing = (length: number) => [...REVIEW].slice(0, length).join("");
/** What earns the full reward: a photo and 200 characters. */
const full = () => input({ content: writing(200), photos: [photo] });

const input = (fields: Partial<FeedbackInput> = {}): FeedbackInput => ({
  verdict: "smooth",
  rating: 5,
  content: "친절하게 알려 주셨어요.",
  photos: [],
  ...fields,
});

/**
 * A meeting of `kind` that ran `minutes` from its appointment and ended now, between two new members who share
 * nothing (or the sides given).
 */
async function ended(
  options: { requester?: Actor; provider?: Actor; kind?: MeetingKind; minutes?: number } = {},
) {
  const requester = options.requester ?? (await insertMember(db));
  const provider = options.provider ?? (await insertMember(db));
  const meetingId = await insertMeeting(
    db,
    clock,
    { requesterId: requester.id, providerId: provider.id },
    {
      status: "ended",
      kind: options.kind ?? "repair",
      appointmentAt: new Date(clock.now().getTime() - (options.minutes ?? 60) * MINUTE_MS),
      endedAt: clock.now(),
    },
  );
  return { requester, provider, meetingId };
}

const points = (who: Actor) => balanceOf(db, memberPointsCode(who.id)).catch(() => 0);
const rewards = (meetingId: number, who: Actor) =>
  db
    .select()
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.kind, "feedback_reward"),
        like(ledgerTransaction.idempotencyKey, `meeting-feedback:${meetingId}:${who.id}`),
      ),
    );

describe("giving feedback", () => {
  it.each<[number, string, Partial<FeedbackInput>]>([
    [1000, "a photo and 200 characters", { content: writing(200), photos: [photo] }],
    [200, "200 characters without a photo", { content: writing(200) }],
    [200, "100 characters and a photo", { content: writing(100), photos: [photo, photo] }],
    [0, "99 characters and a photo", { content: writing(99), photos: [photo] }],
  ])("pays %i P for %s", async (paid, _, fields) => {
    const { requester, provider, meetingId } = await ended();
    const before = await points(requester);
    const given = await giveFeedback(db, clock, requester, meetingId, input(fields));
    expect(given.rewardPoints).toBe(paid);
    expect(await points(requester)).toBe(before + paid);
    expect(await rewards(meetingId, requester)).toHaveLength(paid > 0 ? 1 : 0);
    const [row] = await db.select().from(meetingFeedback).where(eq(meetingFeedback.id, given.id));
    expect(row).toMatchObject({
      authorId: requester.id,
      targetId: provider.id,
      rewardPoints: paid,
      rewardWithheld: paid > 0 ? null : "content_short",
      rating: 5,
    });
  });

  it("pays exactly once on a concurrent double submit", { tags: ["concurrency"] }, async () => {
    const { requester, meetingId } = await ended();
    const results = await Promise.all([
      outcome(giveFeedback(db, clock, requester, meetingId, full())),
      outcome(giveFeedback(db, clock, requester, meetingId, full())),
    ]);
    expect(results.sort()).toEqual(["conduct.feedback_already_given", "ok"]);
    expect(await points(requester)).toBe(1000);
    expect(await rewards(meetingId, requester)).toHaveLength(1);
    expect(await outcome(giveFeedback(db, clock, requester, meetingId, full()))).toBe(
      "conduct.feedback_already_given",
    );
    expect(await points(requester)).toBe(1000);
  });

  it("lets each side give its own, and tells the other side", async () => {
    const { requester, provider, meetingId } = await ended();
    await giveFeedback(db, clock, requester, meetingId, input());
    await giveFeedback(db, clock, provider, meetingId, input({ verdict: "problem", rating: 2 }));
    const notes = await db
      .select({
        recipientId: notification.recipientId,
        actorId: notification.actorId,
        link: notification.link,
      })
      .from(notification)
      .where(eq(notification.type, "meetingFeedback"))
      .orderBy(asc(notification.id));
    expect(notes.slice(-2)).toEqual([
      { recipientId: provider.id, actorId: requester.id, link: "/my/feedback" },
      { recipientId: requester.id, actorId: provider.id, link: "/my/feedback" },
    ]);
  });

  it("opens only once the meeting has ended, for its sides only", async () => {
    const requester = await insertMember(db);
    const provider = await insertMember(db);
    const sides = { requesterId: requester.id, providerId: provider.id };
    for (const status of ["chatting", "reserved", "cancelled"] as const) {
      const meetingId = await insertMeeting(db, clock, sides, { status });
      expect(await outcome(giveFeedback(db, clock, requester, meetingId, input())), status).toBe(
        "conduct.feedback_not_open",
      );
      expect(await outcome(skipFeedback(db, clock, requester, meetingId)), status).toBe(
        "conduct.feedback_not_open",
      );
    }
    const { meetingId } = await ended();
    const stranger = await insertMember(db);
    const admin = await insertAdmin(db);
    for (const who of [stranger, admin]) {
      expect(await outcome(giveFeedback(db, clock, who, meetingId, input()))).toBe("meeting.not_participant");
      expect(await outcome(skipFeedback(db, clock, who, meetingId))).toBe("meeting.not_participant");
    }
    expect(await outcome(giveFeedback(db, clock, stranger, 999_999, input()))).toBe("meeting.not_found");
  });

  it("requires a verdict, a rating of 1 to 5 and a text of at most 200 characters, and at most 4 photos", async () => {
    const { requester, meetingId } = await ended();
    const refused = async (fields: Partial<FeedbackInput>) =>
      outcome(giveFeedback(db, clock, requester, meetingId, input(fields)));
    expect(await refused({ verdict: "skipped" as never })).toBe("conduct.feedback_verdict_invalid");
    expect(await refused({ rating: 0 })).toBe("conduct.feedback_rating_invalid");
    expect(await refused({ rating: 6 })).toBe("conduct.feedback_rating_invalid");
    expect(await refused({ rating: 4.5 })).toBe("conduct.feedback_rating_invalid");
    expect(await refused({ content: "  " })).toBe("conduct.feedback_content_required");
    expect(await refused({ content: "\u200B\u3164 \u200B" })).toBe("conduct.feedback_content_required");
    expect(await refused({ content: "가".repeat(201) })).toBe("conduct.feedback_content_length");
    expect(await refused({ photos: [photo, photo, photo, photo, photo] })).toBe(
      "conduct.feedback_photos_max",
    );
    expect(await db.select().from(meetingFeedback).where(eq(meetingFeedback.meetingId, meetingId))).toEqual(
      [],
    );
  });
});

/** The points these members hold together (nothing but feedback rewards pays them here). */
async function pointsOf(...members: Actor[]): Promise<number> {
  let total = 0;
  for (const one of members) total += await points(one);
  return total;
}

const PASSWORD = "Saddle-Road-42!";
let signUps = 0;

/**
 * A member signed up as members sign up (e-mail, through the auth library), from a client address and a browser:
 * the browser's cookie when it has one, else the one the sign-up sets. Answers the actor and the browser's cookie.
 */
async function signUp(from: {
  address: string;
  browser?: string;
}): Promise<{ actor: Actor; browser: string | undefined }> {
  signUps += 1;
  const email = `farm${signUps}.${Date.now().toString(36)}@example.com`;
  const headers = new Headers({ [CLIENT_IP_HEADER]: from.address });
  if (from.browser) headers.set("cookie", from.browser);
  const result = await signUpWithEmail(
    { ...runtime, config: runtime.config },
    { email, password: PASSWORD, consents: joiningConsents },
    headers,
  );
  const [row] = await db.select({ id: member.id }).from(member).where(eq(member.email, email));
  // The browser cookie's name written out (not imported), so that this file also runs on code without it.
  const set = result.headers.getSetCookie().find((line) => line.startsWith("motomate.browser="));
  const browser = from.browser ?? set?.split(";")[0];
  return { actor: actorOf({ id: row!.id, role: "member", twoFactorEnabled: false }), browser };
}

/**
 * What a member with a second account does: the second account asks the main one's skill for a meeting, the
 * main account sets the appointment a minute ahead, confirms, closes it `minutes` after the appointment, and both
 * give full feedback; `times` meetings in a row on the test clock. Answers the app time it took.
 */
async function farm(
  main: Actor,
  second: Actor,
  skill: MemberSkillRow,
  times: number,
  minutes: number,
): Promise<number> {
  const started = clock.now().getTime();
  for (let round = 0; round < times; round++) {
    const { id } = await requestMeeting(db, clock, second, requestOf(skill, clock.now()));
    await setAppointment(db, clock, main, id, new Date(clock.now().getTime() + MINUTE_MS));
    await reserveMeeting(db, clock, main, id);
    clock.advance(MINUTE_MS + minutes * MINUTE_MS);
    await endMeeting(db, clock, main, id);
    await giveFeedback(db, clock, second, id, full());
    await giveFeedback(db, clock, main, id, full());
  }
  return clock.now().getTime() - started;
}

describe("the farming of feedback rewards", () => {
  it("pays nothing for 200 zero-width spaces, nor for two dots and 198 spaces", async () => {
    const { requester, meetingId } = await ended();
    expect(
      await outcome(
        giveFeedback(
          db,
          clock,
          requester,
          meetingId,
          input({ content: "\u200B".repeat(200), photos: [photo] }),
        ),
      ),
    ).toBe("conduct.feedback_content_required");
    const dots = await giveFeedback(
      db,
      clock,
      requester,
      meetingId,
      input({ content: `. .${" ".repeat(198)}`, photos: [photo] }),
    );
    expect(dots).toMatchObject({ rewardPoints: 0, rewardWithheld: "content_short" });
    const { requester: other, meetingId: second } = await ended();
    const spaced = await giveFeedback(
      db,
      clock,
      other,
      second,
      input({ content: `.${" ".repeat(198)}.`, photos: [photo] }),
    );
    expect(spaced).toMatchObject({ rewardPoints: 0, rewardWithheld: "content_short" });
    expect(await points(requester)).toBe(0);
    expect(await points(other)).toBe(0);
  });

  it("pays a member and their second account nothing for five one-minute meetings in six minutes", async () => {
    const main = await signUp({ address: "203.0.113.10" });
    const second = await signUp({ address: "203.0.113.10", browser: main.browser });
    const skill = await insertSkill(db, main.actor.id, "repair");
    const took = await farm(main.actor, second.actor, skill, 5, 0);
    expect(took).toBeLessThanOrEqual(6 * MINUTE_MS);
    expect(await pointsOf(main.actor, second.actor)).toBe(0);
    const reasons = await db
      .select({ withheld: meetingFeedback.rewardWithheld })
      .from(meetingFeedback)
      .where(inArray(meetingFeedback.authorId, [main.actor.id, second.actor.id]));
    expect(reasons).toHaveLength(10);
    expect(new Set(reasons.map((row) => row.withheld))).toEqual(new Set(["meeting_short"]));
  });

  it("pays them nothing either when each meeting runs its minimum, from one browser or one sign-up network", async () => {
    const main = await signUp({ address: "203.0.113.11" });
    const skill = await insertSkill(db, main.actor.id, "repair");
    const sameBrowser = await signUp({ address: "198.51.100.41", browser: main.browser });
    await farm(main.actor, sameBrowser.actor, skill, 2, 20);
    const sameNetwork = await signUp({ address: "203.0.113.11" });
    await farm(main.actor, sameNetwork.actor, skill, 2, 20);
    expect(await pointsOf(main.actor, sameBrowser.actor, sameNetwork.actor)).toBe(0);
    const reasons = await db
      .select({ withheld: meetingFeedback.rewardWithheld })
      .from(meetingFeedback)
      .where(eq(meetingFeedback.authorId, main.actor.id));
    expect(reasons.map((row) => row.withheld)).toEqual(Array(4).fill("shared_origin"));
  });

  it("pays a second account that shares nothing once per 30 days, however many meetings it holds", async () => {
    const main = await signUp({ address: "203.0.113.12" });
    const second = await signUp({ address: "198.51.100.42" });
    await farm(main.actor, second.actor, await insertSkill(db, main.actor.id, "repair"), 5, 20);
    expect(await points(main.actor)).toBe(1000);
    expect(await points(second.actor)).toBe(1000);
  });
});

describe("the caps on feedback rewards", () => {
  it.each<[MeetingKind, number]>([
    ["owner", 20],
    ["repair", 20],
    ["coaching", 30],
    ["rescue", 15],
    ["pickup", 15],
  ])("pays for a %s meeting from %i minutes after its appointment", async (kind, minimum) => {
    const short = await ended({ kind, minutes: minimum - 1 });
    expect(await giveFeedback(db, clock, short.requester, short.meetingId, full())).toMatchObject({
      rewardPoints: 0,
      rewardWithheld: "meeting_short",
    });
    const [kept] = await db
      .select()
      .from(meetingFeedback)
      .where(eq(meetingFeedback.meetingId, short.meetingId));
    expect(kept).toMatchObject({ content: writing(200), rewardPoints: 0, rewardWithheld: "meeting_short" });
    const long = await ended({ kind, minutes: minimum });
    expect(await giveFeedback(db, clock, long.requester, long.meetingId, full())).toMatchObject({
      rewardPoints: 1000,
      rewardWithheld: null,
    });
  });

  it("pays one feedback on the same member per 30 days, each side its own", async () => {
    const first = await ended();
    const { requester, provider } = first;
    expect((await giveFeedback(db, clock, requester, first.meetingId, full())).rewardPoints).toBe(1000);
    expect((await giveFeedback(db, clock, provider, first.meetingId, full())).rewardPoints).toBe(1000);
    clock.advance(29 * DAY_MS);
    const again = await ended({ requester, provider });
    expect(await giveFeedback(db, clock, requester, again.meetingId, full())).toMatchObject({
      rewardPoints: 0,
      rewardWithheld: "pair_rewarded",
    });
    // The same members the other way round are the same pair for each author.
    const reversed = await ended({ requester: provider, provider: requester });
    expect(await giveFeedback(db, clock, provider, reversed.meetingId, full())).toMatchObject({
      rewardPoints: 0,
      rewardWithheld: "pair_rewarded",
    });
    clock.advance(DAY_MS);
    const later = await ended({ requester, provider });
    expect((await giveFeedback(db, clock, requester, later.meetingId, full())).rewardPoints).toBe(1000);
    expect(await points(requester)).toBe(2000);
    expect(await points(provider)).toBe(1000);
  });

  it("pays a member three feedbacks a Seoul day", async () => {
    // 23:00 in Seoul: the next feedbacks fall on the next Seoul day.
    clock.set(new Date("2026-06-10T14:00:00Z"));
    const author = await insertMember(db);
    const given = [];
    for (let i = 0; i < 4; i++) {
      const { meetingId } = await ended({ requester: author });
      given.push(await giveFeedback(db, clock, author, meetingId, full()));
    }
    expect(given.map((one) => one.rewardWithheld)).toEqual([null, null, null, "daily_limit"]);
    expect(await points(author)).toBe(3000);
    clock.advance(60 * MINUTE_MS);
    const { meetingId } = await ended({ requester: author });
    expect((await giveFeedback(db, clock, author, meetingId, full())).rewardPoints).toBe(1000);
  });

  it("counts the daily cap across feedbacks given at once", { tags: ["concurrency"] }, async () => {
    clock.set(new Date("2026-06-20T03:00:00Z"));
    const author = await insertMember(db);
    const meetings = [];
    for (let i = 0; i < 5; i++) meetings.push((await ended({ requester: author })).meetingId);
    const given = await Promise.all(meetings.map((id) => giveFeedback(db, clock, author, id, full())));
    expect(given.filter((one) => one.rewardPoints > 0)).toHaveLength(3);
    expect(given.filter((one) => one.rewardWithheld === "daily_limit")).toHaveLength(2);
    expect(await points(author)).toBe(3000);
  });

  it("pays nothing between members who signed in on one browser, and pays members who share nothing", async () => {
    const rider = await signUp({ address: "203.0.113.20" });
    const shop = await signUp({ address: "198.51.100.43" });
    const first = await ended({ requester: rider.actor, provider: shop.actor });
    expect((await giveFeedback(db, clock, rider.actor, first.meetingId, full())).rewardPoints).toBe(1000);
    // The shop's owner signs in on the rider's browser once: from then on they share it.
    await signIn(
      { ...runtime, config: runtime.config },
      { identifier: await emailOf(shop.actor), password: PASSWORD },
      new Headers({ [CLIENT_IP_HEADER]: "198.51.100.43", cookie: rider.browser ?? "" }),
    );
    expect(await giveFeedback(db, clock, shop.actor, first.meetingId, full())).toMatchObject({
      rewardPoints: 0,
      rewardWithheld: "shared_origin",
    });
  });
});

async function emailOf(actor: Actor): Promise<string> {
  const [row] = await db.select({ email: member.email }).from(member).where(eq(member.id, actor.id));
  return row!.email;
}

describe("skipping feedback", () => {
  it("answers once, pays nothing, and leaves the pending list", async () => {
    const provider = await insertMember(db);
    const { requester, meetingId } = await ended({ provider });
    expect((await pendingFeedback(db, requester)).map((m) => m.id)).toContain(meetingId);
    expect((await pendingFeedback(db, requester)).find((m) => m.id === meetingId)).toMatchObject({
      kind: "repair",
      other: { id: provider.id, nickname: provider.nickname },
    });
    await skipFeedback(db, clock, requester, meetingId);
    expect((await pendingFeedback(db, requester)).map((m) => m.id)).not.toContain(meetingId);
    expect((await pendingFeedback(db, provider)).map((m) => m.id)).toContain(meetingId);
    expect(await outcome(skipFeedback(db, clock, requester, meetingId))).toBe(
      "conduct.feedback_already_given",
    );
    expect(
      await outcome(giveFeedback(db, clock, requester, meetingId, input({ content: writing(150) }))),
    ).toBe("conduct.feedback_already_given");
    expect(await points(requester)).toBe(0);
    expect((await receivedFeedback(db, provider)).items).toEqual([]);
  });
});

describe("received feedback", () => {
  it("lists what others gave, newest first, a page at a time, and sums up the ratings", async () => {
    const target = await insertMember(db);
    expect(await feedbackSummary(db, target.id)).toEqual({ average: null, count: 0 });
    const ratings = [...Array(RECEIVED_PAGE_SIZE + 1).keys()].map((i) => (i % 2 === 0 ? 5 : 4));
    for (const rating of ratings) {
      const author = await insertMember(db);
      const meetingId = await insertMeeting(
        db,
        clock,
        { requesterId: author.id, providerId: target.id },
        { status: "ended" },
      );
      clock.advance(1000);
      await giveFeedback(db, clock, author, meetingId, input({ rating, photos: [photo] }));
    }
    const first = await receivedFeedback(db, target);
    expect(first.items).toHaveLength(RECEIVED_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ rating: 5, verdict: "smooth", kind: "repair", photos: [photo] });
    expect(first.nextCursor).not.toBeNull();
    const second = await receivedFeedback(db, target, first.nextCursor);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await feedbackSummary(db, target.id)).toEqual({ average: 4.5, count: 21 });
  });
});
