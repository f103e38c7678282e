import { and, eq } from "drizzle-orm";
import { motorcycle, motorcycleManufacturer, motorcycleModel, type MotorcycleSource } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { modelSearchText, specFields, type CatalogueRow, type MotorcycleSpecs } from "./catalogue-row";

/**
 * The one write path into the catalogue: the shipped data file, an administrator's import and an accepted
 * missing-model report all put a model year in through `upsertModelYear`, keyed by manufacturer slug, model slug and
 * year, so running any of them again changes nothing.
 */

export type UpsertOutcome = "added" | "changed" | "unchanged";

function sameSpecs(a: MotorcycleSpecs & { specUrl: string }, b: MotorcycleSpecs & { specUrl: string }) {
  return a.specUrl === b.specUrl && specFields.every((field) => a[field] === b[field]);
}

/**
 * Puts one model year into the catalogue, creating its manufacturer and model when missing and updating their names
 * and the year's figures when they differ. Answers the model year's id and whether it was added, changed or already
 * as given. A model year's `source` stays what first added it.
 */
export async function upsertModelYear(
  uow: UnitOfWork,
  row: CatalogueRow,
  source: MotorcycleSource,
): Promise<{ id: number; modelId: number; outcome: UpsertOutcome }> {
  const db = uow.tx;
  const [maker] = await db
    .insert(motorcycleManufacturer)
    .values({ ...row.manufacturer, createdAt: uow.now })
    .onConflictDoUpdate({
      target: motorcycleManufacturer.slug,
      set: { nameEn: row.manufacturer.nameEn, nameKo: row.manufacturer.nameKo },
    })
    .returning({ id: motorcycleManufacturer.id });
  const searchText = modelSearchText(row.manufacturer, row.model);
  const [model] = await db
    .insert(motorcycleModel)
    .values({ ...row.model, manufacturerId: maker!.id, searchText, createdAt: uow.now })
    .onConflictDoUpdate({
      target: [motorcycleModel.manufacturerId, motorcycleModel.slug],
      set: { nameEn: row.model.nameEn, nameKo: row.model.nameKo, category: row.model.category, searchText },
    })
    .returning({ id: motorcycleModel.id });
  const modelId = model!.id;
  const [existing] = await db
    .select()
    .from(motorcycle)
    .where(and(eq(motorcycle.modelId, modelId), eq(motorcycle.modelYear, row.year)))
    .for("update");
  const values = { ...row.specs, specUrl: row.specUrl };
  if (!existing) {
    const [added] = await db
      .insert(motorcycle)
      .values({ ...values, modelId, modelYear: row.year, source, createdAt: uow.now, updatedAt: uow.now })
      .returning({ id: motorcycle.id });
    return { id: added!.id, modelId, outcome: "added" };
  }
  if (sameSpecs(existing, values)) return { id: existing.id, modelId, outcome: "unchanged" };
  await db
    .update(motorcycle)
    .set({ ...values, updatedAt: uow.now })
    .where(eq(motorcycle.id, existing.id));
  return { id: existing.id, modelId, outcome: "changed" };
}
