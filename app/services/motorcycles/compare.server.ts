import { eq, inArray } from "drizzle-orm";
import {
  motorcycle,
  motorcycleManufacturer,
  motorcycleModel,
  reviewRatingItems,
  type MotorcycleCategory,
  type ReviewRatingItem,
} from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { specFields, type MotorcycleSpecs } from "./catalogue-row";
import { COMPARE_MAX } from "./compare-selection";
import { askingPrices, type AskingPrice } from "./market-prices.server";
import { modelRatings, noRatings, type RatingSummary } from "./ratings.server";

/**
 * Spec comparison: up to three model years side by side, the selection kept in the address (`?ids=1,2,3`) so that
 * a comparison can be shared and reloaded. The limit is checked here, whatever the address says.
 */

export { addToSelection, COMPARE_MAX, parseSelection, type SelectionProblem } from "./compare-selection";

/** A chosen model year as the selection and the comparison's column heads show it. */
export interface SelectedModelYear {
  motorcycleId: number;
  modelId: number;
  year: number;
  nameKo: string;
  nameEn: string;
  category: MotorcycleCategory;
  manufacturer: { slug: string; nameKo: string; nameEn: string };
  specUrl: string;
}

export interface CompareColumn extends SelectedModelYear {
  specs: MotorcycleSpecs;
  /** The model's owner ratings (every model year of it together). */
  ratings: RatingSummary;
  /** The median asking price of the model's current listings; null when none. */
  askingPrice: AskingPrice | null;
}

/** The published figures of a model-year row. */
export function specsOf(row: MotorcycleSpecs): MotorcycleSpecs {
  return Object.fromEntries(specFields.map((field) => [field, row[field]])) as unknown as MotorcycleSpecs;
}

/** The model years of a selection with their figures, in the selection's order, in one statement. */
async function readModelYears(source: DatabaseOrUnit, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await executor(source)
    .select({
      row: motorcycle,
      nameKo: motorcycleModel.nameKo,
      nameEn: motorcycleModel.nameEn,
      category: motorcycleModel.category,
      manufacturerSlug: motorcycleManufacturer.slug,
      manufacturerKo: motorcycleManufacturer.nameKo,
      manufacturerEn: motorcycleManufacturer.nameEn,
    })
    .from(motorcycle)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(inArray(motorcycle.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.row.id, row]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const { row } = found;
    return [
      {
        motorcycleId: row.id,
        modelId: row.modelId,
        year: row.modelYear,
        nameKo: found.nameKo,
        nameEn: found.nameEn,
        category: found.category,
        manufacturer: {
          slug: found.manufacturerSlug,
          nameKo: found.manufacturerKo,
          nameEn: found.manufacturerEn,
        },
        specUrl: row.specUrl,
        specs: specsOf(row),
      },
    ];
  });
}

/** The chosen model years (names only) and the ids the catalogue does not have. One statement. */
export async function readSelection(
  source: DatabaseOrUnit,
  ids: readonly number[],
): Promise<{ items: SelectedModelYear[]; unknownIds: number[] }> {
  const found = await readModelYears(source, ids);
  return {
    items: found.map(({ specs: _specs, ...item }) => item),
    unknownIds: ids.filter((id) => !found.some((item) => item.motorcycleId === id)),
  };
}

/** Which way a row's value is better, where one is (see `betterWay`). */
type BetterWay = "higher" | "present";

/**
 * The figures where one value is better for (almost) every rider, and which way:
 * - power (hp, PS) and torque: more is more performance at every speed;
 * - tank size: a bigger tank rides further between fill-ups;
 * - ABS and traction control: a safety aid fitted beats one missing.
 * No "better" on the others: displacement is a class (licence, tax and insurance follow it), not an advantage; seat
 * height suits a rider's inseam, not a direction; weight is lighter-in-town and steadier-on-the-motorway, and a dry
 * figure cannot be set against a wet one; wheelbase trades agility for stability; cylinder and gear counts, cooling,
 * transmission, tyres, suspensions and lighting are characters, not ranks.
 */
const betterWay: Partial<Record<keyof MotorcycleSpecs, BetterWay>> = {
  peakPowerHp: "higher",
  peakPowerPs: "higher",
  maxTorqueNm: "higher",
  tankSizeL: "higher",
  abs: "present",
  tractionControl: "present",
};

/**
 * The columns holding the better value of a row: only when at least two columns have a value and they differ (a row
 * where everybody is equal, or only one is known, marks nobody).
 */
export function betterColumns(values: readonly (number | boolean | null)[], way: BetterWay): number[] {
  const known = values.flatMap((value, index) => (value === null ? [] : [{ value: Number(value), index }]));
  if (known.length < 2) return [];
  const best = Math.max(...known.map((entry) => entry.value));
  if (known.every((entry) => entry.value === best)) return [];
  if (way === "present" && best !== 1) return [];
  return known.filter((entry) => entry.value === best).map((entry) => entry.index);
}

/** A row's key in `better`: a spec field, or `rating.<item>` / `rating.overall` (higher ratings are better). */
type BetterKey = keyof MotorcycleSpecs | `rating.${ReviewRatingItem | "overall"}`;

export interface Comparison {
  columns: CompareColumn[];
  /** Ids of the selection the catalogue does not have (left out of the columns). */
  unknownIds: number[];
  /** For each row with a better value, the indexes of the columns holding it. */
  better: Partial<Record<BetterKey, number[]>>;
}

/**
 * The comparison of a selection (at most COMPARE_MAX ids, see `parseSelection`): the model years with every figure,
 * their models' owner ratings and median asking prices. Three statements whatever the number of columns.
 */
export async function loadComparison(source: DatabaseOrUnit, ids: readonly number[]): Promise<Comparison> {
  const chosen = await readModelYears(source, ids.slice(0, COMPARE_MAX));
  const modelIds = [...new Set(chosen.map((item) => item.modelId))];
  const [ratings, prices] =
    modelIds.length === 0
      ? [new Map<number, RatingSummary>(), new Map<number, AskingPrice>()]
      : await Promise.all([modelRatings(source, modelIds), askingPrices(source, modelIds)]);
  const columns: CompareColumn[] = chosen.map((item) => ({
    ...item,
    ratings: ratings.get(item.modelId) ?? noRatings,
    askingPrice: prices.get(item.modelId) ?? null,
  }));
  const better: Partial<Record<BetterKey, number[]>> = {};
  for (const [field, way] of Object.entries(betterWay) as [keyof MotorcycleSpecs, BetterWay][]) {
    const marked = betterColumns(
      columns.map((column) => column.specs[field] as number | boolean | null),
      way,
    );
    if (marked.length) better[field] = marked;
  }
  for (const item of [...reviewRatingItems, "overall"] as const) {
    const marked = betterColumns(
      columns.map((column) =>
        item === "overall" ? column.ratings.overall : (column.ratings.averages?.[item] ?? null),
      ),
      "higher",
    );
    if (marked.length) better[`rating.${item}`] = marked;
  }
  return {
    columns,
    unknownIds: ids.filter((id) => !chosen.some((item) => item.motorcycleId === id)),
    better,
  };
}
