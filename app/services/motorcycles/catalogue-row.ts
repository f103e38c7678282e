import type { MotorcycleCategory } from "#app/db/schema";

/**
 * The shape of one model year as the catalogue's data file, imports and reports give it, and the names derived from
 * it. Pure, so the data file's test and the import's checks use it without a database.
 */

/** The figures of one model year, as the `motorcycle` table holds them (null where not published). */
export interface MotorcycleSpecs {
  displacementCc: number | null;
  peakPowerHp: number | null;
  peakPowerPs: number | null;
  maxTorqueNm: number | null;
  seatHeightMm: number | null;
  weightKg: number | null;
  weightType: "dry" | "wet" | null;
  tankSizeL: number | null;
  wheelBaseMm: number | null;
  cylinderCount: number | null;
  cooling: "air" | "oil" | "airOil" | "liquid" | null;
  engineType: string | null;
  transmission: "manual" | "cvt" | "semiAuto" | "dct" | "direct" | null;
  gearCount: number | null;
  abs: boolean | null;
  tractionControl: boolean | null;
  frontTyre: string | null;
  rearTyre: string | null;
  frontSuspension: string | null;
  rearSuspension: string | null;
  lighting: string | null;
}

export const specFields = [
  "displacementCc",
  "peakPowerHp",
  "peakPowerPs",
  "maxTorqueNm",
  "seatHeightMm",
  "weightKg",
  "weightType",
  "tankSizeL",
  "wheelBaseMm",
  "cylinderCount",
  "cooling",
  "engineType",
  "transmission",
  "gearCount",
  "abs",
  "tractionControl",
  "frontTyre",
  "rearTyre",
  "frontSuspension",
  "rearSuspension",
  "lighting",
] as const satisfies readonly (keyof MotorcycleSpecs)[];

export interface CatalogueRow {
  manufacturer: { slug: string; nameEn: string; nameKo: string };
  model: { slug: string; nameEn: string; nameKo: string; category: MotorcycleCategory };
  year: number;
  specs: MotorcycleSpecs;
  specUrl: string;
}

/** A URL-safe key of a name: "Forza 350" → "forza-350", "Harley-Davidson" → "harley-davidson". */
export function slugOf(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * What partial-word search matches: both languages' names of manufacturer and model, lower-cased, each also without
 * spaces, so "포르자", "forza350" and "honda forza" all find Forza 350.
 */
export function modelSearchText(
  manufacturer: { nameEn: string; nameKo: string },
  model: { nameEn: string; nameKo: string },
): string {
  const names = [manufacturer.nameKo, manufacturer.nameEn, model.nameKo, model.nameEn].map((name) =>
    name.normalize("NFKC").toLowerCase().trim(),
  );
  const squashed = names.slice(2).map((name) => name.replace(/\s+/g, ""));
  return [...new Set([...names, ...squashed])].join(" ");
}
