import { z } from "zod";
import {
  motorcycleCategories,
  motorcycleCoolings,
  motorcycleTransmissions,
  motorcycleWeightTypes,
  type MotorcycleCategory,
} from "#app/db/schema";
import type { MessageKey } from "#app/i18n";
import { idText, optionalText, requiredText } from "../form-fields";
import { slugOf, type CatalogueRow, type MotorcycleSpecs } from "./catalogue-row";
import { plausibilityProblems, type PlausibilityProblem } from "./plausibility";

/**
 * The missing-model report form (/report/motorcycle) and the administrator's decision forms
 * (/admin/motorcycle-report), with the rules both the browser and the service apply. Pure: no database.
 */

/** What an accepted report earns its reporter. */
export const REPORT_REWARD_POINTS = 200;
const REPORT_NAME_MAX = 60;
export const REJECT_REASON_MAX = 200;
const EARLIEST_MODEL_YEAR = 1900;
const SPEC_URL_MAX = 500;
const FIGURE_TEXT_MAX = 80;

/** English letters, digits, spaces, hyphen, ampersand and dot, starting with a letter or digit: "Harley-Davidson". */
const MANUFACTURER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .&-]*$/;
/** English letters, digits, spaces, hyphen, dot, slash and plus, starting with a letter or digit: "MT-07", "R 1250 GS". */
const MODEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./+-]*$/;

/** Spaces collapsed, ends trimmed: how a name typed into the form is stored. */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

export function isManufacturerName(name: string): boolean {
  const tidy = tidyName(name);
  return tidy.length <= REPORT_NAME_MAX && MANUFACTURER_PATTERN.test(tidy) && slugOf(tidy) !== "";
}

export function isModelName(name: string): boolean {
  const tidy = tidyName(name);
  return tidy.length <= REPORT_NAME_MAX && MODEL_PATTERN.test(tidy) && slugOf(tidy) !== "";
}

/**
 * The official spec page: an absolute https address with a host name. Plain http is refused, as the catalogue
 * refuses it (`plausibilityProblems`), so an accepted report can keep the address it came with.
 */
