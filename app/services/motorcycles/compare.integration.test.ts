import type { Logger } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { FixedClock } from "#app/platform/clock.server";
import { insertMember } from "#tests/setup/members";
import { insertModelListing, insertRatedReview } from "#tests/setup/model-reviews";
import { insertMotorcycle, insertTestCatalogue, testCatalogue } from "#tests/setup/motorcycles";
import { createTestDatabase } from "#tests/setup/database";
import { seedBoardCategories } from "#app/services/board/articles.server";
import { seedReferenceData } from "#app/services/reference/seed.server";
import {
  addToSelection,
  betterColumns,
  COMPARE_MAX,
  loadComparison,
  parseSelection,
  readSelection,
} from "./compare.server";
import { askingPrices } from "./market-prices.server";
import { modelRatings } from "./ratings.server";

/** Every statement the app's queries send while `counting` is on. */
const sent: string[] = [];
let counting = false;
const logger: Logger = {
  logQuery(query) {
    if (counting) sent.push(query);
  },
};

let db: Database;
const clock = new FixedClock(new Date("2026-05-01T03:00:00.000Z"));
let bikes: Awaited<ReturnType<typeof insertTestCatalogue>>;
beforeAll(async () => {
  ({ db } = await createTestDatabase(logger));
  await seedReferenceData(db, clock);
  await seedBoardCategories(db, clock);
  bikes = await insertTestCatalogue(db, clock);
});

async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  sent.length = 0;
  counting = true;
  try {
    const result = await work();
    return { result, statements: sent.length };
  } finally {
    counting = false;
  }
}

describe("the selection in the address", () => {
  it("reads up to three ids, in order, without repeats", () => {
    expect(parseSelection("3,1,2")).toEqual({ ids: [3, 1, 2], problem: null });
    expect(parseSelection(" 5 , 5,7,")).toEqual({ ids: [5, 7], problem: null });
    expect(parseSelection(null)).toEqual({ ids: [], problem: null });
    expect(parseSelection("")).toEqual({ ids: [], problem: null });
  });

  it("keeps the first three of more and says so", () => {
    expect(COMPARE_MAX).toBe(3);
    expect(parseSelection("1,2,3,4")).toEqual({ ids: [1, 2, 3], problem: "tooMany" });
  });

  it("leaves out values that are not ids and says so", () => {
    expect(parseSelection("1,abc,-2,0,2.5,3")).toEqual({ ids: [1, 3], problem: "malformed" });
    expect(parseSelection("99999999999999")).toEqual({ ids: [], problem: "malformed" });
  });

  it("refuses a fourth model year and adds a chosen one only once", () => {
    expect(addToSelection([1, 2], 3)).toEqual({ ids: [1, 2, 3], problem: null });
    expect(addToSelection([1, 2, 3], 4)).toEqual({ ids: [1, 2, 3], problem: "full" });
    expect(addToSelection([1, 2, 3], 2)).toEqual({ ids: [1, 2, 3], problem: null });
  });

  it("names the chosen model years and the ids the catalogue does not have", async () => {
    const { items, unknownIds } = await readSelection(db, [bikes.mt07.id, 999_999, bikes.forza350.id]);
    expect(items.map((item) => [item.motorcycleId, item.nameKo, item.year])).toEqual([
      [bikes.mt07.id, "MT-07", 2024],
      [bikes.forza350.id, "포르자 350", 2023],
    ]);
    expect(items[1]).toMatchObject({ manufacturer: { slug: "honda", nameKo: "혼다" }, category: "scooter" });
    expect(unknownIds).toEqual([999_999]);
  });
});

describe("the better value", () => {
  it("marks the highest where more is better, ties included", () => {
    expect(betterColumns([28.8, 12.3, 28.8], "higher")).toEqual([0, 2]);
    expect(betterColumns([11.5, null, 14], "higher")).toEqual([2]);
  });

  it("marks nobody when all are equal or only one value is known", () => {
    expect(betterColumns([31.5, 31.5], "higher")).toEqual([]);
    expect(betterColumns([null, 12, null], "higher")).toEqual([]);
  });

  it("marks a fitted safety aid against a missing one, never a missing one", () => {
    expect(betterColumns([true, false, null], "present")).toEqual([0]);
    expect(betterColumns([false, false], "present")).toEqual([]);
  });
});

describe("owner ratings of a model", () => {
  it("averages each of the nine ratings over the model's reviews of every year, deleted ones left out", async () => {
    const bike = await insertMotorcycle(db, clock, {
      ...testCatalogue.pcx125,
      model: { ...testCatalogue.pcx125.model, slug: "pcx-160", nameEn: "PCX 160", nameKo: "PCX 160" },
    });
    const older = await insertMotorcycle(db, clock, {
      ...testCatalogue.pcx125,
      model: { ...testCatalogue.pcx125.model, slug: "pcx-160", nameEn: "PCX 160", nameKo: "PCX 160" },
      year: 2021,
    });
    expect(older.modelId).toBe(bike.modelId);
    const [a, b, c] = [await insertMember(db), await insertMember(db), await insertMember(db)];
    await insertRatedReview(db, clock, a.id, bike, { ratings: { performance: 8, braking: 6 } });
    await insertRatedReview(db, clock, b.id, older, { ratings: { performance: 9, braking: 9 } });
    await insertRatedReview(db, clock, c.id, bike, {
      ratings: { performance: 1, braking: 1 },
      deleted: true,
    });

    const summary = (await modelRatings(db, [bike.modelId])).get(bike.modelId)!;
    expect(summary.count).toBe(2);
    expect(summary.averages).toMatchObject({ performance: 8.5, braking: 7.5, engine: 7, value: 7 });
    expect(summary.overall).toBeCloseTo((7 * 7 + 8 + 6 + 7 * 7 + 9 + 9) / 18, 1);
  });

  it("answers 'no reviews' for a model nobody reviewed", async () => {
    const summary = (await modelRatings(db, [bikes.xmax300.modelId])).get(bikes.xmax300.modelId);
    expect(summary).toEqual({ count: 0, averages: null, overall: null });
  });
});

