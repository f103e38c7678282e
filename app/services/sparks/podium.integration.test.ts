import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { job, motorcycleReview, reviewPodium, reviewSpark } from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { forgetReferenceData } from "#app/services/reference/cache.server";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertReview } from "#tests/setup/spark-reviews";
import {
  ensurePodiumJob,
  homeHotReviews,
  homePodium,
  loadHotReviews,
  loadPodium,
  PODIUM_INTERVAL_MS,
  PODIUM_JOB_KEY,
  recomputePodium,
  sparkJobs,
} from "./podium.server";
import { giveSparks } from "./sparks.server";

let db: Database;
// 10:00 in Seoul.
const clock = new AdjustableClock(new FixedClock(new Date("2026-08-03T01:00:00Z")));
const logger = createLogger("silent");

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

// Every test starts from no podium, no podium job and no sparks of earlier tests in the window.
beforeEach(async () => {
  clock.advance(48 * HOUR_MS);
  await db.delete(reviewPodium);
  await db.delete(job).where(eq(job.kind, "reviews.podium"));
  forgetReferenceData(db);
});

const worker = () =>
  new JobWorker({ db, clock, logger, registry: composeJobRegistry(sparkJobs), pollIntervalMs: 1000 });

const podiumJobs = () =>
  db
    .select({ runAt: job.runAt, status: job.status, key: job.dedupeKey })
    .from(job)
    .where(and(eq(job.kind, "reviews.podium"), inArray(job.status, ["pending", "running"])));

async function givers(count: number) {
  return Promise.all(Array.from({ length: count }, () => insertMember(db)));
}

describe("the podium", () => {
  it("ranks live reviews by sparks of the last 24 hours, ties to the earlier review, three places", async () => {
    const authors = await givers(5);
    const reviews = [];
    for (const author of authors) reviews.push(await insertReview(db, clock, author.id));
    const [a, b, c, d, e] = reviews as [number, number, number, number, number];
    const fans = await givers(4);
    // Older than 24 hours: counts for nothing.
    await giveSparks(db, clock, fans[3]!, e, 10);
    clock.advance(2 * HOUR_MS);
    await giveSparks(db, clock, fans[0]!, a, 4);
    await giveSparks(db, clock, fans[1]!, b, 6);
    await giveSparks(db, clock, fans[2]!, c, 4);
    await giveSparks(db, clock, fans[1]!, d, 3);
    clock.advance(23 * HOUR_MS);
    await giveSparks(db, clock, fans[2]!, d, 2);

    await runInTransaction(db, clock, (uow) => recomputePodium(uow));
    expect((await loadPodium(db)).map((place) => [place.rank, place.reviewId, place.sparks])).toEqual([
      [1, b, 6],
      [2, d, 5],
      [3, a, 4],
    ]);
    const [first] = await loadPodium(db);
    expect(first).toMatchObject({
      model: { ko: "포르자 350", en: "Forza 350" },
      year: 2023,
      authorNickname: authors[1]!.nickname,
      thumbnailUrl: "/uploads/review/a-thumb.webp",
    });

    // A deleted review leaves the podium (when shown at once, and when computed again).
    await db.update(motorcycleReview).set({ deletedAt: clock.now() }).where(eq(motorcycleReview.id, b));
    expect((await loadPodium(db)).map((place) => [place.rank, place.reviewId])).toEqual([
      [1, d],
      [2, a],
    ]);
    await runInTransaction(db, clock, (uow) => recomputePodium(uow));
    expect((await loadPodium(db)).map((place) => place.reviewId)).toEqual([d, a, c]);

    // A day later nothing is recent: the podium is empty.
    clock.advance(25 * HOUR_MS);
    await runInTransaction(db, clock, (uow) => recomputePodium(uow));
    expect(await loadPodium(db)).toEqual([]);
    expect(await db.select().from(reviewPodium)).toEqual([]);
  });

  it("is recomputed by a job that runs again five minutes later, one run pending at a time", async () => {
    const review = await insertReview(db, clock, (await insertMember(db)).id);
    await ensurePodiumJob(db, clock);
    await ensurePodiumJob(db, clock);
    expect(await podiumJobs()).toHaveLength(1);

    expect(await worker().drain()).toBe(1);
    expect(await loadPodium(db)).toEqual([]);
    const [next] = await podiumJobs();
    expect(next).toMatchObject({ status: "pending", key: PODIUM_JOB_KEY });
    expect(next!.runAt.getTime()).toBe(clock.now().getTime() + PODIUM_INTERVAL_MS);

    // A spark brings the next run forward to within a minute, and more sparks never push it back.
    const fan = await insertMember(db);
    await giveSparks(db, clock, fan, review, 2);
    clock.advance(30_000);
    await giveSparks(db, clock, fan, review, 1);
    const pending = await podiumJobs();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime()).toBe(clock.now().getTime() - 30_000 + MINUTE_MS);

    expect(await worker().drain()).toBe(0);
    clock.advance(30_000);
    expect(await worker().drain()).toBe(1);
    expect((await loadPodium(db)).map((place) => [place.reviewId, place.sparks])).toEqual([[review, 3]]);
    const [again] = await podiumJobs();
    expect(again!.runAt.getTime()).toBe(clock.now().getTime() + PODIUM_INTERVAL_MS);
    clock.advance(PODIUM_INTERVAL_MS);
    expect(await worker().drain()).toBe(1);
    expect(await podiumJobs()).toHaveLength(1);
  });

  it("is started again by a spark when no run is to come", async () => {
    const review = await insertReview(db, clock, (await insertMember(db)).id);
    expect(await podiumJobs()).toHaveLength(0);
    await giveSparks(db, clock, await insertMember(db), review, 1);
    const [started] = await podiumJobs();
    expect(started!.runAt.getTime()).toBe(clock.now().getTime() + MINUTE_MS);
  });

  it("reaches the home page from memory: one load for many readers", async () => {
    const review = await insertReview(db, clock, (await insertMember(db)).id);
    expect(await homePodium(db)).toEqual([]);
    await giveSparks(db, clock, await insertMember(db), review, 4);
    await runInTransaction(db, clock, (uow) => recomputePodium(uow));
    // Held: the same answer until the cache is let go.
    expect(await homePodium(db)).toEqual([]);
    forgetReferenceData(db);
    expect((await homePodium(db)).map((place) => place.reviewId)).toEqual([review]);
  });
});

