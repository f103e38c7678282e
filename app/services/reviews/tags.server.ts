import { and, arrayContains, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { motorcycleManufacturer, motorcycleModel, motorcycleReview, type ReviewTag } from "#app/db/schema";
import { DomainError } from "#app/services/errors";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { REVIEW_PAGE_SIZE, reviewCardOf, reviewCardQuery, type ReviewCard } from "./list.server";
import { isReviewTag, SEARCH_TAGS_MIN } from "./items";

/** Models a search by characteristics ranks. */
const MODELS_SHOWN = 10;

/**
 * The characteristics a search names, as `?tags=a,b,c` (or repeated `tags=`): known ones only, each once. Unknown
 * names are dropped rather than refused, so an old shared address still searches with what it can.
 */
export function tagsOf(values: readonly string[]): ReviewTag[] {
  const names = values.flatMap((value) => value.split(",")).map((name) => name.trim());
  return [...new Set(names.filter(isReviewTag))];
}

/** Refuses a search with fewer than three characteristics ("select at least 3"). */
export function assertSearchTags(tags: readonly ReviewTag[]): void {
  if (tags.length < SEARCH_TAGS_MIN)
    throw new DomainError("review", "tags_min", { params: { count: SEARCH_TAGS_MIN } });
}

/** A model that reviews with every chosen characteristic are of, with how many such reviews it has. */
interface MatchingModel {
  modelId: number;
  nameKo: string;
  nameEn: string;
  manufacturerKo: string;
  manufacturerEn: string;
  reviews: number;
}

export interface TagSearchResult {
  tags: ReviewTag[];
  models: MatchingModel[];
  /** Every live review carrying all the tags, newest first. */
  items: ReviewCard[];
  nextCursor: string | null;
}

/**
 * Reviews carrying every chosen characteristic (at least three), and the models they are of, ranked by how many
 * such reviews each has. Containment (`tags @> …`) is answered by the GIN index on the live reviews' tags.
 */
export async function searchByTags(
  db: Database,
  tags: readonly ReviewTag[],
  options: { cursor?: string | null } = {},
): Promise<TagSearchResult> {
  assertSearchTags(tags);
  const chosen = [...tags];
  const matches = arrayContains(motorcycleReview.tags, chosen);
  const count = sql<number>`count(*)::int`;
  const models = await db
    .select({
      modelId: motorcycleModel.id,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
      reviews: count,
    })
    .from(motorcycleReview)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycleReview.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(and(isNull(motorcycleReview.deletedAt), matches))
    .groupBy(motorcycleModel.id, motorcycleManufacturer.id)
    .orderBy(desc(count), motorcycleModel.id)
    .limit(MODELS_SHOWN);

  const key = readCursor(options.cursor) as { i?: unknown } | undefined;
  const before = key && Number.isSafeInteger(key.i) ? (key.i as number) : null;
  const rows = await reviewCardQuery(db, [
    matches,
    before === null ? undefined : sql`${motorcycleReview.id} < ${before}`,
  ])
    .orderBy(desc(motorcycleReview.id))
    .limit(REVIEW_PAGE_SIZE + 1);
  const shown = rows.slice(0, REVIEW_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    tags: chosen,
    models,
    items: shown.map(reviewCardOf),
    nextCursor: rows.length > REVIEW_PAGE_SIZE && last ? encodeCursor({ i: last.id }) : null,
  };
}
