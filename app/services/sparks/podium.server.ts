import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "#app/db/client.server";
import { job, reviewPodium } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { defineJob, enqueueJob, type JobKind } from "#app/platform/jobs.server";
import { DAY_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { cachedReference } from "#app/services/reference/cache.server";

/**
 * The podium: the three reviews that received the most sparks in the last 24 hours. A job computes it into
 * `review_podium` every few minutes, and the home page reads that table through the reference cache, so the busiest
 * page never sums sparks itself.
 */

/** How many places the podium has. */
const PODIUM_PLACES = 3;
/** The window the podium counts sparks in: the last 24 hours (a duration, not a Seoul day). */
const PODIUM_WINDOW_MS = DAY_MS;
/** How long after one computation the next one runs. */
export const PODIUM_INTERVAL_MS = 5 * MINUTE_MS;
/** At the latest this long after a spark, the podium is computed again. */
const PODIUM_NUDGE_MS = MINUTE_MS;
/** The key of the one podium job still to run. */
export const PODIUM_JOB_KEY = "reviews.podium";

/**
 * Recomputes the podium in the caller's unit: the live reviews with the most sparks created after `now − 24 h`, ties
 * to the earlier review. Places are written over (and places no longer filled removed), so two computations at once
 * leave one consistent podium rather than a key conflict.
 */
export async function recomputePodium(uow: UnitOfWork): Promise<void> {
  const since = new Date(uow.now.getTime() - PODIUM_WINDOW_MS);
  const top = await queryRows<{ review_id: number | string; sparks: number | string }>(
    uow.tx,
    sql`select s.review_id, sum(s.amount)::int as sparks
        from review_spark s
        join motorcycle_review r on r.id = s.review_id and r.deleted_at is null
        where s.created_at > ${since.toISOString()}::timestamptz
        group by s.review_id
        order by sparks desc, s.review_id asc
        limit ${PODIUM_PLACES}`,
  );
  const places = top.map((row, index) => ({
    rank: index + 1,
    reviewId: Number(row.review_id),
    sparks: Number(row.sparks),
    computedAt: uow.now,
  }));
  if (places.length > 0) {
    await uow.tx
      .insert(reviewPodium)
      .values(places)
      .onConflictDoUpdate({
        target: reviewPodium.rank,
        set: {
          reviewId: sql`excluded.review_id`,
          sparks: sql`excluded.sparks`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
  await uow.tx.delete(reviewPodium).where(gt(reviewPodium.rank, places.length));
}

/**
 * The podium job: recomputes, then schedules the next run `PODIUM_INTERVAL_MS` later under the same key. A job still
 * to run holds its key until it is marked done (in this same unit), so the run hands its key on to its successor
 * first; if the run fails, that rolls back with it and the retry does the same.
 */
const podiumPayload = z.object({}).strict();

const podiumJob: JobKind<z.infer<typeof podiumPayload>> = defineJob("reviews.podium", {
  payload: podiumPayload,
  handle: async (_payload, { uow }) => {
    await recomputePodium(uow);
    await uow.tx
      .update(job)
      .set({ dedupeKey: null })
      .where(and(eq(job.dedupeKey, PODIUM_JOB_KEY), eq(job.status, "running")));
    await enqueueJob(
      uow,
      podiumJob,
      {},
      { runAt: new Date(uow.now.getTime() + PODIUM_INTERVAL_MS), key: PODIUM_JOB_KEY },
    );
  },
});

/** The reviews area's jobs, composed into the worker's registry at start-up. */
export const sparkJobs = [podiumJob];

/** Makes sure a podium computation is to come: one due now unless one is already pending or running (start-up). */
export function ensurePodiumJob(db: Database, clock: Clock): Promise<void> {
  return runInTransaction(db, clock, async (uow) => {
    await enqueueJob(uow, podiumJob, {}, { runAt: uow.now, key: PODIUM_JOB_KEY });
  });
}

/**
 * After a spark: the pending computation is brought forward to at most `PODIUM_NUDGE_MS` from now (never pushed
 * back, so a steady stream of sparks cannot keep postponing it). Only the first spark of a period moves it; later ones
 * find it due soon already and change nothing. With no computation to come at all (one that failed for good), one is
 * added.
 */
export async function nudgePodium(uow: UnitOfWork): Promise<void> {
  const soon = new Date(uow.now.getTime() + PODIUM_NUDGE_MS);
  const moved = await uow.tx
    .update(job)
    .set({ runAt: soon })
    .where(and(eq(job.dedupeKey, PODIUM_JOB_KEY), eq(job.status, "pending"), gt(job.runAt, soon)))
    .returning({ id: job.id });
  if (moved.length > 0) return;
  const [open] = await uow.tx
    .select({ id: job.id })
    .from(job)
    .where(and(eq(job.dedupeKey, PODIUM_JOB_KEY), inArray(job.status, ["pending", "running"])))
    .limit(1);
  if (!open) await enqueueJob(uow, podiumJob, {}, { runAt: soon, key: PODIUM_JOB_KEY });
}

export interface ReviewCardRow {
  reviewId: number;
  sparks: number;
  model: { ko: string; en: string };
  year: number;
  authorNickname: string | null;
  thumbnailUrl: string | null;
  ratingAverage: number;
}

export interface PodiumPlace extends ReviewCardRow {
  rank: number;
}

type CardRow = {
  review_id: number | string;
  sparks: number | string;
  model_ko: string;
  model_en: string;
  model_year: number;
  nickname: string | null;
  thumbnail_url: string | null;
  rating_average: number | string;
};

const cardColumns = sql`r.id as review_id, mm.name_ko as model_ko, mm.name_en as model_en, mo.model_year,
  case when m.withdrawn_at is null then m.nickname end as nickname,
  r.images -> 0 ->> 'thumbnailUrl' as thumbnail_url, r.rating_average`;

const cardJoins = sql`join motorcycle mo on mo.id = r.motorcycle_id
  join motorcycle_model mm on mm.id = r.model_id
  join member m on m.id = r.author_id`;

function toCard(row: CardRow): ReviewCardRow {
  return {
    reviewId: Number(row.review_id),
    sparks: Number(row.sparks),
    model: { ko: row.model_ko, en: row.model_en },
    year: row.model_year,
    authorNickname: row.nickname,
    thumbnailUrl: row.thumbnail_url,
    ratingAverage: Number(row.rating_average),
  };
}

/** The podium as last computed, live reviews only, first place first (one statement). */
export async function loadPodium(db: Database): Promise<PodiumPlace[]> {
  const rows = await queryRows<CardRow & { rank: number }>(
    db,
    sql`select p.rank, p.sparks, ${cardColumns}
        from review_podium p
        join motorcycle_review r on r.id = p.review_id and r.deleted_at is null
        ${cardJoins}
        order by p.rank`,
  );
  return rows.map((row, index) => ({ ...toCard(row), rank: index + 1 }));
}

/** The podium for the home page, held in memory with the reference data (at most 30 seconds old, ADR 034). */
export function homePodium(db: Database): Promise<PodiumPlace[]> {
  return cachedReference(db, "reviews:podium", () => loadPodium(db));
}

/** How many hot reviews the home page shows, and how recent they are. */
const HOME_HOT_REVIEWS = 4;
const HOT_REVIEW_WINDOW_MS = 30 * DAY_MS;

/** The most sparked live reviews written in the last 30 days, ties to the newer (one statement). */
export async function loadHotReviews(
  db: Database,
  now: Date,
  limit = HOME_HOT_REVIEWS,
): Promise<ReviewCardRow[]> {
  const since = new Date(now.getTime() - HOT_REVIEW_WINDOW_MS);
  const rows = await queryRows<CardRow>(
    db,
    sql`select r.spark_count as sparks, ${cardColumns}
        from motorcycle_review r
        ${cardJoins}
        where r.deleted_at is null and r.spark_count > 0 and r.created_at > ${since.toISOString()}::timestamptz
        order by r.spark_count desc, r.id desc
        limit ${limit}`,
  );
  return rows.map(toCard);
}

/** The home page's hot reviews, held in memory like the visitors' market section. */
export function homeHotReviews(db: Database, clock: Clock): Promise<ReviewCardRow[]> {
  return cachedReference(db, "reviews:home-hot", () => loadHotReviews(db, clock.now()));
}
