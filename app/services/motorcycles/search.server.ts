import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { motorcycle, motorcycleManufacturer, motorcycleModel, type MotorcycleCategory } from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { containsPattern } from "#app/services/search/query";

/** A model as pickers and search results show it, with the model years the catalogue has of it (newest first). */
export interface ModelSummary {
  modelId: number;
  modelSlug: string;
  nameEn: string;
  nameKo: string;
  category: MotorcycleCategory;
  manufacturer: { slug: string; nameEn: string; nameKo: string };
  years: { id: number; year: number }[];
}

export interface ModelSearch {
  /** Words of Korean or English names of manufacturer and model, each matched as part of a word ("포르자", "forza"). */
  query?: string;
  manufacturerSlug?: string;
  /** Only models the catalogue has this model year of. */
  year?: number;
  limit?: number;
}

/** Words of a query, lower-cased and composed the way `modelSearchText` stores names. */
export function queryWords(query: string): string[] {
  return query.normalize("NFKC").toLowerCase().trim().split(/\s+/).filter(Boolean).slice(0, 5);
}

/**
 * Models matching every word of the query (and the manufacturer and year when given), by manufacturer and name, with
 * their model years. Partial words match through the trigram index on `search_text`.
 */
export async function searchModels(source: DatabaseOrUnit, search: ModelSearch): Promise<ModelSummary[]> {
  const db = executor(source);
  const conditions: SQL[] = queryWords(search.query ?? "").map(
    (word) => sql`${motorcycleModel.searchText} like ${containsPattern(word)}`,
  );
  if (search.manufacturerSlug) conditions.push(eq(motorcycleManufacturer.slug, search.manufacturerSlug));
  if (search.year !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${motorcycle} where ${motorcycle.modelId} = ${motorcycleModel.id} and ${motorcycle.modelYear} = ${search.year})`,
    );
  }
  const models = await db
    .select({
      modelId: motorcycleModel.id,
      modelSlug: motorcycleModel.slug,
      nameEn: motorcycleModel.nameEn,
      nameKo: motorcycleModel.nameKo,
      category: motorcycleModel.category,
      manufacturerSlug: motorcycleManufacturer.slug,
      manufacturerEn: motorcycleManufacturer.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
    })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(motorcycleManufacturer.nameEn), asc(motorcycleModel.nameEn), asc(motorcycleModel.id))
    .limit(Math.min(search.limit ?? 20, 100));
  const years = await modelYearsOf(
    db,
    models.map((model) => model.modelId),
  );
  return models.map((model) => ({
    modelId: model.modelId,
    modelSlug: model.modelSlug,
    nameEn: model.nameEn,
    nameKo: model.nameKo,
    category: model.category,
    manufacturer: {
      slug: model.manufacturerSlug,
      nameEn: model.manufacturerEn,
      nameKo: model.manufacturerKo,
    },
    years: years.get(model.modelId) ?? [],
  }));
}

/** The model years of each model, newest first. */
async function modelYearsOf(
  source: DatabaseOrUnit,
  modelIds: readonly number[],
): Promise<Map<number, { id: number; year: number }[]>> {
  const byModel = new Map<number, { id: number; year: number }[]>();
  if (modelIds.length === 0) return byModel;
  const rows = await executor(source)
    .select({ id: motorcycle.id, modelId: motorcycle.modelId, year: motorcycle.modelYear })
    .from(motorcycle)
    .where(inArray(motorcycle.modelId, [...modelIds]))
    .orderBy(sql`${motorcycle.modelYear} desc`);
  for (const row of rows) {
    const list = byModel.get(row.modelId) ?? [];
    list.push({ id: row.id, year: row.year });
    byModel.set(row.modelId, list);
  }
  return byModel;
}

/** The manufacturers of the catalogue, by English name. */
export async function listManufacturers(source: DatabaseOrUnit) {
  return executor(source)
    .select({
      slug: motorcycleManufacturer.slug,
      nameEn: motorcycleManufacturer.nameEn,
      nameKo: motorcycleManufacturer.nameKo,
    })
    .from(motorcycleManufacturer)
    .orderBy(asc(motorcycleManufacturer.nameEn));
}

/** A model year with its model and manufacturer names; undefined when there is no such model year. */
export async function findModelYear(source: DatabaseOrUnit, motorcycleId: number) {
  const [row] = await executor(source)
    .select({
      id: motorcycle.id,
      year: motorcycle.modelYear,
      modelId: motorcycleModel.id,
      nameEn: motorcycleModel.nameEn,
      nameKo: motorcycleModel.nameKo,
      category: motorcycleModel.category,
      manufacturerSlug: motorcycleManufacturer.slug,
      manufacturerEn: motorcycleManufacturer.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
    })
    .from(motorcycle)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(eq(motorcycle.id, motorcycleId));
  return row;
}
