import { and, desc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  garageBike,
  member,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  motorcycleReview,
  reviewSpark,
  type ReviewTag,
} from "#app/db/schema";
import { DAY_MS } from "#app/platform/seoul-calendar";
import type { Actor } from "#app/services/actor";
import { mayManage } from "#app/services/permissions";
import { preciseTime } from "#app/services/board/list.server";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { editableUntil, isEditable, ratingsOf } from "./reviews.server";

/** Reviews per page of a list. */
export const REVIEW_PAGE_SIZE = 20;
/** How far back the hot list counts sparks. */
const HOT_WINDOW_DAYS = 7;
/** Reviews the hot list shows. */
const HOT_LIMIT = 20;

export type ReviewSort = "latest" | "sparked";

export function isReviewSort(value: unknown): value is ReviewSort {
  return value === "latest" || value === "sparked";
}

/** The model year a review is of, with its model's and manufacturer's names. */
export interface ReviewedMotorcycle {
  id: number;
  year: number;
  modelId: number;
  nameKo: string;
  nameEn: string;
  manufacturerKo: string;
  manufacturerEn: string;
}

interface ReviewAuthor {
  id: string;
  nickname: string;
  avatarUrl: string | null;
}

/** A review as lists show it. */
export interface ReviewCard {
  id: number;
  motorcycle: ReviewedMotorcycle;
  author: ReviewAuthor;
  ratingAverage: number;
  disadvantage: string;
  thumbnailUrl: string | null;
  tags: ReviewTag[];
  sparkCount: number;
  ownerMeeting: boolean;
  /** Its author has the model (any year of it) in their garage. */
  owner: boolean;
  createdAt: string;
}

/**
 * Whether the review's author has its model in their garage, as a column of the same statement: a list of twenty
 * reviews asks it twenty times inside one statement (an index probe each), never in a query per row.
 */
const ownerBadgeSql = sql<boolean>`exists (select 1 from ${garageBike} inner join ${motorcycle} as owned
  on owned.id = ${garageBike.motorcycleId}
  where ${garageBike.memberId} = ${motorcycleReview.authorId} and owned.model_id = ${motorcycleReview.modelId}
  and ${garageBike.deletedAt} is null)`;

const cardColumns = {
  id: motorcycleReview.id,
  motorcycleId: motorcycle.id,
  year: motorcycle.modelYear,
  modelId: motorcycleModel.id,
  nameKo: motorcycleModel.nameKo,
  nameEn: motorcycleModel.nameEn,
  manufacturerKo: motorcycleManufacturer.nameKo,
  manufacturerEn: motorcycleManufacturer.nameEn,
  authorId: motorcycleReview.authorId,
  nickname: member.nickname,
  name: member.name,
  avatarUrl: member.image,
  ratingAverage: motorcycleReview.ratingAverage,
  disadvantage: motorcycleReview.disadvantage,
  images: motorcycleReview.images,
  tags: motorcycleReview.tags,
  sparkCount: motorcycleReview.sparkCount,
  ownerMeeting: motorcycleReview.ownerMeeting,
  owner: ownerBadgeSql,
  createdAt: motorcycleReview.createdAt,
  sortAt: preciseTime(motorcycleReview.createdAt),
};

