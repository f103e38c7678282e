import type { ReviewRatingItem } from "#app/db/schema";
import type { MessageKey, MessageParams } from "#app/i18n";
import type { MotorcycleSpecs } from "#app/services/motorcycles/catalogue-row";

type Translate = (key: MessageKey, params?: MessageParams) => string;

/** The rows a spec table shows, in order; the weight's dry/wet kind is written with the weight, not on a row. */
export const specRowFields = [
  "displacementCc",
  "peakPowerHp",
  "peakPowerPs",
  "maxTorqueNm",
  "seatHeightMm",
  "weightKg",
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
export type SpecRowField = (typeof specRowFields)[number];

const numberUnits: Partial<Record<SpecRowField, MessageKey>> = {
  displacementCc: "motorcycle.unit.cc",
  peakPowerHp: "motorcycle.unit.hp",
  peakPowerPs: "motorcycle.unit.ps",
  maxTorqueNm: "motorcycle.unit.nm",
  seatHeightMm: "motorcycle.unit.mm",
  tankSizeL: "motorcycle.unit.litre",
  wheelBaseMm: "motorcycle.unit.mm",
  cylinderCount: "motorcycle.unit.cylinders",
  gearCount: "motorcycle.unit.gears",
};

/** A figure with its unit or label in the page's language; null when the manufacturer does not publish it. */
export function specText(t: Translate, field: SpecRowField, specs: MotorcycleSpecs): string | null {
  const value = specs[field];
  if (value === null) return null;
  switch (field) {
    case "weightKg":
      return specs.weightType
        ? t("motorcycle.unit.weight", {
            value: specs.weightKg!,
            type: t(`motorcycle.weightType.${specs.weightType}`),
          })
        : t("motorcycle.unit.kg", { value: specs.weightKg! });
    case "cooling":
      return t(`motorcycle.cooling.${specs.cooling!}`);
    case "transmission":
      return t(`motorcycle.transmission.${specs.transmission!}`);
    case "abs":
    case "tractionControl":
      return value ? t("motorcycle.yes") : t("motorcycle.no");
  }
  const unit = numberUnits[field];
  return unit && typeof value === "number" ? t(unit, { value }) : String(value);
}

/** The nine owner ratings in the order the review form asks them (the schema's `reviewRatingItems`). */
export const ratingRows = [
  "performance",
  "braking",
  "engine",
  "durability",
  "design",
  "finish",
  "convenience",
  "maintenance",
  "value",
] as const satisfies readonly ReviewRatingItem[];
