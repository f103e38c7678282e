import { and, desc, eq, isNull } from "drizzle-orm";
import {
  member,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  motorcycleReview,
  type MotorcycleCategory,
} from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { authorOf, type ArticleAuthor } from "#app/services/board/list.server";
import type { MotorcycleSpecs } from "./catalogue-row";
import { specsOf } from "./compare.server";
import {
  askingPrices,
  currentListingsOfModel,
  type AskingPrice,
  type ModelListing,
} from "./market-prices.server";
import { modelRatings, noRatings, type RatingSummary } from "./ratings.server";

/** Reviews and listings a model page shows; the review list and the market have the rest. */
export const MODEL_PAGE_REVIEWS = 5;
const MODEL_PAGE_LISTINGS = 10;

interface ModelYearFigures {
  /** The model year's id: what reviews, comparisons and listings point at. */
  id: number;
  year: number;
  specs: MotorcycleSpecs;
  specUrl: string;
}

interface ModelReviewSummary {
  id: number;
  year: number;
  author: ArticleAuthor;
  ratingAverage: number;
  disadvantage: string;
  sparkCount: number;
  /** ISO time. */
  createdAt: string;
}

export interface ModelPage {
  modelId: number;
  nameKo: string;
  nameEn: string;
  category: MotorcycleCategory;
  manufacturer: { slug: string; nameKo: string; nameEn: string };
  /** Newest first. */
  years: ModelYearFigures[];
  ratings: RatingSummary;
  latestReviews: ModelReviewSummary[];
  listings: ModelListing[];
  askingPrice: AskingPrice | null;
}

/** A model with every model year's figures, its owners' ratings and latest reviews, and its current listings. */
export async function getModelPage(source: DatabaseOrUnit, modelId: number): Promise<ModelPage | undefined> {
  const db = executor(source);
  const [model] = await db
    .select({
      modelId: motorcycleModel.id,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      category: motorcycleModel.category,
      manufacturerSlug: motorcycleManufacturer.slug,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
    })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(eq(motorcycleModel.id, modelId));
  if (!model) return undefined;
  const [years, ratings, reviews, listings, prices] = await Promise.all([
    db.select().from(motorcycle).where(eq(motorcycle.modelId, modelId)).orderBy(desc(motorcycle.modelYear)),
    modelRatings(db, [modelId]),
    db
      .select({
        id: motorcycleReview.id,
        year: motorcycle.modelYear,
        authorId: motorcycleReview.authorId,
        nickname: member.nickname,
        name: member.name,
        avatarUrl: member.image,
        ratingAverage: motorcycleReview.ratingAverage,
        disadvantage: motorcycleReview.disadvantage,
        sparkCount: motorcycleReview.sparkCount,
        createdAt: motorcycleReview.createdAt,
      })
      .from(motorcycleReview)
      .innerJoin(motorcycle, eq(motorcycle.id, motorcycleReview.motorcycleId))
      .innerJoin(member, eq(member.id, motorcycleReview.authorId))
      .where(and(eq(motorcycleReview.modelId, modelId), isNull(motorcycleReview.deletedAt)))
      .orderBy(desc(motorcycleReview.createdAt), desc(motorcycleReview.id))
      .limit(MODEL_PAGE_REVIEWS),
    currentListingsOfModel(db, modelId, MODEL_PAGE_LISTINGS),
    askingPrices(db, [modelId]),
  ]);
  return {
    modelId: model.modelId,
    nameKo: model.nameKo,
    nameEn: model.nameEn,
    category: model.category,
    manufacturer: {
      slug: model.manufacturerSlug,
      nameKo: model.manufacturerKo,
      nameEn: model.manufacturerEn,
    },
    years: years.map((row) => ({
      id: row.id,
      year: row.modelYear,
      specUrl: row.specUrl,
      specs: specsOf(row),
    })),
    ratings: ratings.get(modelId) ?? noRatings,
    latestReviews: reviews.map((row) => ({
      id: row.id,
      year: row.year,
      author: authorOf(row),
      ratingAverage: Math.round(row.ratingAverage * 10) / 10,
      disadvantage: row.disadvantage,
      sparkCount: row.sparkCount,
      createdAt: row.createdAt.toISOString(),
    })),
    listings,
    askingPrice: prices.get(modelId) ?? null,
  };
}
