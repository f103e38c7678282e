import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { motorcycle, motorcycleModel } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertTestCatalogue, testCatalogue } from "#tests/setup/motorcycles";
import { modelSearchText, slugOf } from "./catalogue-row";
import { upsertModelYear } from "./catalogue.server";
import { findModelYear, searchModels } from "./search.server";

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

describe("the catalogue's write path", () => {
  it("adds a model year once, then reports it unchanged, then changed when a figure differs", async () => {
    const row = testCatalogue.forza350;
    const first = await runInTransaction(db, clock, (uow) => upsertModelYear(uow, row, "catalogue"));
    expect(first.outcome).toBe("added");
    const again = await runInTransaction(db, clock, (uow) => upsertModelYear(uow, row, "import"));
    expect(again).toEqual({ ...first, outcome: "unchanged" });
    const changed = await runInTransaction(db, clock, (uow) =>
      upsertModelYear(uow, { ...row, specs: { ...row.specs, seatHeightMm: 781 } }, "import"),
    );
    expect(changed).toEqual({ ...first, outcome: "changed" });
    const [stored] = await db.select().from(motorcycle).where(eq(motorcycle.id, first.id));
    expect(stored).toMatchObject({ seatHeightMm: 781, source: "catalogue", modelYear: 2023 });
    const models = await db.select().from(motorcycleModel).where(eq(motorcycleModel.slug, "forza-350"));
    expect(models).toHaveLength(1);
  });

  it("makes search text of both languages, with and without spaces, and URL-safe slugs", () => {
    const text = modelSearchText(testCatalogue.forza350.manufacturer, testCatalogue.forza350.model);
    expect(text).toContain("포르자 350");
    expect(text).toContain("포르자350");
    expect(text).toContain("forza350");
    expect(text).toContain("혼다");
    expect(slugOf("Harley-Davidson")).toBe("harley-davidson");
    expect(slugOf(" Forza 350 ")).toBe("forza-350");
    expect(slugOf("R 1250 GS Adventure")).toBe("r-1250-gs-adventure");
  });
});

describe("model search", () => {
  it("finds models by partial Korean or English words, by manufacturer and by year", async () => {
    const ids = await insertTestCatalogue(db, clock);
    const names = async (query: Parameters<typeof searchModels>[1]) =>
      (await searchModels(db, query)).map((model) => model.nameEn);
    expect(await names({ query: "포르자" })).toEqual(["Forza 350"]);
    expect(await names({ query: "FORZA" })).toEqual(["Forza 350"]);
    expect(await names({ query: "혼다 350" })).toEqual(["Forza 350"]);
    expect(await names({ query: "forza350" })).toEqual(["Forza 350"]);
    expect(await names({ query: "야마하" })).toEqual(["MT-07", "XMAX 300"]);
    expect(await names({ manufacturerSlug: "honda" })).toEqual(["Forza 350", "PCX 125"]);
    expect(await names({ query: "max", year: 2023 })).toEqual(["XMAX 300"]);
    expect(await names({ query: "max", year: 2019 })).toEqual([]);
    expect(await names({ query: "100%" })).toEqual([]);
    const [forza] = await searchModels(db, { query: "포르자" });
    expect(forza!.years).toEqual([{ id: ids.forza350.id, year: 2023 }]);
    expect(await findModelYear(db, ids.mt07.id)).toMatchObject({
      year: 2024,
      nameKo: "MT-07",
      manufacturerKo: "야마하",
    });
  });
});
