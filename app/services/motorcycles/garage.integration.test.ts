import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { garageBike } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { jpeg } from "#app/services/uploads/test-images";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { insertTestCatalogue, testCatalogue } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import { addBike, currentMonth, garageOf, ownedModelIds, removeBike, updateBike } from "./garage.server";
import { garageSchema } from "./garage.schema";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import { parseWithZod } from "@conform-to/zod/v4";

let runtime: Runtime;
const clock = new FixedClock(new Date("2026-11-20T03:00:00Z"));
let catalogue: Awaited<ReturnType<typeof insertTestCatalogue>>;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  catalogue = await insertTestCatalogue(runtime.db, clock);
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const bike = async (id: number) =>
  (await runtime.db.select().from(garageBike).where(eq(garageBike.id, id)))[0]!;

/** A schema's refusals of a submission, field by field (none when it passed). */
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "error" ? (submission.error ?? undefined) : undefined;

describe("the garage form's schema", () => {
  const parse = (fields: Record<string, string>) =>
    parseWithZod(new URLSearchParams(fields), { schema: garageSchema("2026-11") });

  it("reads a month not after this one and an optional odometer", () => {
    const parsed = parse({ intent: "add", motorcycleId: "3", ownedSince: "2024-03", odometerKm: "12000" });
    expect(parsed.status === "success" ? parsed.value : errorsOf(parsed)).toMatchObject({
      motorcycleId: 3,
      ownedSince: "2024-03",
      odometerKm: 12000,
    });
    const plain = parse({ intent: "add", motorcycleId: "3", ownedSince: "2026-11" });
    expect(plain.status === "success" ? plain.value : "refused").toMatchObject({ odometerKm: null });
  });

  it.each([
    ["ownedSince", "2026-12", "garage.error.owned_since_future"],
    ["ownedSince", "2024-13", "garage.error.owned_since_invalid"],
    ["ownedSince", "1899-12", "garage.error.owned_since_invalid"],
    ["odometerKm", "1000000", "garage.error.odometer_invalid"],
    ["odometerKm", "-5", "garage.error.odometer_invalid"],
    ["odometerKm", "1e3", "garage.error.odometer_invalid"],
    ["motorcycleId", "", "garage.error.model_year_not_found"],
  ])("refuses %s %j", (field, value, message) => {
    const parsed = parse({ intent: "add", motorcycleId: "3", ownedSince: "2024-03", [field]: value });
    expect(errorsOf(parsed)?.[field]).toEqual([message]);
  });
});

