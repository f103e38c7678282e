import { motorcycleCategories } from "#app/db/schema";
import { slugOf, type CatalogueRow } from "./catalogue-row";

/**
 * Checks of one catalogue row against physics and the units the catalogue uses, shared by the shipped data file's
 * test and the administrator's import (which refuses a row that fails one). Each problem is a stable code with the
 * field it concerns, so the import report can say what is wrong in either language.
 */
export type PlausibilityProblem =
  | "year_range"
  | "slug_mismatch"
  | "name_missing"
  | "category_unknown"
  | "spec_url_invalid"
  | "displacement_range"
  | "electric_displacement"
  | "power_range"
  | "hp_ps_mismatch"
  | "power_per_litre"
  | "torque_range"
  | "seat_height_range"
  | "weight_range"
  | "tank_range"
  | "wheel_base_range"
  | "cylinder_range"
  | "gear_count_range"
  | "whole_number_expected";

/** 1 PS = 0.98632 hp (metric and mechanical horsepower). */
export const HP_PER_PS = 0.98632;

const within = (value: number | null, min: number, max: number) =>
  value === null || (value >= min && value <= max);

/** The problems of a row; empty when it is plausible. `latestYear` is the newest model year allowed (next year). */
export function plausibilityProblems(row: CatalogueRow, latestYear: number): PlausibilityProblem[] {
  const problems: PlausibilityProblem[] = [];
  const { specs } = row;
  if (!Number.isInteger(row.year) || row.year < 1900 || row.year > latestYear) problems.push("year_range");
  if (slugOf(row.manufacturer.slug) !== row.manufacturer.slug || slugOf(row.model.slug) !== row.model.slug)
    problems.push("slug_mismatch");
  if (
    ![row.manufacturer.nameEn, row.manufacturer.nameKo, row.model.nameEn, row.model.nameKo].every((n) =>
      n.trim(),
    )
  )
    problems.push("name_missing");
  if (!(motorcycleCategories as readonly string[]).includes(row.model.category))
    problems.push("category_unknown");
  let url: URL | undefined;
  try {
    url = new URL(row.specUrl);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== "https:") problems.push("spec_url_invalid");
  const electric = row.model.category === "electric";
  if (electric ? specs.displacementCc !== null : !within(specs.displacementCc, 49, 2500))
    problems.push(electric ? "electric_displacement" : "displacement_range");
  if (!within(specs.peakPowerHp, 1, 250) || !within(specs.peakPowerPs, 1, 255)) problems.push("power_range");
  if (specs.peakPowerHp !== null && specs.peakPowerPs !== null) {
    const expected = specs.peakPowerPs * HP_PER_PS;
    if (Math.abs(specs.peakPowerHp - expected) > Math.max(0.6, expected * 0.03))
      problems.push("hp_ps_mismatch");
  }
  const hp = specs.peakPowerHp ?? (specs.peakPowerPs === null ? null : specs.peakPowerPs * HP_PER_PS);
  if (hp !== null && specs.displacementCc) {
    // From about 20 hp per litre (a lazy cruiser or a restricted commuter) to 230 (a superbike at the limit).
    const perLitre = hp / (specs.displacementCc / 1000);
    if (perLitre < 20 || perLitre > 230) problems.push("power_per_litre");
  }
  if (!within(specs.maxTorqueNm, 1, 250)) problems.push("torque_range");
  if (!within(specs.seatHeightMm, 600, 1000)) problems.push("seat_height_range");
  if (!within(specs.weightKg, 50, 450)) problems.push("weight_range");
  if (!within(specs.tankSizeL, 2, 35)) problems.push("tank_range");
  if (!within(specs.wheelBaseMm, 1000, 1900)) problems.push("wheel_base_range");
  if (electric ? specs.cylinderCount !== null : !within(specs.cylinderCount, 1, 6))
    problems.push("cylinder_range");
  if (!within(specs.gearCount, 1, 7)) problems.push("gear_count_range");
  // Millimetres, cylinders and gears are stored as whole numbers.
  if (
    [specs.seatHeightMm, specs.wheelBaseMm, specs.cylinderCount, specs.gearCount].some(
      (value) => value !== null && !Number.isInteger(value),
    )
  )
    problems.push("whole_number_expected");
  return problems;
}
