import { and, eq, isNull, sql } from "drizzle-orm";
import { motorcycleReview, type ReviewImage, type ReviewRatingItem, type ReviewTag } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { mayManage } from "#app/services/permissions";
import { recordModeration, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import { attachUploads } from "#app/services/uploads/ownership.server";
import { findModelYear } from "#app/services/motorcycles/search.server";
import type { ReviewErrorCode } from "./errors";
import {
  isReviewTag,
  ratingItems,
  REVIEW_IMAGES_MAX,
  REVIEW_IMAGES_MIN,
  REVIEW_TAGS_MAX,
  REVIEW_TEXT_MAX,
} from "./items";

const fail = (code: ReviewErrorCode, params?: Record<string, string | number>) =>
  new DomainError("review", code, params ? { params } : undefined);

/** How long after posting its author may still edit a review (spec: 24 hours, then locked). */
const REVIEW_EDIT_WINDOW_MS = DAY_MS;

/** When a review written at `createdAt` locks. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_WINDOW_MS);
}

/** Whether a review written at `createdAt` may still be edited at `now`. */
export function isEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() < editableUntil(createdAt).getTime();
}

/** What the review form sends, after its schema (or what another caller passes the same way). */
export interface ReviewInput {
  motorcycleId: number;
  ratings: Record<ReviewRatingItem, number>;
  texts: Record<ReviewRatingItem, string>;
  disadvantage: string;
  /** Images the server stored (see ./images.server). */
  images: readonly ReviewImage[];
  tags: readonly string[];
  ownerMeeting: boolean;
}

interface CheckedReview extends Omit<ReviewInput, "tags" | "images"> {
  images: ReviewImage[];
  tags: ReviewTag[];
  ratingAverage: number;
}

const length = (text: string) => [...text].length;

/** The review's rules that need no database, each with its own refusal (the schema's, for other callers). */
function checkReview(input: ReviewInput): CheckedReview {
  if (!Number.isSafeInteger(input.motorcycleId) || input.motorcycleId <= 0) throw fail("motorcycle_required");
  const ratings = {} as Record<ReviewRatingItem, number>;
  const texts = {} as Record<ReviewRatingItem, string>;
  for (const item of ratingItems) {
    const rating = input.ratings[item];
    if (!Number.isInteger(rating) || rating < 1 || rating > 10) throw fail("rating_invalid");
    ratings[item] = rating;
    const text = (input.texts[item] ?? "").trim();
    if (length(text) > REVIEW_TEXT_MAX) throw fail("text_length");
    texts[item] = text;
  }
  const disadvantage = input.disadvantage.trim();
  if (disadvantage === "") throw fail("disadvantage_required");
  if (length(disadvantage) > REVIEW_TEXT_MAX) throw fail("disadvantage_length");
  if (input.images.length < REVIEW_IMAGES_MIN) throw fail("images_required");
  if (input.images.length > REVIEW_IMAGES_MAX) throw fail("images_max");
  if (!input.tags.every(isReviewTag)) throw fail("tags_invalid");
  const tags = [...new Set(input.tags)] as ReviewTag[];
  if (tags.length > REVIEW_TAGS_MAX) throw fail("tags_max");
  const total = ratingItems.reduce((sum, item) => sum + ratings[item], 0);
  return {
    motorcycleId: input.motorcycleId,
    ratings,
    texts,
    disadvantage,
    images: input.images.map((image) => ({ url: image.url, thumbnailUrl: image.thumbnailUrl })),
    tags,
    ownerMeeting: input.ownerMeeting,
    ratingAverage: Math.round((total / ratingItems.length) * 100) / 100,
  };
}

/** The stored columns of a checked review, for its model year's model. */
function columnsOf(review: CheckedReview, modelId: number) {
  const { ratings } = review;
  return {
    motorcycleId: review.motorcycleId,
    modelId,
    ratingPerformance: ratings.performance,
    ratingBraking: ratings.braking,
    ratingEngine: ratings.engine,
    ratingDurability: ratings.durability,
    ratingDesign: ratings.design,
    ratingFinish: ratings.finish,
    ratingConvenience: ratings.convenience,
    ratingMaintenance: ratings.maintenance,
    ratingValue: ratings.value,
    ratingAverage: review.ratingAverage,
    itemTexts: review.texts,
    disadvantage: review.disadvantage,
    images: review.images,
    tags: review.tags,
    ownerMeeting: review.ownerMeeting,
  };
}

async function modelOf(uow: UnitOfWork, motorcycleId: number): Promise<number> {
  const modelYear = await findModelYear(uow, motorcycleId);
  if (!modelYear) throw fail("motorcycle_required");
  return modelYear.modelId;
}