/** The reviews with their model year, model, manufacturer and author joined. */
function cardQuery(db: Database, conditions: (SQL | undefined)[]) {
  return db
    .select(cardColumns)
    .from(motorcycleReview)
    .innerJoin(motorcycle, eq(motorcycle.id, motorcycleReview.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycleReview.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .innerJoin(member, eq(member.id, motorcycleReview.authorId))
    .where(and(isNull(motorcycleReview.deletedAt), ...conditions));
}

type CardRow = Awaited<ReturnType<typeof cardQuery>>[number];

function motorcycleOf(row: CardRow): ReviewedMotorcycle {
  return {
    id: row.motorcycleId,
    year: row.year,
    modelId: row.modelId,
    nameKo: row.nameKo,
    nameEn: row.nameEn,
    manufacturerKo: row.manufacturerKo,
    manufacturerEn: row.manufacturerEn,
  };
}

function authorOf(row: {
  authorId: string;
  nickname: string | null;
  name: string;
  avatarUrl: string | null;
}) {
  return { id: row.authorId, nickname: row.nickname ?? row.name, avatarUrl: row.avatarUrl };
}

function toCard(row: CardRow): ReviewCard {
  return {
    id: row.id,
    motorcycle: motorcycleOf(row),
    author: authorOf(row),
    ratingAverage: row.ratingAverage,
    disadvantage: row.disadvantage,
    thumbnailUrl: row.images[0]?.thumbnailUrl ?? null,
    tags: row.tags,
    sparkCount: row.sparkCount,
    ownerMeeting: row.ownerMeeting,
    owner: Boolean(row.owner),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ReviewPage {
  items: ReviewCard[];
  /** The opaque position of the next page, or null on the last one. */
  nextCursor: string | null;
}

type Position = { s: "latest"; t: string; i: number } | { s: "sparked"; c: number; i: number };

function positionOf(cursor: string | null | undefined, sort: ReviewSort): Position | null {
  const key = readCursor(cursor) as Record<string, unknown> | null | undefined;
  if (typeof key !== "object" || key === null || !Number.isSafeInteger(key.i)) return null;
  if (sort === "latest" && key.s === "latest" && typeof key.t === "string" && !isNaN(Date.parse(key.t)))
    return { s: "latest", t: key.t, i: key.i as number };
  if (sort === "sparked" && key.s === "sparked" && Number.isSafeInteger(key.c))
    return { s: "sparked", c: key.c as number, i: key.i as number };
  return null;
}

function pageOf(rows: CardRow[], sort: ReviewSort): ReviewPage {
  const shown = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = shown.at(-1);
  const nextCursor =
    rows.length > REVIEW_PAGE_SIZE && last
      ? encodeCursor(
          sort === "latest"
            ? { s: "latest", t: last.sortAt, i: last.id }
            : { s: "sparked", c: last.sparkCount, i: last.id },
        )
      : null;
  return { items: shown.map(toCard), nextCursor };
}

export interface ReviewListParams {
  /** Only reviews of this model (any year). */
  modelId?: number | null;
  sort: ReviewSort;
  cursor?: string | null;
}

/**
 * Every live review, newest first or most sparked first, optionally of one model, a page at a time. Each order
 * reads its partial index (`deleted_at is null`, with or without the model first) with keyset pagination on
 * (created_at, id) or (spark_count, id); one row more than a page tells whether another follows.
 */
export async function listReviews(db: Database, params: ReviewListParams): Promise<ReviewPage> {
  return pageOf(await reviewListQuery(db, params), params.sort);
}

/** The query of a review list page, unexecuted (the bench prints its plan). */
export function reviewListQuery(db: Database, params: ReviewListParams) {
  const conditions: SQL[] = [];
  if (params.modelId) conditions.push(eq(motorcycleReview.modelId, params.modelId));
  const after = positionOf(params.cursor, params.sort);
  if (after?.s === "latest")
    conditions.push(
      sql`(${motorcycleReview.createdAt}, ${motorcycleReview.id}) < (${after.t}::timestamptz, ${after.i})`,
    );
  if (after?.s === "sparked")
    conditions.push(sql`(${motorcycleReview.sparkCount}, ${motorcycleReview.id}) < (${after.c}, ${after.i})`);
  const order =
    params.sort === "sparked"
      ? [desc(motorcycleReview.sparkCount), desc(motorcycleReview.id)]
      : [desc(motorcycleReview.createdAt), desc(motorcycleReview.id)];
  return cardQuery(db, conditions)
    .orderBy(...order)
    .limit(REVIEW_PAGE_SIZE + 1);
}

/**
 * The hot reviews: the most sparks received in the last 7 days (ties: more sparks in all, then newer), topped up
 * with the most sparked of all time when fewer than a list's worth were sparked that week, so the page is never
 * empty while reviews exist. At most three statements, whatever the number of reviews shown.
 */
export async function listHotReviews(db: Database, now: Date, limit = HOT_LIMIT): Promise<ReviewCard[]> {
  const since = new Date(now.getTime() - HOT_WINDOW_DAYS * DAY_MS);
  const recent = sql<number>`sum(${reviewSpark.amount})`;
  const ranked = await db
    .select({ id: reviewSpark.reviewId, recent })
    .from(reviewSpark)
    .innerJoin(motorcycleReview, eq(motorcycleReview.id, reviewSpark.reviewId))
    .where(
      and(
        sql`${reviewSpark.createdAt} >= ${since.toISOString()}::timestamptz`,
        isNull(motorcycleReview.deletedAt),
      ),
    )
    .groupBy(reviewSpark.reviewId, motorcycleReview.sparkCount, motorcycleReview.id)
    .orderBy(desc(recent), desc(motorcycleReview.sparkCount), desc(motorcycleReview.id))
    .limit(limit);
  const ids = ranked.map((row) => row.id);
  const hot = ids.length ? await cardQuery(db, [inArray(motorcycleReview.id, ids)]) : [];
  const byId = new Map(hot.map((row) => [row.id, row]));
  const cards = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
  if (cards.length >= limit) return cards;
  const rest = await cardQuery(db, ids.length ? [notInArray(motorcycleReview.id, ids)] : [])
    .orderBy(desc(motorcycleReview.sparkCount), desc(motorcycleReview.id))
    .limit(limit - cards.length);
  return [...cards, ...rest.map(toCard)];
}

/** A review as its page shows it, with what the reader may do with it. */
export interface ReviewDetail extends ReviewCard {
  ratings: Record<string, number>;
  texts: Record<string, string>;
  images: { url: string; thumbnailUrl: string }[];
  editableUntil: string;
  /** The reader wrote it. */
  mine: boolean;
  /** The author, while the 24 hours last. */
  canEdit: boolean;
  /** The author, or an acting administrator. */
  canDelete: boolean;
}

/** A live review's page; null when it is deleted or there is no such review. One statement. */
export async function getReviewDetail(
  db: Database,
  reader: Actor | null,
  id: number,
  now: Date,
): Promise<ReviewDetail | null> {
  const [row] = await db
    .select({ card: cardColumns, review: motorcycleReview })
    .from(motorcycleReview)
    .innerJoin(motorcycle, eq(motorcycle.id, motorcycleReview.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycleReview.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .innerJoin(member, eq(member.id, motorcycleReview.authorId))
    .where(and(eq(motorcycleReview.id, id), isNull(motorcycleReview.deletedAt)));
  if (!row) return null;
  const { review } = row;
  const mine = reader?.id === review.authorId;
  return {
    ...toCard(row.card),
    ratings: ratingsOf(review),
    texts: review.itemTexts,
    images: review.images,
    editableUntil: editableUntil(review.createdAt).toISOString(),
    mine,
    canEdit: mine && isEditable(review.createdAt, now),
    canDelete: mayManage(reader, review.authorId),
  };
}

/** A member's own review in their list, with its lock state. */
export interface MyReview extends ReviewCard {
  editableUntil: string;
  locked: boolean;
}

/** The member's live reviews, newest first, a page at a time (keyset on the author index). */
export async function listMyReviews(
  db: Database,
  actor: Actor,
  options: { cursor?: string | null; now: Date },
): Promise<{ items: MyReview[]; nextCursor: string | null }> {
  const key = readCursor(options.cursor) as { i?: unknown } | undefined;
  const before = key && Number.isSafeInteger(key.i) ? (key.i as number) : null;
  const rows = await cardQuery(db, [
    eq(motorcycleReview.authorId, actor.id),
    before === null ? undefined : sql`${motorcycleReview.id} < ${before}`,
  ])
    .orderBy(desc(motorcycleReview.id))
    .limit(REVIEW_PAGE_SIZE + 1);
  const shown = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => ({
      ...toCard(row),
      editableUntil: editableUntil(row.createdAt).toISOString(),
      locked: !isEditable(row.createdAt, options.now),
    })),
    nextCursor: rows.length > REVIEW_PAGE_SIZE && last ? encodeCursor({ i: last.id }) : null,
  };
}

/** The motorcycles in a member's garage (taken out ones left out), as choices for the review form. */
export async function garageChoices(db: Database, memberId: string): Promise<ReviewedMotorcycle[]> {
  return db
    .select({
      id: motorcycle.id,
      year: motorcycle.modelYear,
      modelId: motorcycleModel.id,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
    })
    .from(garageBike)
    .innerJoin(motorcycle, eq(motorcycle.id, garageBike.motorcycleId))
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(and(eq(garageBike.memberId, memberId), isNull(garageBike.deletedAt)))
    .orderBy(desc(garageBike.id));
}

/** The model year a review form is for, with its names; undefined when the catalogue has no such model year. */
export async function reviewedMotorcycle(
  db: Database,
  motorcycleId: number,
): Promise<ReviewedMotorcycle | undefined> {
  const [row] = await db
    .select({
      id: motorcycle.id,
      year: motorcycle.modelYear,
      modelId: motorcycleModel.id,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
    })
    .from(motorcycle)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(eq(motorcycle.id, motorcycleId));
  return row;
}

/** A model's names, for the list filtered by it; undefined when there is no such model. */
export async function modelNames(db: Database, modelId: number) {
  const [row] = await db
    .select({
      id: motorcycleModel.id,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
    })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(eq(motorcycleModel.id, modelId));
  return row;
}

export { cardQuery as reviewCardQuery, toCard as reviewCardOf };
