import { and, asc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { ledgerTransaction, meetingFeedback, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { balanceOf, memberPointsCode } from "#app/services/ledger/ledger.server";
import { insertMeeting } from "../../../tests/setup/conduct-meetings";
import { insertAdmin, insertMember, type TestMember } from "../../../tests/setup/members";
import { createTestRuntime } from "../../../tests/setup/runtime";
import {
  feedbackSummary,
  giveFeedback,
  pendingFeedback,
  receivedFeedback,
  RECEIVED_PAGE_SIZE,
  skipFeedback,
  type FeedbackInput,
} from "./feedback.server";

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const photo = { url: "/uploads/post/2026/03/a.webp", width: 800, height: 600 };
const input = (fields: Partial<FeedbackInput> = {}): FeedbackInput => ({
  verdict: "smooth",
  rating: 5,
  content: "친절하게 알려 주셨어요.",
  photos: [],
  ...fields,
});

async function ended() {
  const requester = await insertMember(db);
  const provider = await insertMember(db);
  const meetingId = await insertMeeting(
    db,
    clock,
    { requesterId: requester.id, providerId: provider.id },
    { status: "ended" },
  );
  return { requester, provider, meetingId };
}

const points = (who: TestMember) => balanceOf(db, memberPointsCode(who.id)).catch(() => 0);
const rewards = (meetingId: number, who: TestMember) =>
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
    [1000, "a photo and 200 characters", { content: "가".repeat(200), photos: [photo] }],
    [200, "200 characters without a photo", { content: "가".repeat(200) }],
    [200, "100 characters and a photo", { content: "가".repeat(100), photos: [photo, photo] }],
    [0, "99 characters and a photo", { content: "가".repeat(99), photos: [photo] }],
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
      rating: 5,
    });
  });

  it("pays exactly once on a concurrent double submit", { tags: ["concurrency"] }, async () => {
    const { requester, meetingId } = await ended();
    const full = input({ content: "가".repeat(200), photos: [photo] });
    const results = await Promise.all([
      outcome(giveFeedback(db, clock, requester, meetingId, full)),
      outcome(giveFeedback(db, clock, requester, meetingId, full)),
    ]);
    expect(results.sort()).toEqual(["conduct.feedback_already_given", "ok"]);
    expect(await points(requester)).toBe(1000);
    expect(await rewards(meetingId, requester)).toHaveLength(1);
    expect(await outcome(giveFeedback(db, clock, requester, meetingId, full))).toBe(
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
    expect(await refused({ content: "가".repeat(201) })).toBe("conduct.feedback_content_length");
    expect(await refused({ photos: [photo, photo, photo, photo, photo] })).toBe(
      "conduct.feedback_photos_max",
    );
    expect(await db.select().from(meetingFeedback).where(eq(meetingFeedback.meetingId, meetingId))).toEqual(
      [],
    );
  });
});

describe("skipping feedback", () => {
  it("answers once, pays nothing, and leaves the pending list", async () => {
    const { requester, provider, meetingId } = await ended();
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
      await outcome(giveFeedback(db, clock, requester, meetingId, input({ content: "가".repeat(150) }))),
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