/** Whether the author already has a live review of this model year (other than `exceptId`). */
async function hasLiveReview(uow: UnitOfWork, authorId: string, motorcycleId: number, exceptId?: number) {
  const [row] = await uow.tx
    .select({ id: motorcycleReview.id })
    .from(motorcycleReview)
    .where(
      and(
        eq(motorcycleReview.authorId, authorId),
        eq(motorcycleReview.motorcycleId, motorcycleId),
        isNull(motorcycleReview.deletedAt),
        exceptId === undefined ? undefined : sql`${motorcycleReview.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Publishes a member's review of a model year. One live review per member and model year: a second one is refused
 * (the unique index decides between two at the same moment).
 */
export async function createReview(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  input: ReviewInput,
): Promise<{ id: number }> {
  const review = checkReview(input);
  return runInTransaction(source, clock, async (uow) => {
    const modelId = await modelOf(uow, review.motorcycleId);
    if (await hasLiveReview(uow, actor.id, review.motorcycleId)) throw fail("already_reviewed");
    const [row] = await uow.tx
      .insert(motorcycleReview)
      .values({ ...columnsOf(review, modelId), authorId: actor.id, createdAt: uow.now, updatedAt: uow.now })
      .onConflictDoNothing()
      .returning({ id: motorcycleReview.id });
    if (!row) throw fail("already_reviewed");
    await attachUploads(uow, actor.id, imageUrls(review), `review:${row.id}`);
    return { id: row.id };
  });
}

/** The uploads a review shows (each photo's thumbnail is collected with its photo). */
const imageUrls = (review: CheckedReview) => review.images.map((image) => image.url);

/** The live review, locked for the rest of the unit of work; refused when there is none. */
async function lockedReview(uow: UnitOfWork, id: number) {
  const [row] = await uow.tx
    .select({
      id: motorcycleReview.id,
      authorId: motorcycleReview.authorId,
      createdAt: motorcycleReview.createdAt,
      deletedAt: motorcycleReview.deletedAt,
    })
    .from(motorcycleReview)
    .where(eq(motorcycleReview.id, id))
    .for("update");
  if (!row || row.deletedAt) throw fail("not_found");
  return row;
}

/** Refuses an edit by anyone but the author, or after the edit window (naming when the review locked). */
function assertEditable(actor: Actor, review: { authorId: string; createdAt: Date }, now: Date) {
  if (review.authorId !== actor.id) throw fail("not_author");
  if (!isEditable(review.createdAt, now))
    throw fail("locked", { lockedAt: editableUntil(review.createdAt).toISOString() });
}

/** Edits a review: its author only, and only within 24 hours of posting (by the unit of work's clock). */
export async function updateReview(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  id: number,
  input: ReviewInput,
): Promise<{ id: number }> {
  const review = checkReview(input);
  return runInTransaction(source, clock, async (uow) => {
    const current = await lockedReview(uow, id);
    assertEditable(actor, current, uow.now);
    const modelId = await modelOf(uow, review.motorcycleId);
    if (await hasLiveReview(uow, actor.id, review.motorcycleId, id)) throw fail("already_reviewed");
    await uow.tx
      .update(motorcycleReview)
      .set({ ...columnsOf(review, modelId), updatedAt: uow.now })
      .where(eq(motorcycleReview.id, id));
    await attachUploads(uow, actor.id, imageUrls(review), `review:${id}`);
    return { id };
  });
}

/**
 * Deletes a review for good (its author, or an acting administrator): it leaves every list and its page shows the
 * deleted state. Sparks already given stay given: their rows, the counts they raised and the receiver's history
 * are kept, so nobody's allowance or history changes after the fact.
 */
export async function deleteReview(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  id: number,
  from?: ActingFrom,
): Promise<void> {
  await runInTransaction(source, clock, async (uow) => {
    const review = await lockedReview(uow, id);
    if (!mayManage(actor, review.authorId)) throw fail("not_author");
    await uow.tx.update(motorcycleReview).set({ deletedAt: uow.now }).where(eq(motorcycleReview.id, id));
    await recordModeration(
      uow,
      actor,
      review.authorId,
      { action: "review.delete", subject: { kind: "review", id } },
      from,
    );
  });
}

/** Switches owner-meeting requests on or off: the author only, at any time (also after the review locked). */
export async function setOwnerMeeting(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<void> {
  await runInTransaction(source, clock, async (uow) => {
    const review = await lockedReview(uow, id);
    if (review.authorId !== actor.id) throw fail("not_author");
    await uow.tx
      .update(motorcycleReview)
      .set({ ownerMeeting: enabled, updatedAt: uow.now })
      .where(eq(motorcycleReview.id, id));
  });
}

/** A review as its edit form starts: its author only, while it is editable. */
export async function getReviewForEdit(source: DatabaseOrUnit, clock: Clock, actor: Actor, id: number) {
  const [row] = await executor(source)
    .select()
    .from(motorcycleReview)
    .where(and(eq(motorcycleReview.id, id), isNull(motorcycleReview.deletedAt)));
  if (!row) throw fail("not_found");
  assertEditable(actor, row, clock.now());
  return {
    id: row.id,
    motorcycleId: row.motorcycleId,
    ratings: ratingsOf(row),
    texts: row.itemTexts,
    disadvantage: row.disadvantage,
    images: row.images,
    tags: row.tags,
    ownerMeeting: row.ownerMeeting,
    editableUntil: editableUntil(row.createdAt),
  };
}

/** The nine ratings of a stored review, by item. */
export function ratingsOf(row: {
  ratingPerformance: number;
  ratingBraking: number;
  ratingEngine: number;
  ratingDurability: number;
  ratingDesign: number;
  ratingFinish: number;
  ratingConvenience: number;
  ratingMaintenance: number;
  ratingValue: number;
}): Record<ReviewRatingItem, number> {
  return {
    performance: row.ratingPerformance,
    braking: row.ratingBraking,
    engine: row.ratingEngine,
    durability: row.ratingDurability,
    design: row.ratingDesign,
    finish: row.ratingFinish,
    convenience: row.ratingConvenience,
    maintenance: row.ratingMaintenance,
    value: row.ratingValue,
  };
}
