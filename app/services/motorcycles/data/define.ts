import type { MotorcycleCategory } from "#app/db/schema";
import { specFields, type CatalogueRow, type MotorcycleSpecs } from "../catalogue-row";

/**
 * The shipped catalogue is written one brand per file as models, each with the model years its figures apply to
 * (one generation) and the manufacturer's spec page they were taken from; `brand` expands them into rows.
 */
export interface ModelEntry {
  slug: string;
  nameEn: string;
  nameKo: string;
  category: MotorcycleCategory;
  /** The model years these figures apply to. */
  years: readonly number[];
  /** The manufacturer's page with these figures. */
  specUrl: string;
  /** Figures as published; a figure left out is not published. */
  specs: Partial<MotorcycleSpecs>;
}

export interface BrandEntry {
  slug: string;
  nameEn: string;
  nameKo: string;
}

function completeSpecs(specs: Partial<MotorcycleSpecs>): MotorcycleSpecs {
  return Object.fromEntries(
    specFields.map((field) => [field, specs[field] ?? null]),
  ) as unknown as MotorcycleSpecs;
}

export function brand(manufacturer: BrandEntry, models: readonly ModelEntry[]): CatalogueRow[] {
  return models.flatMap(({ years, specUrl, specs, ...model }) =>
    years.map((year) => ({ manufacturer, model, year, specUrl, specs: completeSpecs(specs) })),
  );
}
