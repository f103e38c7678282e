import { createHash } from "node:crypto";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { count, inArray } from "drizzle-orm";
import { parse as parseCsv, CsvError } from "csv-parse/sync";
import type { Database } from "#app/db/client.server";
import {
  motorcycle,
  motorcycleCategories,
  motorcycleManufacturer,
  motorcycleModel,
  type MotorcycleCategory,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { seoulTime } from "#app/platform/seoul-calendar";
import { executor, runInTransaction, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { requirePermission } from "#app/services/permissions";
import { DomainError } from "#app/services/errors";
import type { CatalogueErrorCode, CatalogueErrorDetails } from "./errors";
import { slugOf, specFields, type CatalogueRow, type MotorcycleSpecs } from "./catalogue-row";
import { upsertModelYear } from "./catalogue.server";
import { HP_PER_PS, plausibilityProblems, type PlausibilityProblem } from "./plausibility";

/**
 * An administrator's CSV import into the catalogue: our own column layout or the widely used bikez-derived one,
 * checked row by row (a bad row is refused with its reasons, the good ones go in), previewed without writing, then
 * applied through the catalogue's one write path. Running the same file again changes nothing.
 */

/** The largest file an import reads, in bytes of UTF-8. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 5_000;
/** The longest text a descriptive column (engine type, tyre, suspension, lighting) may hold. */
const TEXT_MAX = 200;

/**
 * A refusal of the whole file (`catalogue` area). The line, columns or limit it names are its details, and the
 * values of its message (a line the parser could not tell reads as line 1).
 */
export function importRefused(
  code: CatalogueErrorCode,
  details: CatalogueErrorDetails = {},
): DomainError<"catalogue"> {
  const { line = 1, columns = "", max = 0 } = details;
  return new DomainError("catalogue", code, { ...details, params: { line, columns, max } });
}

/** Why one row is refused (`motorcycle.admin.reason.<code>`), besides the plausibility problems. */
type RowReasonCode =
  | "missing"
  | "invalid"
  | "too_long"
  | "column_count"
  | "duplicate"
  | "manufacturer_inconsistent"
  | "model_inconsistent"
  | PlausibilityProblem;

interface RowReason {
  code: RowReasonCode;
  /** The column as the file names it, where the reason concerns one. */
  column?: string;
  /** The other line, for a duplicate or an inconsistency. */
  line?: number;
}

type ImportLayout = "own" | "bikez";

/** What a changed row changes: a figure of the year, its spec URL, or the names and category of its model. */
type ChangedField = (typeof specFields)[number] | "specUrl" | "manufacturerName" | "modelName" | "category";

interface ImportRowSummary {
  line: number;
  manufacturer: string;
  model: string;
  year: number;
}

export interface ImportReport {
  layout: ImportLayout;
  /** The digest of the text and source URL this report is about; applying needs it back. */
  digest: string;
  added: number;
  changed: number;
  unchanged: number;
  changes: (ImportRowSummary & { fields: ChangedField[] })[];
  refused: { line: number; label: string; reasons: RowReason[] }[];
}

export interface ImportOptions {
  /** The page the figures came from, given once for the file; required when the layout has no spec URL column. */
  sourceUrl?: string;
}

// --- Reading the file ----------------------------------------------------------------------------------------------

/** The same text whether a browser sent it with CRLF or LF line ends, without a byte-order mark. */
function normalisedText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** What the preview was about, so applying can refuse a file that was not previewed. */
export function importDigest(csvText: string, sourceUrl = ""): string {
  return createHash("sha256")
    .update(JSON.stringify([normalisedText(csvText), sourceUrl.trim()]))
    .digest("hex");
}

interface RawRecord {
  line: number;
  cells: string[];
}

function readRecords(text: string): { header: string[]; records: RawRecord[] } {
  if (Buffer.byteLength(text, "utf8") > IMPORT_MAX_BYTES) throw importRefused("too_large", { max: 2 });
  // A file saved in another encoding (EUC-KR from a spreadsheet) arrives with replacement characters.
  if (text.includes("\uFFFD")) throw importRefused("not_utf8");
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends; the typings only know the plain records.
    parsed = parseCsv(text, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError)
      throw importRefused("unreadable", {
        line: typeof error.lines === "number" ? error.lines : undefined,
      });
    throw error;
  }
  const [head, ...rest] = parsed;
  if (!head || rest.length === 0) throw importRefused("empty");
  if (rest.length > IMPORT_MAX_ROWS) throw importRefused("too_many_rows", { max: IMPORT_MAX_ROWS });
  return {
    header: head.record.map((name) => name.trim()),
    records: rest.map(({ record, info }) => ({ line: info.lines, cells: record })),
  };
}

// --- Column layouts ------------------------------------------------------------------------------------------------

const ownColumns = [
  "manufacturer",
  "manufacturer_ko",
  "model",
  "model_ko",
  "category",
  "year",
  "spec_url",
  "displacement_cc",
  "peak_power_hp",
  "peak_power_ps",
  "max_torque_nm",
  "seat_height_mm",
  "weight_kg",
  "weight_type",
  "tank_size_l",
  "wheel_base_mm",
  "cylinder_count",
  "cooling",
  "engine_type",
  "transmission",
  "gear_count",
  "abs",
  "traction_control",
  "front_tyre",
  "rear_tyre",
  "front_suspension",
  "rear_suspension",
  "lighting",
] as const;
type OwnColumn = (typeof ownColumns)[number];

const bikezColumns = {
  brand: "Brand",
  model: "Model",
  year: "Year",
  category: "Category",
  displacement: "Displacement (ccm)",
  power: "Power (hp)",
  torque: "Torque (Nm)",
  cylinder: "Engine cylinder",
  stroke: "Engine stroke",
  gearbox: "Gearbox",
  fuelCapacity: "Fuel capacity (lts)",
  cooling: "Cooling system",
  dryWeight: "Dry weight (kg)",
  wheelbase: "Wheelbase (mm)",
  seatHeight: "Seat height (mm)",
  frontBrakes: "Front brakes",
  rearBrakes: "Rear brakes",
  frontTire: "Front tire",
  rearTire: "Rear tire",
  frontSuspension: "Front suspension",
  rearSuspension: "Rear suspension",
} as const;
type BikezColumn = keyof typeof bikezColumns;

const headerKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

function detectLayout(header: string[]): ImportLayout {
  const names = new Set(header.map(headerKey));
  if (["manufacturer", "model", "year", "category"].every((name) => names.has(name))) {
    const unknown = header.filter((name) => !(ownColumns as readonly string[]).includes(headerKey(name)));
    if (unknown.length > 0) throw importRefused("columns_unknown", { columns: unknown.join(", ") });
    return "own";
  }
  if (names.has("brand") && names.has("model")) {
    const missing = (["brand", "model", "year", "category"] as const)
      .map((key) => bikezColumns[key])
      .filter((name) => !names.has(headerKey(name)));
    if (missing.length > 0) throw importRefused("columns_missing", { columns: missing.join(", ") });
    // The bikez-derived files carry more columns than the catalogue keeps (rating, bore, colours …): ignored.
    return "bikez";
  }
  throw importRefused("layout_unknown");
}

/** A row's cells by column, read through one place so every reason names the column as the file does. */
class Cells {
  readonly reasons: RowReason[] = [];
  private readonly byKey = new Map<string, { column: string; value: string }>();

  constructor(header: string[], cells: string[]) {
    header.forEach((column, index) => {
      const value = (cells[index] ?? "").trim();
      this.byKey.set(headerKey(column), { column, value: EMPTY.has(value.toLowerCase()) ? "" : value });
    });
  }

  column(name: string): string {
    return this.byKey.get(headerKey(name))?.column ?? name;
  }

  text(name: string): string | null {
    const value = this.byKey.get(headerKey(name))?.value ?? "";
    if (!value) return null;
    if (value.length > TEXT_MAX) {
      this.reasons.push({ code: "too_long", column: this.column(name) });
      return null;
    }
    return value;
  }

  required(name: string): string {
    const value = this.text(name);
    if (value === null && !this.reasons.some((reason) => reason.column === this.column(name)))
      this.reasons.push({ code: "missing", column: this.column(name) });
    return value ?? "";
  }

  invalid(name: string): null {
    this.reasons.push({ code: "invalid", column: this.column(name) });
    return null;
  }

  /** A plain decimal ("649", "72.4"); with `leading`, the number a text starts with ("80.0 HP (58.4 kW)"). */
  number(name: string, options: { integer?: boolean; leading?: boolean } = {}): number | null {
    const value = this.text(name)?.replace(/,/g, "");
    if (!value) return null;
    const match = options.leading ? /^\d+(\.\d+)?/.exec(value) : /^\d+(\.\d+)?$/.exec(value);
    if (!match) return this.invalid(name);
    const parsed = Number(match[0]);
    if (!options.integer) return parsed;
    if (options.leading) return Math.round(parsed);
    return Number.isInteger(parsed) ? parsed : this.invalid(name);
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | null {
    const value = this.text(name);
    if (!value) return null;
    const key = squash(value);
    return values.find((code) => squash(code) === key) ?? this.invalid(name);
  }

  flag(name: string): boolean | null {
    const value = this.text(name)?.toLowerCase();
    if (!value) return null;
    if (["true", "yes", "y", "1", "o"].includes(value)) return true;
    if (["false", "no", "n", "0", "x"].includes(value)) return false;
    return this.invalid(name);
  }
}

/** What the files write for "not published". */
const EMPTY = new Set(["", "-", "—", "n/a", "na", "none", "null"]);

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Our categories by code (any case), and the bikez-derived names. "Allround" (a standard road bike) is filed under
 * naked; minibikes, ATVs, speedway and concept models have no place in the catalogue and are refused.
 */
const categoryNames: Record<string, MotorcycleCategory> = {
  ...Object.fromEntries(motorcycleCategories.map((code) => [squash(code), code])),
  nakedbike: "naked",
  allround: "naked",
  sporttouring: "sportTouring",
  endurooffroad: "offroad",
  crossmotocross: "offroad",
  trial: "offroad",
  customcruiser: "cruiser",
  supermotard: "supermoto",
};

function categoryOf(cells: Cells, column: string): MotorcycleCategory {
  const value = cells.required(column);
  if (!value) return "naked";
  const category = categoryNames[squash(value)];
  if (!category) cells.reasons.push({ code: "category_unknown", column: cells.column(column) });
  return category ?? "naked";
}

function yearOf(cells: Cells, column: string): number {
  if (!cells.text(column)) {
    cells.required(column);
    return 0;
  }
  return cells.number(column, { integer: true }) ?? 0;
}

/** A name the catalogue can key: it must have a letter or digit to make a slug of. */
function nameOf(cells: Cells, column: string): string {
  const name = cells.required(column);
  if (name && !slugOf(name)) cells.invalid(column);
  return name;
}

/** A row as parsed, before the database is asked for the Korean names the file leaves out. */
interface ParsedRow {
  line: number;
  row: CatalogueRow;
  /** Whether the file gave the Korean names, or they are the English ones for want of any. */
  givenKo: { manufacturer: boolean; model: boolean };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Fills the one power figure from the other: hp = PS × 0.98632, rounded to 0.1. */
function withBothPowers(specs: MotorcycleSpecs): MotorcycleSpecs {
  if (specs.peakPowerHp !== null && specs.peakPowerPs === null)
    return { ...specs, peakPowerPs: round1(specs.peakPowerHp / HP_PER_PS) };
  if (specs.peakPowerPs !== null && specs.peakPowerHp === null)
    return { ...specs, peakPowerHp: round1(specs.peakPowerPs * HP_PER_PS) };
  return specs;
}

function specUrlOf(cells: Cells, given: string | null, fallback: string | undefined): string {
  if (given) return given;
  if (fallback) return fallback;
  cells.reasons.push({ code: "missing", column: cells.column("spec_url") });
  return "";
}

function ownRow(cells: Cells, options: ImportOptions): Omit<ParsedRow, "line"> {
  const column = (name: OwnColumn) => name;
  const manufacturer = nameOf(cells, column("manufacturer"));
  const manufacturerKo = cells.text(column("manufacturer_ko"));
  const model = nameOf(cells, column("model"));
  const modelKo = cells.text(column("model_ko"));
  const category = categoryOf(cells, "category");
  const year = yearOf(cells, "year");
  const specUrl = specUrlOf(cells, cells.text("spec_url"), options.sourceUrl);
  const specs: MotorcycleSpecs = {
    displacementCc: cells.number("displacement_cc"),
    peakPowerHp: cells.number("peak_power_hp"),
    peakPowerPs: cells.number("peak_power_ps"),
    maxTorqueNm: cells.number("max_torque_nm"),
    seatHeightMm: cells.number("seat_height_mm", { integer: true }),
    weightKg: cells.number("weight_kg"),
    weightType: cells.oneOf("weight_type", ["dry", "wet"] as const),
    tankSizeL: cells.number("tank_size_l"),
    wheelBaseMm: cells.number("wheel_base_mm", { integer: true }),
    cylinderCount: cells.number("cylinder_count", { integer: true }),
    cooling: cells.oneOf("cooling", ["air", "oil", "airOil", "liquid"] as const),
    engineType: cells.text("engine_type"),
    transmission: cells.oneOf("transmission", ["manual", "cvt", "semiAuto", "dct", "direct"] as const),
    gearCount: cells.number("gear_count", { integer: true }),
    abs: cells.flag("abs"),
    tractionControl: cells.flag("traction_control"),
    frontTyre: cells.text("front_tyre"),
    rearTyre: cells.text("rear_tyre"),
    frontSuspension: cells.text("front_suspension"),
    rearSuspension: cells.text("rear_suspension"),
    lighting: cells.text("lighting"),
  };
  return {
    row: {
      manufacturer: {
        slug: slugOf(manufacturer),
        nameEn: manufacturer,
        nameKo: manufacturerKo ?? manufacturer,
      },
      model: { slug: slugOf(model), nameEn: model, nameKo: modelKo ?? model, category },
      year,
      specs: withBothPowers(specs),
      specUrl,
    },
    givenKo: { manufacturer: manufacturerKo !== null, model: modelKo !== null },
  };
}

/** "Single cylinder" → 1, "V2" or "Twin" → 2, "In-line four" → 4; an electric motor or an unknown text → none. */
function cylindersOf(text: string | null): number | null {
  if (!text) return null;
  const words = text.toLowerCase();
  const counts: [RegExp, number][] = [
    [/\b(single|one)\b/, 1],
    [/\b(twin|two|v2|boxer)\b/, 2],
    [/\b(three|triple|v3)\b/, 3],
    [/\b(four|v4)\b/, 4],
    [/\b(five|v5)\b/, 5],
    [/\b(six|v6)\b/, 6],
  ];
  return counts.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}

/** "6-speed" → six gears, manual; "Automatic" → a CVT; "Semi-automatic", "DCT" and "Direct drive" as they say. */
function gearboxOf(text: string | null): Pick<MotorcycleSpecs, "transmission" | "gearCount"> {
  if (!text) return { transmission: null, gearCount: null };
  const words = text.toLowerCase();
  const gears = /(\d+)\s*-?\s*speed/.exec(words);
  const gearCount = gears ? Number(gears[1]) : null;
  if (/dual.?clutch|\bdct\b/.test(words)) return { transmission: "dct", gearCount };
  if (/semi.?auto/.test(words)) return { transmission: "semiAuto", gearCount };
  if (/auto|cvt|variomatic/.test(words)) return { transmission: "cvt", gearCount: null };
  if (/direct/.test(words)) return { transmission: "direct", gearCount: null };
  return { transmission: gearCount === null ? null : "manual", gearCount };
}

/** "Liquid" → liquid, "Air" → air, "Oil & air" → air and oil. */
function coolingOf(text: string | null): MotorcycleSpecs["cooling"] {
  if (!text) return null;
  const words = text.toLowerCase();
  if (words.includes("liquid") || words.includes("water")) return "liquid";
  const oil = words.includes("oil");
  const air = words.includes("air");
  if (oil && air) return "airOil";
  if (oil) return "oil";
  if (air) return "air";
  return null;
}

function bikezRow(cells: Cells, options: ImportOptions): Omit<ParsedRow, "line"> {
  const column = (key: BikezColumn) => bikezColumns[key];
  const brand = nameOf(cells, column("brand"));
  const model = nameOf(cells, column("model"));
  const category = categoryOf(cells, column("category"));
  const year = yearOf(cells, column("year"));
  const cylinder = cells.text(column("cylinder"));
  const stroke = cells.text(column("stroke"));
  const weightKg = cells.number(column("dryWeight"));
  const brakes = [cells.text(column("frontBrakes")), cells.text(column("rearBrakes"))].join(" ");
  const specs: MotorcycleSpecs = {
    displacementCc: cells.number(column("displacement"), { leading: true }),
    peakPowerHp: cells.number(column("power"), { leading: true }),
    peakPowerPs: null,
    maxTorqueNm: cells.number(column("torque"), { leading: true }),
    seatHeightMm: cells.number(column("seatHeight"), { integer: true, leading: true }),
    weightKg,
    weightType: weightKg === null ? null : "dry",
    tankSizeL: cells.number(column("fuelCapacity"), { leading: true }),
    wheelBaseMm: cells.number(column("wheelbase"), { integer: true, leading: true }),
    cylinderCount: cylindersOf(cylinder),
    cooling: coolingOf(cells.text(column("cooling"))),
    engineType: [stroke, cylinder].filter(Boolean).join(" ").slice(0, TEXT_MAX) || null,
    ...gearboxOf(cells.text(column("gearbox"))),
    // The brake texts say "ABS" where it is fitted; their silence does not say it is not.
    abs: /\babs\b/i.test(brakes) ? true : null,
    tractionControl: null,
    frontTyre: cells.text(column("frontTire")),
    rearTyre: cells.text(column("rearTire")),
    frontSuspension: cells.text(column("frontSuspension")),
    rearSuspension: cells.text(column("rearSuspension")),
    lighting: null,
  };
  return {
    row: {
      manufacturer: { slug: slugOf(brand), nameEn: brand, nameKo: brand },
      model: { slug: slugOf(model), nameEn: model, nameKo: model, category },
      year,
      specs: withBothPowers(specs),
      specUrl: specUrlOf(cells, null, options.sourceUrl),
    },
    givenKo: { manufacturer: false, model: false },
  };
}

function checkedSourceUrl(layout: ImportLayout, sourceUrl: string | undefined): string | undefined {
  const given = sourceUrl?.trim();
  if (!given) {
    if (layout === "bikez") throw importRefused("source_url_required");
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw importRefused("source_url_invalid");
  }
  if (url.protocol !== "https:") throw importRefused("source_url_invalid");
  return url.href;
}

interface ParsedFile {
  layout: ImportLayout;
  digest: string;
  rows: ParsedRow[];
  refused: ImportReport["refused"];
}

const modelKey = (row: CatalogueRow) => `${row.manufacturer.slug}/${row.model.slug}`;
const yearKey = (row: CatalogueRow) => `${modelKey(row)}/${row.year}`;
const labelOf = (row: CatalogueRow) =>
  [row.manufacturer.nameEn, row.model.nameEn, row.year || ""].filter(Boolean).join(" ");

/**
 * Reads a file into catalogue rows and refusals: each row's own problems, then duplicates of a model year (every
 * copy is refused: which one is right cannot be told) and rows that name a manufacturer or model differently from
 * its first row in the file (one import must not rename a model back and forth).
 */
function parseImport(csvText: string, options: ImportOptions, now: Date): ParsedFile {
  const text = normalisedText(csvText);
  const { header, records } = readRecords(text);
  const layout = detectLayout(header);
  const sourceUrl = checkedSourceUrl(layout, options.sourceUrl);
  const latestYear = seoulTime(now).year + 1;
  const rows: ParsedRow[] = [];
  const refused: ImportReport["refused"] = [];
  for (const { line, cells: values } of records) {
    if (values.length !== header.length) {
      refused.push({ line, label: values.slice(0, 2).join(" ").trim(), reasons: [{ code: "column_count" }] });
      continue;
    }
    const cells = new Cells(header, values);
    const parsed = (layout === "own" ? ownRow : bikezRow)(cells, { sourceUrl });
    const reasons = [...cells.reasons];
    // Only the problems the columns' own reasons do not already explain (a missing name, an unreadable year).
    const explained = new Set<string>(reasons.map((reason) => reason.code));
    for (const problem of plausibilityProblems(parsed.row, latestYear)) {
      if (problem === "name_missing" && explained.has("missing")) continue;
      if (problem === "slug_mismatch" && explained.has("missing")) continue;
      if (problem === "year_range" && parsed.row.year === 0) continue;
      if (problem === "spec_url_invalid" && !parsed.row.specUrl) continue;
      if (problem === "category_unknown" && explained.has("category_unknown")) continue;
      reasons.push({ code: problem });
    }
    if (reasons.length > 0) refused.push({ line, label: labelOf(parsed.row), reasons });
    else rows.push({ line, ...parsed });
  }

  const linesOfYear = new Map<string, number[]>();
  for (const { line, row } of rows)
    linesOfYear.set(yearKey(row), [...(linesOfYear.get(yearKey(row)) ?? []), line]);
  const firstOfMaker = new Map<string, ParsedRow>();
  const firstOfModel = new Map<string, ParsedRow>();
  const accepted: ParsedRow[] = [];
  for (const parsed of rows) {
    const { row, line } = parsed;
    const reasons: RowReason[] = [];
    const copies = linesOfYear.get(yearKey(row))!;
    if (copies.length > 1) reasons.push({ code: "duplicate", line: copies.find((other) => other !== line)! });
    const maker = firstOfMaker.get(row.manufacturer.slug);
    if (
      maker &&
      (maker.row.manufacturer.nameEn !== row.manufacturer.nameEn ||
        (maker.givenKo.manufacturer &&
          parsed.givenKo.manufacturer &&
          maker.row.manufacturer.nameKo !== row.manufacturer.nameKo))
    )
      reasons.push({ code: "manufacturer_inconsistent", line: maker.line });
    const model = firstOfModel.get(modelKey(row));
    if (
      model &&
      (model.row.model.nameEn !== row.model.nameEn ||
        model.row.model.category !== row.model.category ||
        (model.givenKo.model && parsed.givenKo.model && model.row.model.nameKo !== row.model.nameKo))
    )
      reasons.push({ code: "model_inconsistent", line: model.line });
    if (reasons.length > 0) {
      refused.push({ line, label: labelOf(row), reasons });
      continue;
    }
    if (!maker) firstOfMaker.set(row.manufacturer.slug, parsed);
    if (!model) firstOfModel.set(modelKey(row), parsed);
    accepted.push(parsed);
  }
  refused.sort((a, b) => a.line - b.line);
  return { layout, digest: importDigest(csvText, options.sourceUrl), rows: accepted, refused };
}

// --- Against the catalogue -----------------------------------------------------------------------------------------

interface Planned {
  row: CatalogueRow;
  line: number;
  outcome: "added" | "changed" | "unchanged";
  fields: ChangedField[];
}

/**
 * What each row would do to the catalogue as it stands, read without writing. A Korean name the file leaves out
 * is the one the catalogue already has (or the English name for a new entry), so an import of the bikez layout
 * never overwrites "혼다" with "Honda".
 */
async function planImport(source: DatabaseOrUnit, rows: ParsedRow[]): Promise<Planned[]> {
  const db = executor(source);
  const makerSlugs = [...new Set(rows.map(({ row }) => row.manufacturer.slug))];
  const makers =
    makerSlugs.length === 0
      ? []
      : await db
          .select()
          .from(motorcycleManufacturer)
          .where(inArray(motorcycleManufacturer.slug, makerSlugs));
  const makerBySlug = new Map(makers.map((maker) => [maker.slug, maker]));
  const models =
    makers.length === 0
      ? []
      : await db
          .select()
          .from(motorcycleModel)
          .where(
            inArray(
              motorcycleModel.manufacturerId,
              makers.map((maker) => maker.id),
            ),
          );
  const slugOfMaker = new Map(makers.map((maker) => [maker.id, maker.slug]));
  const modelByKey = new Map(
    models.map((model) => [`${slugOfMaker.get(model.manufacturerId)}/${model.slug}`, model]),
  );
  const years =
    models.length === 0
      ? []
      : await db
          .select()
          .from(motorcycle)
          .where(
            inArray(
              motorcycle.modelId,
              models.map((model) => model.id),
            ),
          );
  const yearByKey = new Map(years.map((year) => [`${year.modelId}/${year.modelYear}`, year]));

  // The Korean names each manufacturer and model gets: the file's, else the catalogue's, else the English one.
  const makerKo = new Map<string, string>();
  const modelKo = new Map<string, string>();
  for (const { row, givenKo } of rows) {
    if (givenKo.manufacturer) makerKo.set(row.manufacturer.slug, row.manufacturer.nameKo);
    if (givenKo.model) modelKo.set(modelKey(row), row.model.nameKo);
  }

  return rows.map(({ row: parsedRow, line }) => {
    const maker = makerBySlug.get(parsedRow.manufacturer.slug);
    const model = modelByKey.get(modelKey(parsedRow));
    const row: CatalogueRow = {
      ...parsedRow,
      manufacturer: {
        ...parsedRow.manufacturer,
        nameKo: makerKo.get(parsedRow.manufacturer.slug) ?? maker?.nameKo ?? parsedRow.manufacturer.nameEn,
      },
      model: {
        ...parsedRow.model,
        nameKo: modelKo.get(modelKey(parsedRow)) ?? model?.nameKo ?? parsedRow.model.nameEn,
      },
    };
    const existing = model && yearByKey.get(`${model.id}/${row.year}`);
    if (!existing) return { row, line, outcome: "added", fields: [] };
    const fields: ChangedField[] = [];
    if (maker && (maker.nameEn !== row.manufacturer.nameEn || maker.nameKo !== row.manufacturer.nameKo))
      fields.push("manufacturerName");
    if (model.nameEn !== row.model.nameEn || model.nameKo !== row.model.nameKo) fields.push("modelName");
    if (model.category !== row.model.category) fields.push("category");
    for (const field of specFields) if (existing[field] !== row.specs[field]) fields.push(field);
    if (existing.specUrl !== row.specUrl) fields.push("specUrl");
    return { row, line, outcome: fields.length > 0 ? "changed" : "unchanged", fields };
  });
}

function reportOf(parsed: ParsedFile, planned: Planned[]): ImportReport {
  const countOf = (outcome: Planned["outcome"]) => planned.filter((one) => one.outcome === outcome).length;
  return {
    layout: parsed.layout,
    digest: parsed.digest,
    added: countOf("added"),
    changed: countOf("changed"),
    unchanged: countOf("unchanged"),
    changes: planned
      .filter((one) => one.outcome === "changed")
      .map(({ row, line, fields }) => ({
        line,
        manufacturer: row.manufacturer.nameEn,
        model: row.model.nameEn,
        year: row.year,
        fields,
      })),
    refused: parsed.refused,
  };
}

const refused = () => importRefused("forbidden");

/** What importing the file would add, change, leave and refuse; nothing is written. */
export async function previewImport(
  db: Database,
  clock: Clock,
  actor: Actor,
  csvText: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  requirePermission(actor, "manage:site", refused);
  const parsed = parseImport(csvText, options, clock.now());
  return reportOf(parsed, await planImport(db, parsed.rows));
}

/**
 * Imports the file previewed as `previewedDigest` (a different text or source URL is refused: preview it first) in
 * one unit of work, and answers the same report as the preview. Only the rows that add or change something are
 * written, so a second run of the same file writes nothing and reports every row unchanged.
 */
export async function applyImport(
  db: Database,
  clock: Clock,
  actor: Actor,
  csvText: string,
  options: ImportOptions & { previewedDigest: string },
  from?: ActingFrom,
): Promise<ImportReport> {
  requirePermission(actor, "manage:site", refused);
  if (importDigest(csvText, options.sourceUrl) !== options.previewedDigest)
    throw importRefused("preview_mismatch");
  return runInTransaction(db, clock, async (uow) => {
    const parsed = parseImport(csvText, options, uow.now);
    const planned = await planImport(uow, parsed.rows);
    for (const one of planned) if (one.outcome !== "unchanged") await upsertModelYear(uow, one.row, "import");
    const report = reportOf(parsed, planned);
    await recordAdminAct(
      uow,
      actor,
      {
        action: "motorcycle.catalogue.import",
        subject: { kind: "catalogue_import", id: report.digest },
        after: {
          layout: report.layout,
          sourceUrl: options.sourceUrl ?? null,
          added: report.added,
          changed: report.changed,
          unchanged: report.unchanged,
          refused: report.refused.length,
        },
      },
      from,
    );
    return report;
  });
}

/** How many manufacturers, models and model years the catalogue holds, for the administrators' import page. */
export async function catalogueCounts(db: Database, actor: Actor) {
  requirePermission(actor, "manage:site", refused);
  const [[makers], [models], [years]] = await Promise.all([
    db.select({ n: count() }).from(motorcycleManufacturer),
    db.select({ n: count() }).from(motorcycleModel),
    db.select({ n: count() }).from(motorcycle),
  ]);
  return { manufacturers: makers!.n, models: models!.n, modelYears: years!.n };
}