describe("a rider's garage", () => {
  it("adds model years with month, odometer and photo, lists them with names, and badges owned models", async () => {
    const rider = await insertMember(runtime.db);
    const other = await insertMember(runtime.db);
    const first = await addBike(
      runtime,
      rider,
      { motorcycleId: catalogue.forza350.id, ownedSince: "2024-03", odometerKm: 12_000 },
      { body: await jpeg(800, 600), declaredType: "image/jpeg" },
    );
    await addBike(runtime, rider, {
      motorcycleId: catalogue.mt07.id,
      ownedSince: "2026-11",
      odometerKm: null,
    });
    await addBike(runtime, other, {
      motorcycleId: catalogue.pcx125.id,
      ownedSince: "2020-01",
      odometerKm: 0,
    });

    const garage = await garageOf(runtime.db, rider.id);
    expect(garage).toMatchObject([
      {
        id: first.id,
        motorcycleId: catalogue.forza350.id,
        modelId: catalogue.forza350.modelId,
        year: 2023,
        nameKo: "포르자 350",
        manufacturerEn: "Honda",
        ownedSince: "2024-03-01",
        odometerKm: 12_000,
      },
      { motorcycleId: catalogue.mt07.id, ownedSince: "2026-11-01", odometerKm: null, photo: null },
    ]);
    const photo = garage[0]!.photo!;
    expect(photo.thumbnailUrl).toMatch(/\.thumb\.webp$/);
    const key = photo.url.split("/uploads/").at(-1) ?? photo.url;
    expect(key).toMatch(/^post\//);

    const owned = await ownedModelIds(runtime.db, [rider.id, other.id, "nobody"]);
    expect(owned.get(rider.id)).toEqual(new Set([catalogue.forza350.modelId, catalogue.mt07.modelId]));
    expect(owned.get(other.id)).toEqual(new Set([catalogue.pcx125.modelId]));
    expect(owned.has("nobody")).toBe(false);
    expect(await ownedModelIds(runtime.db, [])).toEqual(new Map());
  });

  it("refuses a model year twice, one the catalogue lacks, a future month and a wrong odometer", async () => {
    const rider = await insertMember(runtime.db);
    const add = (input: Partial<Parameters<typeof addBike>[2]>) =>
      outcome(
        addBike(runtime, rider, {
          motorcycleId: catalogue.xmax300.id,
          ownedSince: "2025-05",
          odometerKm: null,
          ...input,
        }),
      );
    expect(await add({})).toBe("ok");
    expect(await add({})).toBe("garage.bike_exists");
    expect(await add({ motorcycleId: 999_999 })).toBe("garage.model_year_not_found");
    expect(await add({ motorcycleId: catalogue.pcx125.id, ownedSince: "2026-12" })).toBe(
      "garage.owned_since_future",
    );
    expect(await add({ motorcycleId: catalogue.pcx125.id, ownedSince: "March" })).toBe(
      "garage.owned_since_invalid",
    );
    expect(await add({ motorcycleId: catalogue.pcx125.id, odometerKm: 1_000_000 })).toBe(
      "garage.odometer_invalid",
    );
    expect(await add({ motorcycleId: catalogue.pcx125.id, odometerKm: -1 })).toBe("garage.odometer_invalid");
    expect(await garageOf(runtime.db, rider.id)).toHaveLength(1);
  });

  it("holds at most 10 motorcycles, also under concurrent additions", { tags: ["concurrency"] }, async () => {
    const rider = await insertMember(runtime.db);
    const years = [];
    for (let year = 2010; year < 2022; year += 1) {
      years.push(await insertMotorcycle(runtime.db, clock, { ...testCatalogue.pcx125, year }));
    }
    const results = await Promise.all(
      years.map((year) =>
        outcome(addBike(runtime, rider, { motorcycleId: year.id, ownedSince: "2024-01", odometerKm: null })),
      ),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(10);
    expect(results.filter((result) => result === "garage.bike_limit")).toHaveLength(2);
    expect(await garageOf(runtime.db, rider.id)).toHaveLength(10);
    // Taking one out makes room again (for a model year that was left out).
    const held = new Set((await garageOf(runtime.db, rider.id)).map((row) => row.motorcycleId));
    const left = years.find((year) => !held.has(year.id))!;
    const [oldest] = await garageOf(runtime.db, rider.id);
    await removeBike(runtime.db, clock, rider, oldest!.id);
    expect(
      await outcome(
        addBike(runtime, rider, { motorcycleId: left.id, ownedSince: "2025-01", odometerKm: null }),
      ),
    ).toBe("ok");
  });

  it("lets only the owner change or remove a bike", async () => {
    const rider = await insertMember(runtime.db);
    const other = await insertMember(runtime.db);
    const admin = await insertAdmin(runtime.db);
    const { id } = await addBike(runtime, rider, {
      motorcycleId: catalogue.mt07.id,
      ownedSince: "2025-05",
      odometerKm: 100,
    });
    for (const stranger of [other, admin]) {
      expect(await outcome(updateBike(runtime, stranger, id, { ownedSince: "2025-01", odometerKm: 5 }))).toBe(
        "garage.bike_not_found",
      );
      expect(await outcome(removeBike(runtime.db, clock, stranger, id))).toBe("garage.bike_not_found");
    }
    expect(await bike(id)).toMatchObject({ ownedSince: "2025-05-01", odometerKm: 100, deletedAt: null });

    await updateBike(
      runtime,
      rider,
      id,
      { ownedSince: "2025-01", odometerKm: 2_500 },
      { body: await jpeg(400, 400), declaredType: "image/jpeg" },
    );
    expect(await bike(id)).toMatchObject({ ownedSince: "2025-01-01", odometerKm: 2_500 });
    expect((await bike(id)).photo?.url).toBeTruthy();
    // Without a new photo, the photo stays unless it is removed.
    await updateBike(runtime, rider, id, { ownedSince: "2025-01", odometerKm: 2_600 });
    expect((await bike(id)).photo).not.toBeNull();
    await updateBike(runtime, rider, id, { ownedSince: "2025-01", odometerKm: null, removePhoto: true });
    expect(await bike(id)).toMatchObject({ odometerKm: null, photo: null });
    expect(await outcome(updateBike(runtime, rider, id, { ownedSince: "2027-01", odometerKm: 1 }))).toBe(
      "garage.owned_since_future",
    );

    clock.advance(1000);
    await removeBike(runtime.db, clock, rider, id);
    expect((await bike(id)).deletedAt).toEqual(clock.now());
    expect(await garageOf(runtime.db, rider.id)).toEqual([]);
    expect(await outcome(removeBike(runtime.db, clock, rider, id))).toBe("garage.bike_not_found");
    // A removed model year may be added again.
    expect(
      await outcome(
        addBike(runtime, rider, { motorcycleId: catalogue.mt07.id, ownedSince: "2025-05", odometerKm: null }),
      ),
    ).toBe("ok");
  });

  it("keeps no photo of a refused bike, and refuses a file that is no image", async () => {
    const rider = await insertMember(runtime.db);
    const stored = new Set<string>();
    const storage = {
      ...runtime.storage,
      put: async (key: string, body: Buffer, type: string) => {
        stored.add(key);
        await runtime.storage.put(key, body, type);
      },
      delete: async (key: string) => {
        stored.delete(key);
        await runtime.storage.delete(key);
      },
    };
    const deps = { ...runtime, storage };
    const photo = async () => ({ body: await jpeg(200, 200), declaredType: "image/jpeg" });
    await addBike(deps, rider, {
      motorcycleId: catalogue.forza350.id,
      ownedSince: "2026-01",
      odometerKm: null,
    });
    // Refused before anything is stored, and refused after the photo was stored (removed again).
    expect(
      await outcome(
        addBike(
          deps,
          rider,
          { motorcycleId: catalogue.pcx125.id, ownedSince: "2026-12", odometerKm: null },
          await photo(),
        ),
      ),
    ).toBe("garage.owned_since_future");
    expect(
      await outcome(
        addBike(
          deps,
          rider,
          { motorcycleId: catalogue.forza350.id, ownedSince: "2026-01", odometerKm: null },
          await photo(),
        ),
      ),
    ).toBe("garage.bike_exists");
    expect(stored).toEqual(new Set());
    expect(
      await outcome(
        addBike(
          deps,
          rider,
          { motorcycleId: catalogue.pcx125.id, ownedSince: "2026-01", odometerKm: null },
          { body: Buffer.from("not an image"), declaredType: "image/jpeg" },
        ),
      ),
    ).toMatch(/^upload\./);
    expect(await garageOf(runtime.db, rider.id)).toHaveLength(1);
  });

  it("knows this month in Seoul", () => {
    expect(currentMonth(new Date("2026-11-30T15:30:00Z"))).toBe("2026-12");
    expect(currentMonth(new Date("2026-11-30T14:30:00Z"))).toBe("2026-11");
  });
});