describe("hot reviews", () => {
  it("are the most sparked live reviews of the last 30 days, without unsparked ones", async () => {
    const old = await insertReview(db, clock, (await insertMember(db)).id, {
      createdAt: new Date(clock.now().getTime() - 31 * 24 * HOUR_MS),
    });
    const quiet = await insertReview(db, clock, (await insertMember(db)).id);
    const warm = await insertReview(db, clock, (await insertMember(db)).id);
    const hot = await insertReview(db, clock, (await insertMember(db)).id, { motorcycle: "mt07" });
    const gone = await insertReview(db, clock, (await insertMember(db)).id);
    const fans = await givers(3);
    await giveSparks(db, clock, fans[2]!, old, 10);
    await giveSparks(db, clock, fans[0]!, warm, 2);
    await giveSparks(db, clock, fans[1]!, hot, 7);
    await giveSparks(db, clock, fans[1]!, gone, 3);
    await db.update(motorcycleReview).set({ deletedAt: clock.now() }).where(eq(motorcycleReview.id, gone));

    const rows = await loadHotReviews(db, clock.now(), 10);
    const mine = rows.filter((row) => [old, quiet, warm, hot, gone].includes(row.reviewId));
    expect(mine.map((row) => [row.reviewId, row.sparks])).toEqual([
      [hot, 7],
      [warm, 2],
    ]);
    expect(mine[0]).toMatchObject({ model: { ko: "MT-07", en: "MT-07" }, year: 2024, ratingAverage: 8 });
    expect((await homeHotReviews(db, clock)).length).toBeLessThanOrEqual(4);
    expect(await db.select().from(reviewSpark).where(eq(reviewSpark.reviewId, quiet))).toEqual([]);
  });
});
