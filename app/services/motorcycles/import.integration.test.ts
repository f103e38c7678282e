import fs from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { motorcycle, motorcycleManufacturer, motorcycleModel } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { actorOf } from "#app/services/actor";
import { isDomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertTestCatalogue } from "#tests/setup/motorcycles";
import {
  applyImport,
  catalogueCounts,
  IMPORT_MAX_ROWS,
  importDigest,
  previewImport,
  type ImportOptions,
} from "./import.server";

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures", name), "utf8");
const ownCsv = fixture("motorcycle-import-own.csv");
const bikezCsv = fixture("motorcycle-import-bikez.csv");
const SOURCE = "https://bikez.com/";

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
const admin = actorOf({ id: "admin-1", role: "admin", twoFactorEnabled: true });
const adminWithoutTwoFactor = actorOf({ id: "admin-2", role: "admin", twoFactorEnabled: false });
const rider = actorOf({ id: "rider-1", role: "member", twoFactorEnabled: false });

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  await insertTestCatalogue(db, clock);
});

const preview = (text: string, options: ImportOptions = {}) => previewImport(db, clock, admin, text, options);
const apply = (text: string, options: ImportOptions = {}) =>
  applyImport(db, clock, admin, text, {
    ...options,
    previewedDigest: importDigest(text, options.sourceUrl),
  });

async function snapshot() {
  const years = await db.select().from(motorcycle).orderBy(motorcycle.id);
  const models = await db.select().from(motorcycleModel).orderBy(motorcycleModel.id);
  const makers = await db.select().from(motorcycleManufacturer).orderBy(motorcycleManufacturer.id);
  return { years, models, makers };
}

async function modelYear(makerSlug: string, modelSlug: string, year: number) {
  const [row] = await db
    .select({
      year: motorcycle,
      model: motorcycleModel,
      maker: motorcycleManufacturer,
    })
    .from(motorcycle)
    .innerJoin(motorcycleModel, eq(motorcycleModel.id, motorcycle.modelId))
    .innerJoin(motorcycleManufacturer, eq(motorcycleManufacturer.id, motorcycleModel.manufacturerId))
    .where(
      and(
        eq(motorcycleManufacturer.slug, makerSlug),
        eq(motorcycleModel.slug, modelSlug),
        eq(motorcycle.modelYear, year),
      ),
    );
  return row;
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isDomainError(error, "catalogue")) {
      const { params: _, ...details } = error.details;
      return { code: error.code, details };
    }
    throw error;
  }
  throw new Error("not refused");
}

