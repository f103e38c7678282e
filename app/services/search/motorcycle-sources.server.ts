import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  member,
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  motorcycleReview,
} from "#app/db/schema";
import { isBlinded } from "#app/services/board/visibility.server";
import { encodeCursor } from "#app/services/cursor";
import { queryWords } from "#app/services/motorcycles/search.server";
import { containsPattern, cursorInvalid, decodeCursor } from "./query";
import type { ModelHit, ReviewHit, SearchContext, SearchPage, SearchSource } from "./types";

const SNIPPET_LEAD = 30;
const SNIPPET_LENGTH = 120;
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/**
 * A model whose Korean or English names (of the model or its manufacturer) hold every word of the query, each as
 * part of a word ("포르자", "forza 350", "혼다 pcx"), through the trigram index on `search_text`.
 */
function modelNameMatchSql(query: string): SQL {
  const words = queryWords(query);
  if (words.length === 0) return sql`false`;
  return and(...words.map((word) => sql`${motorcycleModel.searchText} like ${containsPattern(word)}`))!;
}

/** Catalogue models by name, by manufacturer and model name; each hit links to the model page. */
export const motorcycleModelSearchSource: SearchSource = {
  area: "motorcycleModel",
  labelKey: "search.area.motorcycleModel",
  async search(db: Database, ctx: SearchContext): Promise<SearchPage> {
    const match = modelNameMatchSql(ctx.query);
    let keyset: SQL | undefined;
    if (ctx.cursor) {
      const [maker, name, id] = decodeCursor(ctx.cursor, ["string", "string", "number"]);
      keyset = sql`(${motorcycleManufacturer.nameEn}, ${motorcycleModel.nameEn}, ${motorcycleModel.id}) > (${maker}, ${name}, ${id})`;
    }
    const [[counted], rows] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(motorcycleModel)
        .where(match),
      db
        .select({
          id: motorcycleModel.id,
          nameKo: motorcycleModel.nameKo,
          nameEn: motorcycleModel.nameEn,
          category: motorcycleModel.category,
          makerKo: motorcycleManufacturer.nameKo,
          makerEn: motorcycleManufacturer.nameEn,
          years: sql<number[]>`array(select ${motorcycle.modelYear} from ${motorcycle}
            where ${motorcycle.modelId} = ${motorcycleModel.id} order by ${motorcycle.modelYear} desc)`,
        })
        .from(motorcycleModel)
        .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
        .where(and(match, keyset))
        .orderBy(asc(motorcycleManufacturer.nameEn), asc(motorcycleModel.nameEn), asc(motorcycleModel.id))
        .limit(ctx.limit + 1),
    ]);
    const page = rows.slice(0, ctx.limit);
    const last = page.at(-1);
    return {
      total: counted?.n ?? 0,
      items: page.map((row): ModelHit => ({
        layout: "model",
        id: String(row.id),
        path: `/motorcycle/${row.id}`,
        nameKo: row.nameKo,
        nameEn: row.nameEn,
        manufacturer: { ko: row.makerKo, en: row.makerEn },
        category: row.category,
        years: row.years.map(Number),
        blinded: false,
      })),
      nextCursor: rows.length > ctx.limit && last ? encodeCursor([last.makerEn, last.nameEn, last.id]) : null,
    };
  },
};

/** The text of a review a query matched: its disadvantage, else the first item text holding the query. */
function matchedTextSql(pattern: string): SQL<string> {
  return sql<string>`case when ${motorcycleReview.disadvantage} ilike ${pattern} then ${motorcycleReview.disadvantage}
    else coalesce((select item.value from jsonb_each_text(${motorcycleReview.itemTexts}) as item
      where item.value ilike ${pattern} limit 1), ${motorcycleReview.disadvantage}) end`;
}

/**
 * Reviews not deleted whose model's names hold every word of the query, or whose disadvantage or item texts contain
 * it. Values of the item texts only: the keys ("design", "value" …) would otherwise match every review.
 */
