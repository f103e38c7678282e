import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { marketListing } from "./market";
import { motorcycleModel } from "./motorcycle";

/**
 * The models a parts or gear listing fits (맞는 차종): one row per catalogue model, with the model years it fits
 * from and to (inclusive; null on a side for no bound, both null for every year). The model-first index serves the
 * "fits my garage" filter and the keyword alerts limited to parts that fit (ADR 072).
 */
export const marketListingFit = pgTable(
  "market_listing_fit",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => marketListing.articleId, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => motorcycleModel.id, { onDelete: "cascade" }),
    yearFrom: integer("year_from"),
    yearTo: integer("year_to"),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.modelId] }),
    index("market_listing_fit_model_idx").on(t.modelId, t.articleId),
    check("market_listing_fit_years_check", sql`${t.yearFrom} <= ${t.yearTo}`),
  ],
);