describe("importing our own layout", () => {
  it("previews without writing, applies the same report, and reports everything unchanged the second time", async () => {
    const before = await snapshot();
    const report = await preview(ownCsv);
    expect(report).toMatchObject({ layout: "own", added: 3, changed: 0, unchanged: 1, changes: [] });
    expect(report.refused).toEqual([
      { line: 6, label: "CBR500R 2024", reasons: [{ code: "missing", column: "manufacturer" }] },
      { line: 7, label: "Honda CB500 Hornet 2024", reasons: [{ code: "seat_height_range" }] },
      { line: 8, label: "Suzuki GSX-8S", reasons: [{ code: "invalid", column: "year" }] },
      { line: 9, label: "Vespa GTS 300 2024", reasons: [{ code: "spec_url_invalid" }] },
      {
        line: 10,
        label: "BMW R 1300 GS 2024",
        reasons: [
          { code: "category_unknown", column: "category" },
          { code: "invalid", column: "traction_control" },
        ],
      },
    ]);
    // The dry run wrote nothing.
    expect(await snapshot()).toEqual(before);

    clock.advance(60_000);
    const applied = await apply(ownCsv);
    expect(applied).toEqual(report);
    const ninja = await modelYear("kawasaki", "ninja-650", 2024);
    expect(ninja).toMatchObject({
      maker: { nameEn: "Kawasaki", nameKo: "가와사키" },
      model: { nameEn: "Ninja 650", nameKo: "닌자 650", category: "sport" },
      year: {
        displacementCc: 649,
        peakPowerHp: 67.3,
        // Only hp was given: PS = hp / 0.98632, to 0.1.
        peakPowerPs: 68.2,
        transmission: "manual",
        gearCount: 6,
        abs: true,
        tractionControl: false,
        source: "import",
        specUrl: "https://www.kawasaki.com/en-us/motorcycle/ninja/sport/ninja-650",
      },
    });
    expect(await modelYear("yamaha", "nmax-125", 2024)).toMatchObject({
      year: { engineType: "4-stroke, SOHC, single", weightType: "wet", tankSizeL: 7.1 },
    });
    expect(await modelYear("royal-enfield", "classic-350", 2024)).toMatchObject({
      model: { category: "classic" },
      year: { cooling: "airOil", gearCount: 5 },
    });
    const afterApply = await snapshot();
    expect(afterApply.years).toHaveLength(before.years.length + 3);

    clock.advance(60_000);
    const again = await apply(ownCsv);
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 4, refused: report.refused });
    expect(await snapshot()).toEqual(afterApply);
  });

  it("shows a changed figure as changed, with the field, and applies it", async () => {
    const edited = ownCsv.replace(",780,184,wet,", ",781,184,wet,");
    const report = await preview(edited);
    expect(report).toMatchObject({ added: 0, changed: 1, unchanged: 3 });
    expect(report.changes).toEqual([
      { line: 2, manufacturer: "Honda", model: "Forza 350", year: 2023, fields: ["seatHeightMm"] },
    ]);
    expect((await modelYear("honda", "forza-350", 2023))!.year.seatHeightMm).toBe(780);
    clock.advance(60_000);
    expect(await apply(edited)).toEqual(report);
    expect((await modelYear("honda", "forza-350", 2023))!.year).toMatchObject({
      seatHeightMm: 781,
      updatedAt: clock.now(),
      // What first added it stays its source.
      source: "catalogue",
    });
    expect(await preview(edited)).toMatchObject({ added: 0, changed: 0, unchanged: 4 });
  });

  it("refuses every copy of a model year given twice, and a model named two ways", async () => {
    const lines = ownCsv.trim().split("\n");
    const header = lines[0]!;
    const nmax = lines[2]!;
    const duplicates = await preview([header, nmax, nmax.replace(",765,", ",766,")].join("\n"));
    expect(duplicates.refused).toEqual([
      { line: 2, label: "Yamaha NMAX 125 2024", reasons: [{ code: "duplicate", line: 3 }] },
      { line: 3, label: "Yamaha NMAX 125 2024", reasons: [{ code: "duplicate", line: 2 }] },
    ]);
    expect(duplicates).toMatchObject({ added: 0, changed: 0, unchanged: 0 });
    const renamed = nmax.replace(",2024,", ",2025,").replace("엔맥스 125", "N맥스 125");
    const report = await preview([header, nmax, renamed].join("\n"));
    expect(report.refused).toEqual([
      { line: 3, label: "Yamaha NMAX 125 2025", reasons: [{ code: "model_inconsistent", line: 2 }] },
    ]);
    expect(report).toMatchObject({ added: 0, changed: 0, unchanged: 1 });
  });
});

describe("importing the bikez-derived layout", () => {
  it("maps its columns, keeps the Korean names the catalogue has, and refuses implausible rows", async () => {
    const before = await snapshot();
    const report = await preview(bikezCsv, { sourceUrl: SOURCE });
    expect(report).toMatchObject({ layout: "bikez", added: 4, changed: 0, unchanged: 0 });
    expect(report.refused).toEqual([
      {
        line: 6,
        label: "Honda Monkey 2022",
        reasons: [{ code: "category_unknown", column: "Category" }],
      },
      { line: 7, label: "Ducati Panigale V4 2023", reasons: [{ code: "seat_height_range" }] },
      { line: 8, label: "Suzuki GSX-R1000 3025", reasons: [{ code: "year_range" }] },
    ]);
    expect(await snapshot()).toEqual(before);

    expect(await apply(bikezCsv, { sourceUrl: SOURCE })).toEqual(report);
    expect(await modelYear("honda", "pcx-125", 2021)).toMatchObject({
      // Honda and PCX 125 were in the catalogue: their Korean names stay.
      maker: { nameEn: "Honda", nameKo: "혼다" },
      model: { category: "scooter" },
      year: {
        displacementCc: 124.9,
        peakPowerHp: 12.3,
        peakPowerPs: 12.5,
        maxTorqueNm: 11.8,
        cylinderCount: 1,
        transmission: "cvt",
        gearCount: null,
        cooling: "liquid",
        abs: true,
        weightKg: null,
        weightType: null,
        seatHeightMm: 764,
        wheelBaseMm: 1313,
        tankSizeL: 8.1,
        frontTyre: "110/70-14",
        engineType: "four-stroke Single cylinder",
        specUrl: SOURCE,
        source: "import",
      },
    });
    expect(await modelYear("kawasaki", "z900", 2022)).toMatchObject({
      // A model the file brings first has no Korean name yet: the English one stands in.
      model: { nameEn: "Z900", nameKo: "Z900", category: "naked" },
      year: {
        cylinderCount: 4,
        transmission: "manual",
        gearCount: 6,
        frontSuspension: "41mm inverted fork, rebound damping",
      },
    });
    expect(await modelYear("kawasaki", "z900", 2022).then((row) => row!.maker.nameKo)).toBe("가와사키");
    expect(await modelYear("triumph", "bonneville-t120", 2021)).toMatchObject({
      // So has a manufacturer.
      maker: { nameKo: "Triumph" },
      model: { category: "classic" },
      year: { weightKg: 224, weightType: "dry", cylinderCount: 2, abs: null },
    });
    expect(await modelYear("harley-davidson", "street-glide", 2021)).toMatchObject({
      model: { category: "cruiser" },
      year: { cooling: "airOil", cylinderCount: 2, peakPowerPs: 94.3 },
    });
    expect(await preview(bikezCsv, { sourceUrl: SOURCE })).toMatchObject({
      added: 0,
      changed: 0,
      unchanged: 4,
    });
  });

  it("needs one https source URL for the whole file", async () => {
    expect(await refusal(() => preview(bikezCsv))).toMatchObject({ code: "source_url_required" });
    expect(await refusal(() => preview(bikezCsv, { sourceUrl: "http://bikez.com/" }))).toMatchObject({
      code: "source_url_invalid",
    });
    expect(await refusal(() => preview(bikezCsv, { sourceUrl: "bikez" }))).toMatchObject({
      code: "source_url_invalid",
    });
  });
});