function reviewMatchSql(query: string): SQL {
  const pattern = containsPattern(query);
  return and(
    isNull(motorcycleReview.deletedAt),
    or(
      modelNameMatchSql(query),
      ilike(motorcycleReview.disadvantage, pattern),
      sql`exists (select 1 from jsonb_each_text(${motorcycleReview.itemTexts}) as item where item.value ilike ${pattern})`,
    ),
  )!;
}

/** A part of a text around the first place it holds the query (its start when it does not). */
function snippetOf(text: string, query: string) {
  const position = Math.max(text.toLowerCase().indexOf(query.toLowerCase()), 0);
  const chars = [...text];
  const start = Math.max(position - SNIPPET_LEAD, 0);
  return {
    snippet: chars.slice(start, start + SNIPPET_LENGTH).join(""),
    snippetCutStart: start > 0,
    snippetCutEnd: chars.length > start + SNIPPET_LENGTH,
  };
}

/** Owner reviews, newest first; a hidden member's review is returned flagged, as their posts are. */
export const motorcycleReviewSearchSource: SearchSource = {
  area: "motorcycleReview",
  labelKey: "search.area.motorcycleReview",
  async search(db: Database, ctx: SearchContext): Promise<SearchPage> {
    const match = reviewMatchSql(ctx.query);
    let keyset: SQL | undefined;
    if (ctx.cursor) {
      const [createdAt, id] = decodeCursor(ctx.cursor, ["string", "number"]) as [string, number];
      if (!TIMESTAMP_TEXT.test(createdAt)) throw cursorInvalid();
      keyset = sql`(${motorcycleReview.createdAt}, ${motorcycleReview.id}) < (${createdAt}::timestamptz, ${id})`;
    }
    const [[counted], rows] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(motorcycleReview)
        .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycleReview.modelId))
        .where(match),
      db
        .select({
          id: motorcycleReview.id,
          nameKo: motorcycleModel.nameKo,
          nameEn: motorcycleModel.nameEn,
          makerKo: motorcycleManufacturer.nameKo,
          makerEn: motorcycleManufacturer.nameEn,
          year: motorcycle.modelYear,
          text: matchedTextSql(containsPattern(ctx.query)),
          ratingAverage: motorcycleReview.ratingAverage,
          sparkCount: motorcycleReview.sparkCount,
          authorId: motorcycleReview.authorId,
          nickname: member.nickname,
          name: member.name,
          createdAt: motorcycleReview.createdAt,
          createdAtKey: sql<string>`${motorcycleReview.createdAt}::text`,
        })
        .from(motorcycleReview)
        .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycleReview.modelId))
        .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
        .innerJoin(motorcycle, eq(motorcycle.id, motorcycleReview.motorcycleId))
        .innerJoin(member, eq(member.id, motorcycleReview.authorId))
        .where(and(match, keyset))
        .orderBy(desc(motorcycleReview.createdAt), desc(motorcycleReview.id))
        .limit(ctx.limit + 1),
    ]);
    const page = rows.slice(0, ctx.limit);
    const last = page.at(-1);
    return {
      total: counted?.n ?? 0,
      items: page.map((row): ReviewHit => ({
        layout: "review",
        id: String(row.id),
        path: `/review/motorcycle/detail?id=${row.id}`,
        model: { ko: row.nameKo, en: row.nameEn },
        manufacturer: { ko: row.makerKo, en: row.makerEn },
        year: row.year,
        ...snippetOf(row.text, ctx.query),
        ratingAverage: Math.round(row.ratingAverage * 10) / 10,
        sparkCount: row.sparkCount,
        author: { id: row.authorId, nickname: row.nickname ?? row.name },
        createdAt: row.createdAt.toISOString(),
        blinded: isBlinded(ctx.blinded, row.authorId),
      })),
      nextCursor: rows.length > ctx.limit && last ? encodeCursor([last.createdAtKey, last.id]) : null,
    };
  },
};