export function isSpecUrl(value: string): boolean {
  const text = value.trim();
  if (text.length > SPEC_URL_MAX) return false;
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A model year from 1900 to `latestYear` (next year: models are announced before their year). */
export function isReleaseYear(year: number, latestYear: number): boolean {
  return Number.isInteger(year) && year >= EARLIEST_MODEL_YEAR && year <= latestYear;
}

/** The codes the accept form offers in its choices, in the catalogue's order. */
export const figureChoices = {
  categories: motorcycleCategories,
  coolings: motorcycleCoolings,
  transmissions: motorcycleTransmissions,
  weightTypes: motorcycleWeightTypes,
} as const;

/** A name lower-cased without spaces or punctuation: "Harley-Davidson" and "harley davidson" are one. */
export function squashName(name: string): string {
  return slugOf(name).replaceAll("-", "");
}

/** One open report per manufacturer, model and year, however they are spaced or capitalised. */
export function reportKeyOf(manufacturer: string, model: string, year: number): string {
  return `${squashName(manufacturer)}/${squashName(model)}/${year}`;
}

/** How a report names its model in messages: "Honda Forza 350 (2024)". */
export function reportedModelName(report: { manufacturer: string; model: string; releaseYear: number }) {
  return `${report.manufacturer} ${report.model} (${report.releaseYear})`;
}

const issue = (message: MessageKey) => ({ error: message });

/** A four-digit year typed in a form. */
const yearText = (message: MessageKey, latestYear: number) =>
  z
    .string(issue(message))
    .trim()
    .regex(/^\d{4}$/, issue(message))
    .transform(Number)
    .refine((year) => isReleaseYear(year, latestYear), issue(message));

export function reportSchema(latestYear: number) {
  return z.object({
    token: optionalText,
    manufacturer: requiredText("garage.error.report_manufacturer_invalid")
      .refine(isManufacturerName, issue("garage.error.report_manufacturer_invalid"))
      .transform(tidyName),
    model: requiredText("garage.error.report_model_invalid")
      .refine(isModelName, issue("garage.error.report_model_invalid"))
      .transform(tidyName),
    releaseYear: yearText("garage.error.report_year_invalid", latestYear),
    specUrl: requiredText("garage.error.report_url_invalid").refine(
      isSpecUrl,
      issue("garage.error.report_url_invalid"),
    ),
  });
}

export type ReportInput = Omit<z.output<ReturnType<typeof reportSchema>>, "token">;

/** A figure as typed: digits with up to two decimals (no signs or exponents), or empty for "not published". */
const figure = (whole = false) =>
  z
    .string()
    .trim()
    .regex(
      whole ? /^\d{1,5}$/ : /^\d{1,5}(\.\d{1,2})?$/,
      issue(whole ? "modelReport.admin.wholeNumber" : "modelReport.admin.decimalNumber"),
    )
    .transform(Number)
    .optional()
    .transform((value) => value ?? null);

const optionalFigureText = optionalText
  .transform((text) => text.trim().slice(0, FIGURE_TEXT_MAX))
  .transform((text) => (text === "" ? null : text));

const choice = <T extends string>(values: readonly T[]) =>
  z
    .enum(values as readonly [T, ...T[]])
    .optional()
    .catch(undefined)
    .transform((value) => value ?? null);

/** Yes, no, or not known ("" or missing). */
const flag = z
  .enum(["yes", "no"])
  .optional()
  .catch(undefined)
  .transform((value) => (value === undefined ? null : value === "yes"));

/** The figures an administrator enters to accept a report (null where not known). */
const figuresShape = {
  manufacturerKo: requiredText("garage.error.accept_names_required"),
  modelEn: requiredText("garage.error.accept_names_required").refine(
    isModelName,
    issue("garage.error.report_model_invalid"),
  ),
  modelKo: requiredText("garage.error.accept_names_required"),
  category: z.enum(motorcycleCategories, issue("garage.error.accept_names_required")),
  specUrl: requiredText("garage.error.report_url_invalid").refine(
    isSpecUrl,
    issue("garage.error.report_url_invalid"),
  ),
  displacementCc: figure(),
  peakPowerHp: figure(),
  peakPowerPs: figure(),
  maxTorqueNm: figure(),
  seatHeightMm: figure(true),
  weightKg: figure(),
  weightType: choice(motorcycleWeightTypes),
  tankSizeL: figure(),
  wheelBaseMm: figure(true),
  cylinderCount: figure(true),
  cooling: choice(motorcycleCoolings),
  engineType: optionalFigureText,
  transmission: choice(motorcycleTransmissions),
  gearCount: figure(true),
  abs: flag,
  tractionControl: flag,
  frontTyre: optionalFigureText,
  rearTyre: optionalFigureText,
  frontSuspension: optionalFigureText,
  rearSuspension: optionalFigureText,
  lighting: optionalFigureText,
};

export interface ModelYearFigures {
  manufacturerKo: string;
  modelEn: string;
  modelKo: string;
  category: MotorcycleCategory;
  specUrl: string;
  specs: MotorcycleSpecs;
}

/** The field of the form each plausibility problem is shown next to. */
const problemFields: Record<PlausibilityProblem, string> = {
  year_range: "modelEn",
  slug_mismatch: "modelEn",
  name_missing: "modelKo",
  category_unknown: "category",
  spec_url_invalid: "specUrl",
  displacement_range: "displacementCc",
  electric_displacement: "displacementCc",
  power_range: "peakPowerHp",
  hp_ps_mismatch: "peakPowerPs",
  power_per_litre: "peakPowerHp",
  torque_range: "maxTorqueNm",
  seat_height_range: "seatHeightMm",
  weight_range: "weightKg",
  tank_range: "tankSizeL",
  wheel_base_range: "wheelBaseMm",
  cylinder_range: "cylinderCount",
  gear_count_range: "gearCount",
  whole_number_expected: "seatHeightMm",
};

/** What the administrator must enter besides names: the displacement (unless electric) and the peak power. */
export function missingFigures(figures: Pick<ModelYearFigures, "category" | "specs">): string[] {
  const missing: string[] = [];
  if (figures.category !== "electric" && figures.specs.displacementCc === null)
    missing.push("displacementCc");
  if (figures.specs.peakPowerHp === null && figures.specs.peakPowerPs === null) missing.push("peakPowerHp");
  return missing;
}

/** The catalogue row an accepted report becomes: the report's manufacturer and year, the administrator's figures. */
export function acceptedRow(
  manufacturer: { slug: string; nameEn: string },
  year: number,
  figures: ModelYearFigures,
): CatalogueRow {
  const modelEn = tidyName(figures.modelEn);
  return {
    manufacturer: {
      slug: manufacturer.slug,
      nameEn: manufacturer.nameEn,
      nameKo: figures.manufacturerKo.trim(),
    },
    model: {
      slug: slugOf(modelEn),
      nameEn: modelEn,
      nameKo: figures.modelKo.trim(),
      category: figures.category,
    },
    year,
    specs: figures.specs,
    specUrl: figures.specUrl.trim(),
  };
}

/**
 * The administrator's decisions on one report: accept with figures, accept as a model year already in the
 * catalogue, or reject with a reason. `latestYear` bounds the year the plausibility check allows; the browser knows
 * the report's manufacturer and year from hidden fields only to check the figures, the service uses the report's.
 */
export function decisionSchema(latestYear: number) {
  return z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("accept"),
        id: idText,
        manufacturer: optionalText,
        year: z.string().optional(),
        ...figuresShape,
      })
      .transform(
        ({
          intent,
          id,
          manufacturer,
          year,
          manufacturerKo,
          modelEn,
          modelKo,
          category,
          specUrl,
          ...specs
        }) => ({
          intent,
          id,
          manufacturer,
          year: Number(year),
          figures: { manufacturerKo, modelEn, modelKo, category, specUrl, specs } satisfies ModelYearFigures,
        }),
      )
      .superRefine((value, ctx) => {
        const add = (path: string, message: MessageKey) =>
          ctx.addIssue({ code: "custom", path: [path], message });
        for (const field of missingFigures(value.figures)) add(field, "garage.error.accept_figures_required");
        const row = acceptedRow(
          { slug: slugOf(value.manufacturer) || "x", nameEn: value.manufacturer || "x" },
          Number.isInteger(value.year) ? value.year : latestYear,
          value.figures,
        );
        for (const problem of plausibilityProblems(row, latestYear))
          add(problemFields[problem], `modelReport.problem.${problem}`);
      }),
    z.object({
      intent: z.literal("existing"),
      id: idText,
      motorcycleId: idText
        .optional()
        .catch(undefined)
        .pipe(z.number(issue("garage.error.model_year_not_found"))),
    }),
    z.object({
      intent: z.literal("reject"),
      id: idText,
      reason: requiredText("garage.error.reject_reason_required").refine(
        (reason) => [...reason].length <= REJECT_REASON_MAX,
        issue("garage.error.reject_reason_length"),
      ),
    }),
  ]);
}
