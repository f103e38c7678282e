import { asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { marketListingFit, motorcycle, motorcycleManufacturer, motorcycleModel } from "#app/db/schema";
import { executor, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { garageOf } from "#app/services/motorcycles/garage.server";
import type { PartsFitErrorCode } from "./fit-errors";
import { FIT_LIMIT, isFitKind, type FitInput } from "./fits";

/**
 * The models and model years a parts or gear listing fits (맞는 차종, ADR 072): checked against the catalogue,
 * written with the listing in its unit of work, shown on its page, and matched against members' garages by the
 * "fits my garage" filter and by keyword alerts limited to parts that fit.
 */

const fail = (code: PartsFitErrorCode, params?: Record<string, number>) =>
  new DomainError("partsFit", code, params ? { params } : undefined);

/**
 * A listing's fits as they will be stored: none outside the fit kinds (a listing moved to another kind loses them);
 * at most FIT_LIMIT, each model once, each a model of the catalogue with years from 1900 to `yearMax`, the first
 * not after the last, and at least one of the catalogue's model years of that model within them.
 */
export async function checkFits(
  db: Database,
  kind: string,
  fits: readonly FitInput[] | null | undefined,
  yearMax: number,
): Promise<FitInput[]> {
  if (!isFitKind(kind) || !fits || fits.length === 0) return [];
  if (fits.length > FIT_LIMIT) throw fail("fit_limit", { max: FIT_LIMIT });
  const modelIds = fits.map((fit) => fit.modelId);
  if (new Set(modelIds).size !== modelIds.length) throw fail("fit_duplicate");
  const validYear = (year: number | null) =>
    year === null || (Number.isInteger(year) && year >= 1900 && year <= yearMax);
  for (const fit of fits) {
    if (!Number.isSafeInteger(fit.modelId) || fit.modelId <= 0) throw fail("fit_model_unknown");
    if (!validYear(fit.yearFrom) || !validYear(fit.yearTo)) throw fail("fit_years_invalid");
    if (fit.yearFrom !== null && fit.yearTo !== null && fit.yearFrom > fit.yearTo)
      throw fail("fit_years_invalid");
  }
  const rows = await db
    .select({ modelId: motorcycle.modelId, year: motorcycle.modelYear })
    .from(motorcycle)
    .where(inArray(motorcycle.modelId, modelIds));
  const years = new Map<number, number[]>();
  for (const row of rows) years.set(row.modelId, [...(years.get(row.modelId) ?? []), row.year]);
  for (const fit of fits) {
    const known = years.get(fit.modelId);
    if (!known) throw fail("fit_model_unknown");
    if (!known.some((year) => (fit.yearFrom ?? 0) <= year && year <= (fit.yearTo ?? 9999)))
      throw fail("fit_years_outside");
  }
  return fits.map(({ modelId, yearFrom, yearTo }) => ({ modelId, yearFrom, yearTo }));
}

/** Replaces a listing's fits with checked ones, in the unit of work that writes the listing. */
export async function replaceFits(
  uow: UnitOfWork,
  articleId: number,
  fits: readonly FitInput[],
): Promise<void> {
  await uow.tx.delete(marketListingFit).where(eq(marketListingFit.articleId, articleId));
  if (fits.length > 0)
    await uow.tx.insert(marketListingFit).values(fits.map((fit) => ({ articleId, ...fit })));
}

/** One model a listing fits, as its page shows it (linking to the model's page). */
export interface ListingFitView {
  modelId: number;
  model: { ko: string; en: string };
  manufacturer: { ko: string; en: string };
  yearFrom: number | null;
  yearTo: number | null;
}

/** The models a listing fits, by manufacturer and model name. */
export async function listingFits(source: DatabaseOrUnit, articleId: number): Promise<ListingFitView[]> {
  const rows = await executor(source)
    .select({
      modelId: marketListingFit.modelId,
      yearFrom: marketListingFit.yearFrom,
      yearTo: marketListingFit.yearTo,
      modelKo: motorcycleModel.nameKo,
      modelEn: motorcycleModel.nameEn,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
    })
    .from(marketListingFit)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, marketListingFit.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(eq(marketListingFit.articleId, articleId))
    .orderBy(asc(motorcycleManufacturer.nameEn), asc(motorcycleModel.nameEn));
  return rows.map((row) => ({
    modelId: row.modelId,
    model: { ko: row.modelKo, en: row.modelEn },
    manufacturer: { ko: row.manufacturerKo, en: row.manufacturerEn },
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
  }));
}

/** A model the listing form offers, with the first and last model year the catalogue has of it. */
interface FitModelOption {
  id: number;
  ko: string;
  en: string;
  firstYear: number;
  lastYear: number;
}

export interface FitManufacturerOption {
  ko: string;
  en: string;
  models: FitModelOption[];
}

/** The catalogue's models by manufacturer, for the listing form's picker (one statement). */
export async function fitModelOptions(db: Database): Promise<FitManufacturerOption[]> {
  const rows = await db
    .select({
      id: motorcycleModel.id,
      ko: motorcycleModel.nameKo,
      en: motorcycleModel.nameEn,
      manufacturerId: motorcycleManufacturer.id,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
      firstYear: sql<number>`min(${motorcycle.modelYear})::int`,
      lastYear: sql<number>`max(${motorcycle.modelYear})::int`,
    })
    .from(motorcycleModel)
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .innerJoin(motorcycle, eq(motorcycle.modelId, motorcycleModel.id))
    .groupBy(motorcycleModel.id, motorcycleManufacturer.id)
    .orderBy(asc(motorcycleManufacturer.nameEn), asc(motorcycleModel.nameEn));
  const groups: FitManufacturerOption[] = [];
  let current: (FitManufacturerOption & { id: number }) | undefined;
  for (const row of rows) {
    if (current?.id !== row.manufacturerId) {
      current = { id: row.manufacturerId, ko: row.manufacturerKo, en: row.manufacturerEn, models: [] };
      groups.push(current);
    }
    current.models.push({
      id: row.id,
      ko: row.ko,
      en: row.en,
      firstYear: row.firstYear,
      lastYear: row.lastYear,
    });
  }
  return groups.map(({ ko, en, models }) => ({ ko, en, models }));
}

/**
 * Whether the listing fits one of the member's garage bikes: a fit of the bike's model whose years take the bike's
 * model year. A condition for a statement's WHERE, read through the fit table's model index after the member's few
 * bikes (garage_bike_member_idx), so it adds no statement per listing.
 */
export function fitsGarageSql(articleId: SQLWrapper, memberId: SQLWrapper | string): SQL {
  return sql`exists (select 1 from garage_bike g
    join motorcycle m on m.id = g.motorcycle_id
    join market_listing_fit f on f.model_id = m.model_id
      and (f.year_from is null or f.year_from <= m.model_year)
      and (f.year_to is null or f.year_to >= m.model_year)
    where g.member_id = ${memberId} and g.deleted_at is null and f.article_id = ${articleId})`;
}

/**
 * The "fits my garage" filter of a parts or gear list (내 차고에 맞는 것만) as the page offers it: to a visitor and to
 * a member without bikes with the way to use it, to a member with bikes as a box, on when the address asks.
 */
export type GarageFitFilter =
  | { state: "visitor" | "noBikes"; on: false }
  | { state: "ready"; on: boolean; bikes: { ko: string; en: string }[] };

/**
 * Whether a list of `kind` offers the filter, how, and the member whose garage it filters by when it is on (null when
 * off, for a visitor or for a member without bikes: the list is then unfiltered and says why).
 */
export async function garageFitFilter(
  db: Database,
  kind: string,
  memberId: string | null,
  requested: boolean,
): Promise<{ filter: GarageFitFilter | null; fitsGarageOf: string | null }> {
  if (!isFitKind(kind)) return { filter: null, fitsGarageOf: null };
  if (!memberId) return { filter: { state: "visitor", on: false }, fitsGarageOf: null };
  const bikes = await garageOf(db, memberId);
  if (bikes.length === 0) return { filter: { state: "noBikes", on: false }, fitsGarageOf: null };
  return {
    filter: {
      state: "ready",
      on: requested,
      bikes: bikes.map((bike) => ({
        ko: `${bike.manufacturerKo} ${bike.nameKo} ${bike.year}`,
        en: `${bike.manufacturerEn} ${bike.nameEn} ${bike.year}`,
      })),
    },
    fitsGarageOf: requested ? memberId : null,
  };
}
