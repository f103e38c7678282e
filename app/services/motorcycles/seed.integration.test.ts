import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server";
import { motorcycle, motorcycleManufacturer, motorcycleModel, seedState } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { testCatalogue } from "#tests/setup/motorcycles";
import type { CatalogueRow } from "./catalogue-row";
import * as catalogue from "./catalogue.server";
import { CATALOGUE_SEED, catalogueChecksum, seedCatalogue } from "./seed.server";

// Counted, still writing: the second start must not reach the write path at all.
vi.mock("./catalogue.server", async (importOriginal) => {
  const actual = await importOriginal<typeof catalogue>();
  return { ...actual, upsertModelYear: vi.fn(actual.upsertModelYear) };
});

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
const rows: CatalogueRow[] = [testCatalogue.forza350, testCatalogue.pcx125, testCatalogue.mt07];

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

async function counts() {
  const [makers] = await db.select({ n: count() }).from(motorcycleManufacturer);
  const [models] = await db.select({ n: count() }).from(motorcycleModel);
  const [years] = await db.select({ n: count() }).from(motorcycle);
  return { manufacturers: makers!.n, models: models!.n, years: years!.n };
}

async function stored() {
  return db
    .select({ id: motorcycle.id, updatedAt: motorcycle.updatedAt, seatHeightMm: motorcycle.seatHeightMm })
    .from(motorcycle)
    .orderBy(motorcycle.id);
}

async function state() {
  const [row] = await db.select().from(seedState).where(eq(seedState.name, CATALOGUE_SEED));
  return row;
}

describe("seeding the shipped catalogue at start", () => {
  it("writes the rows once, skips an unchanged data file, and applies a changed figure on the next start", async () => {
    const upsert = vi.mocked(catalogue.upsertModelYear);
    const first = await seedCatalogue(db, clock, rows);
    expect(first).toEqual({ skipped: false, added: 3, changed: 0, unchanged: 0 });
    expect(await counts()).toEqual({ manufacturers: 2, models: 3, years: 3 });
    expect(upsert).toHaveBeenCalledTimes(3);
    expect(await state()).toEqual({
      name: CATALOGUE_SEED,
      checksum: catalogueChecksum(rows),
      appliedAt: clock.now(),
    });
    const before = await stored();

    // A later start with the same data: one read, no write.
    clock.advance(60_000);
    upsert.mockClear();
    // The same rows built again (other objects, keys in another order) are the same data.
    const rebuilt = rows.map(({ specs, year, specUrl, model, manufacturer }) => ({
      specUrl,
      specs: { ...specs },
      year,
      model: { ...model },
      manufacturer: { ...manufacturer },
    }));
    expect(await seedCatalogue(db, clock, rebuilt)).toEqual({ skipped: true });
    expect(upsert).not.toHaveBeenCalled();
    expect(await counts()).toEqual({ manufacturers: 2, models: 3, years: 3 });
    expect(await stored()).toEqual(before);
    expect((await state())!.appliedAt).toEqual(new Date("2026-03-02T01:00:00Z"));

    // The data file corrects one figure: that model year changes, the others stay as they were.
    clock.advance(60_000);
    const corrected = [rows[0]!, { ...rows[1]!, specs: { ...rows[1]!.specs, seatHeightMm: 765 } }, rows[2]!];
    expect(await seedCatalogue(db, clock, corrected)).toEqual({
      skipped: false,
      added: 0,
      changed: 1,
      unchanged: 2,
    });
    const after = await stored();
    expect(after[1]).toEqual({ id: before[1]!.id, seatHeightMm: 765, updatedAt: clock.now() });
    expect(after[0]).toEqual(before[0]);
    expect(after[2]).toEqual(before[2]);
    expect(await state()).toMatchObject({ checksum: catalogueChecksum(corrected), appliedAt: clock.now() });
    expect(await counts()).toEqual({ manufacturers: 2, models: 3, years: 3 });
  });

  it("never deletes a model year the data file no longer has", async () => {
    clock.advance(60_000);
    const result = await seedCatalogue(db, clock, [testCatalogue.xmax300]);
    expect(result).toEqual({ skipped: false, added: 1, changed: 0, unchanged: 0 });
    expect(await counts()).toEqual({ manufacturers: 2, models: 4, years: 4 });
  });

  it("gives different checksums to different data and the same to equal data", () => {
    expect(catalogueChecksum(rows)).toBe(catalogueChecksum(structuredClone(rows)));
    expect(catalogueChecksum(rows)).not.toBe(catalogueChecksum([...rows].reverse()));
    expect(catalogueChecksum(rows)).toMatch(/^[0-9a-f]{64}$/);
  });
});