describe("files the import refuses whole", () => {
  it("refuses an unknown layout, unknown columns, broken quoting, an empty, too large or too long file", async () => {
    expect(await refusal(() => preview("make,type,year\nHonda,PCX,2024\n"))).toMatchObject({
      code: "layout_unknown",
    });
    expect(
      await refusal(() =>
        preview("manufacturer,model,year,category,seat_heigth_mm\nHonda,PCX,2024,scooter,764\n"),
      ),
    ).toEqual({ code: "columns_unknown", details: { columns: "seat_heigth_mm" } });
    expect(
      await refusal(() => preview('manufacturer,model,year,category\n"Honda,PCX,2024,scooter\n')),
    ).toEqual({
      code: "unreadable",
      details: { line: 2 },
    });
    expect(await refusal(() => preview("manufacturer,model,year,category\n"))).toMatchObject({
      code: "empty",
    });
    expect(await refusal(() => preview(ownCsv.replace("Honda", "Honda\uFFFD")))).toMatchObject({
      code: "not_utf8",
    });
    const header = ownCsv.split("\n")[0]!;
    const row = ownCsv.split("\n")[2]!;
    expect(await refusal(() => preview(`${header}\n${row.padEnd(2 * 1024 * 1024 + 1, " ")}`))).toMatchObject({
      code: "too_large",
    });
    const long = [header, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => row)].join("\n");
    expect(await refusal(() => preview(long))).toMatchObject({ code: "too_many_rows" });
  });

  it("applies only the content that was previewed", async () => {
    const before = await snapshot();
    const digest = importDigest(ownCsv);
    const other = ownCsv.replace(",2024,https://www.kawasaki", ",2025,https://www.kawasaki");
    expect(
      await refusal(() => applyImport(db, clock, admin, other, { previewedDigest: digest })),
    ).toMatchObject({ code: "preview_mismatch" });
    // The same text with the line ends a browser form sends is the same content.
    expect(importDigest(ownCsv.replace(/\n/g, "\r\n"))).toBe(digest);
    expect(await snapshot()).toEqual(before);
  });

  it("is for administrators with two-step verification only", async () => {
    const before = await snapshot();
    for (const actor of [rider, adminWithoutTwoFactor]) {
      expect(await refusal(() => previewImport(db, clock, actor, ownCsv))).toMatchObject({
        code: "forbidden",
      });
      expect(
        await refusal(() =>
          applyImport(db, clock, actor, ownCsv.replace("Forza 350", "Forza 350 X"), {
            previewedDigest: importDigest(ownCsv.replace("Forza 350", "Forza 350 X")),
          }),
        ),
      ).toMatchObject({ code: "forbidden" });
      expect(await refusal(() => catalogueCounts(db, actor))).toMatchObject({ code: "forbidden" });
    }
    expect(await snapshot()).toEqual(before);
    const [years] = await db.select({ n: count() }).from(motorcycle);
    expect((await catalogueCounts(db, admin)).modelYears).toBe(years!.n);
  });
});
