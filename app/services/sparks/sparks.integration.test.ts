import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  motorcycleReview,
  notification,
  reviewSpark,
  reviewSparkTotal,
  sparkAllowance,
} from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import { seoulDay } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertReview } from "#tests/setup/spark-reviews";
import { giveSparks, listReceivedSparks, sparkState } from "./sparks.server";

let db: Database;
// 12:00 in Seoul on 2026-06-10.
const clock = new AdjustableClock(new FixedClock(new Date("2026-06-10T03:00:00Z")));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

/** "ok", or the refusal as its code with the count it names. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) =>
      error instanceof DomainError
        ? `${error.code}${error.params?.count === undefined ? "" : `:${error.params.count}`}`
        : String(error),
  );

async function sparkCount(reviewId: number) {
  const [row] = await db
    .select({ count: motorcycleReview.sparkCount })
    .from(motorcycleReview)
    .where(eq(motorcycleReview.id, reviewId));
  return row!.count;
}

describe("giving sparks", () => {
  it("records the sparks, raises the review's count, notifies the author and answers what is left", async () => {
    const author = await insertMember(db);
    const giver = await insertMember(db);
    const reviewId = await insertReview(db, clock, author.id);

    expect(await giveSparks(db, clock, giver, reviewId, 3)).toEqual({
      reviewId,
      amount: 3,
      remainingToday: 7,
      givenToReview: 3,
    });
    expect(await sparkCount(reviewId)).toBe(3);
    const sparks = await db.select().from(reviewSpark).where(eq(reviewSpark.reviewId, reviewId));
    expect(sparks).toEqual([
      expect.objectContaining({
        giverId: giver.id,
        receiverId: author.id,
        amount: 3,
        seoulDay: "2026-06-10",
      }),
    ]);
    const alarms = await db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientId, author.id), eq(notification.type, "spark")));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      actorId: giver.id,
      params: { nickname: giver.nickname, count: 3 },
      link: `/review/motorcycle/detail?id=${reviewId}`,
    });
    expect(await sparkState(db, clock, giver.id, reviewId)).toEqual({ remainingToday: 7, givenToReview: 3 });
    expect(await sparkState(db, clock, author.id, reviewId)).toEqual({
      remainingToday: 10,
      givenToReview: 0,
    });
  });

  it("is refused for one's own review, a deleted or missing review and amounts outside 1–10, leaving nothing", async () => {
    const author = await insertMember(db);
    const giver = await insertMember(db);
    const reviewId = await insertReview(db, clock, author.id);
    const deletedId = await insertReview(db, clock, author.id, { motorcycle: "pcx125", deleted: true });

    expect(await outcome(giveSparks(db, clock, author, reviewId, 1))).toBe("own_review");
    expect(await outcome(giveSparks(db, clock, giver, deletedId, 1))).toBe("review_not_found");
    expect(await outcome(giveSparks(db, clock, giver, 2_000_000_000, 1))).toBe("review_not_found");
    for (const amount of [0, 11, 1.5, -1, Number.NaN])
      expect(await outcome(giveSparks(db, clock, giver, reviewId, amount))).toBe("amount_invalid");

    expect(await sparkCount(reviewId)).toBe(0);
    expect(await sparkCount(deletedId)).toBe(0);
    const allowance = await db
      .select()
      .from(sparkAllowance)
      .where(inArray(sparkAllowance.memberId, [giver.id, author.id]));
    expect(allowance.every((row) => row.used === 0)).toBe(true);
    const totals = await db.select().from(reviewSparkTotal).where(eq(reviewSparkTotal.giverId, giver.id));
    expect(totals.every((row) => row.total === 0)).toBe(true);
  });

  it("gives one review at most 10 in total: the rest is named, then 'spark already sent', on later days too", async () => {
    const author = await insertMember(db);
    const giver = await insertMember(db);
    const reviewId = await insertReview(db, clock, author.id);

    await giveSparks(db, clock, giver, reviewId, 6);
    expect(await outcome(giveSparks(db, clock, giver, reviewId, 5))).toBe("review_limit:4");
    expect(await giveSparks(db, clock, giver, reviewId, 4)).toMatchObject({
      givenToReview: 10,
      remainingToday: 0,
    });
    clock.advance(24 * 60 * 60_000);
    // A new day's allowance does not reopen a review the giver has given all 10.
    expect(await outcome(giveSparks(db, clock, giver, reviewId, 1))).toBe("already_sent");
    expect(await sparkState(db, clock, giver.id, reviewId)).toEqual({
      remainingToday: 10,
      givenToReview: 10,
    });
    expect(await sparkCount(reviewId)).toBe(10);
  });

  it("never passes the day's 10, saying how many are left", async () => {
    const giver = await insertMember(db);
    const reviews = [
      await insertReview(db, clock, (await insertMember(db)).id),
      await insertReview(db, clock, (await insertMember(db)).id),
    ];
    await giveSparks(db, clock, giver, reviews[0]!, 7);
    expect(await outcome(giveSparks(db, clock, giver, reviews[1]!, 4))).toBe("not_enough:3");
    // The refused gift left the review's total untouched.
    expect(await sparkState(db, clock, giver.id, reviews[1]!)).toEqual({
      remainingToday: 3,
      givenToReview: 0,
    });
    await giveSparks(db, clock, giver, reviews[1]!, 3);
    expect(await outcome(giveSparks(db, clock, giver, reviews[1]!, 1))).toBe("not_enough:0");
    expect(await sparkCount(reviews[1]!)).toBe(3);
  });

  it("starts a new allowance at 00:00 in Seoul, not 24 hours after the first spark", async () => {
    const giver = await insertMember(db);
    const reviewA = await insertReview(db, clock, (await insertMember(db)).id);
    const reviewB = await insertReview(db, clock, (await insertMember(db)).id);
    // 23:59 in Seoul on 2026-07-01.
    clock.moveTo(new Date("2026-07-01T14:59:00Z"));
    await giveSparks(db, clock, giver, reviewA, 10);
    clock.advance(59_000);
    expect(await outcome(giveSparks(db, clock, giver, reviewB, 1))).toBe("not_enough:0");
    expect((await sparkState(db, clock, giver.id)).remainingToday).toBe(0);
    // 00:00:00 in Seoul on 2026-07-02.
    clock.advance(1_000);
    expect((await sparkState(db, clock, giver.id)).remainingToday).toBe(10);
    expect(await giveSparks(db, clock, giver, reviewB, 10)).toMatchObject({ remainingToday: 0 });
    const days = await db
      .select({ day: sparkAllowance.seoulDay, used: sparkAllowance.used })
      .from(sparkAllowance)
      .where(eq(sparkAllowance.memberId, giver.id))
      .orderBy(sparkAllowance.seoulDay);
    expect(days).toEqual([
      { day: "2026-07-01", used: 10 },
      { day: "2026-07-02", used: 10 },
    ]);
    const given = await db
      .select({ day: reviewSpark.seoulDay })
      .from(reviewSpark)
      .where(eq(reviewSpark.giverId, giver.id))
      .orderBy(reviewSpark.id);
    expect(given.map((row) => row.day)).toEqual(["2026-07-01", "2026-07-02"]);
  });

  it(
    "holds the day's 10 exactly under 100 simultaneous requests by one member across several reviews",
    { tags: ["concurrency"] },
    async () => {
      const giver = await insertMember(db);
      const reviews: number[] = [];
      for (let n = 0; n < 5; n++) reviews.push(await insertReview(db, clock, (await insertMember(db)).id));
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, n) => outcome(giveSparks(db, clock, giver, reviews[n % 5]!, 1))),
      );
      expect(results.filter((result) => result === "ok")).toHaveLength(10);
      expect(
        results.filter((result) => result !== "ok").every((result) => result.startsWith("not_enough")),
      ).toBe(true);
      const [allowance] = await db
        .select({ used: sparkAllowance.used })
        .from(sparkAllowance)
        .where(
          and(eq(sparkAllowance.memberId, giver.id), eq(sparkAllowance.seoulDay, seoulDay(clock.now()))),
        );
      expect(allowance?.used).toBe(10);
      const [counts] = await db
        .select({ sum: sql<number>`sum(${motorcycleReview.sparkCount})::int` })
        .from(motorcycleReview)
        .where(inArray(motorcycleReview.id, reviews));
      expect(counts?.sum).toBe(10);
      const [given] = await db
        .select({ sum: sql<number>`sum(${reviewSpark.amount})::int` })
        .from(reviewSpark)
        .where(eq(reviewSpark.giverId, giver.id));
      expect(given?.sum).toBe(10);
      const [totals] = await db
        .select({ sum: sql<number>`sum(${reviewSparkTotal.total})::int` })
        .from(reviewSparkTotal)
        .where(eq(reviewSparkTotal.giverId, giver.id));
      expect(totals?.sum).toBe(10);
    },
  );
});

describe("received sparks", () => {
  it("lists who gave which review how many, newest first, a page at a time, and keeps deleted reviews named", async () => {
    const author = await insertMember(db);
    const reviewA = await insertReview(db, clock, author.id);
    const reviewB = await insertReview(db, clock, author.id, { motorcycle: "mt07" });
    const givers = [await insertMember(db), await insertMember(db), await insertMember(db)];
    await giveSparks(db, clock, givers[0]!, reviewA, 2);
    await giveSparks(db, clock, givers[1]!, reviewB, 5);
    await giveSparks(db, clock, givers[2]!, reviewA, 1);
    await db.update(motorcycleReview).set({ deletedAt: clock.now() }).where(eq(motorcycleReview.id, reviewB));

    const first = await listReceivedSparks(db, author.id, { limit: 2 });
    expect(first.rows.map((row) => [row.giverNickname, row.reviewId, row.amount])).toEqual([
      [givers[2]!.nickname, reviewA, 1],
      [givers[1]!.nickname, reviewB, 5],
    ]);
    expect(first.rows[0]!.review).toEqual({
      modelKo: "포르자 350",
      modelEn: "Forza 350",
      year: 2023,
      deleted: false,
    });
    expect(first.rows[1]!.review).toMatchObject({ modelEn: "MT-07", deleted: true });
    expect(first.next).toBe(first.rows[1]!.id);
    const second = await listReceivedSparks(db, author.id, { limit: 2, before: first.next! });
    expect(second.rows.map((row) => [row.giverNickname, row.amount])).toEqual([[givers[0]!.nickname, 2]]);
    expect(second.next).toBeNull();
    expect((await listReceivedSparks(db, givers[0]!.id)).rows).toEqual([]);
  });
});