describe("asking prices of a model", () => {
  it("takes the median of current listings of any year, leaving out sold, deleted and free ones", async () => {
    const bike = await insertMotorcycle(db, clock, {
      ...testCatalogue.xmax300,
      model: { ...testCatalogue.xmax300.model, slug: "tmax-560", nameEn: "TMAX 560", nameKo: "티맥스 560" },
    });
    const older = await insertMotorcycle(db, clock, {
      ...testCatalogue.xmax300,
      model: { ...testCatalogue.xmax300.model, slug: "tmax-560", nameEn: "TMAX 560", nameKo: "티맥스 560" },
      year: 2020,
    });
    const list = async (motorcycleId: number, price: number, extra: object = {}) =>
      insertModelListing(db, clock, await insertMember(db), motorcycleId, { price, ...extra });
    await list(bike.id, 9_000_000);
    await list(older.id, 7_000_000, { status: "reserved" });
    await list(bike.id, 8_000_000);
    await list(bike.id, 1_000_000, { status: "soldOut" });
    await list(bike.id, 2_000_000, { deleted: true });
    await list(bike.id, 0);

    expect((await askingPrices(db, [bike.modelId])).get(bike.modelId)).toEqual({
      median: 8_000_000,
      count: 3,
    });
    await list(older.id, 10_000_000);
    expect((await askingPrices(db, [bike.modelId])).get(bike.modelId)).toEqual({
      median: 8_500_000,
      count: 4,
    });
  });

  it("has no price for a model without current listings", async () => {
    expect((await askingPrices(db, [bikes.mt07.modelId])).has(bikes.mt07.modelId)).toBe(false);
  });
});

describe("a comparison", () => {
  it("puts the chosen model years side by side with ratings, prices and the better values", async () => {
    const reviewer = await insertMember(db);
    await insertRatedReview(db, clock, reviewer.id, bikes.forza350, { ratings: { performance: 9 } });
    await insertModelListing(db, clock, await insertMember(db), bikes.forza350.id, { price: 6_500_000 });

    const { columns, better, unknownIds } = await loadComparison(db, [
      bikes.forza350.id,
      bikes.pcx125.id,
      bikes.mt07.id,
    ]);
    expect(unknownIds).toEqual([]);
    expect(columns.map((column) => column.nameEn)).toEqual(["Forza 350", "PCX 125", "MT-07"]);
    expect(columns[0]).toMatchObject({
      year: 2023,
      specUrl: testCatalogue.forza350.specUrl,
      specs: testCatalogue.forza350.specs,
      ratings: { count: 1, averages: { performance: 9, braking: 7 } },
      askingPrice: { median: 6_500_000, count: 1 },
    });
    expect(columns[1]).toMatchObject({ ratings: { count: 0, averages: null }, askingPrice: null });
    // More power, torque and tank mark the MT-07; the scooters' traction control marks them; nobody is marked on
    // seat height, weight or displacement.
    expect(better).toMatchObject({
      peakPowerHp: [2],
      peakPowerPs: [2],
      maxTorqueNm: [2],
      tankSizeL: [2],
      tractionControl: [0],
    });
    expect(better.abs).toBeUndefined();
    expect(better.seatHeightMm).toBeUndefined();
    expect(better.weightKg).toBeUndefined();
    expect(better.displacementCc).toBeUndefined();
    // Only one column has reviews: no rating is "better" than a missing one.
    expect(better["rating.performance"]).toBeUndefined();
  });

  it("reads every column with three statements, whatever the number of columns", async () => {
    const one = await statementsOf(() => loadComparison(db, [bikes.forza350.id]));
    const three = await statementsOf(() =>
      loadComparison(db, [bikes.forza350.id, bikes.xmax300.id, bikes.mt07.id]),
    );
    expect(three.result.columns).toHaveLength(3);
    expect(one.statements).toBe(3);
    expect(three.statements).toBe(3);
    const none = await statementsOf(() => loadComparison(db, []));
    expect(none).toEqual({ result: { columns: [], unknownIds: [], better: {} }, statements: 0 });
  });

  it("leaves out and reports model years the catalogue does not have", async () => {
    const { columns, unknownIds } = await loadComparison(db, [bikes.pcx125.id, 987_654]);
    expect(columns.map((column) => column.motorcycleId)).toEqual([bikes.pcx125.id]);
    expect(unknownIds).toEqual([987_654]);
  });
});
