import { systemClock } from "#app/platform/clock.server";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { filterOption, menuList } from "#app/db/schema";
import { filterSeeds, menuSeeds } from "#app/db/seed/reference-data";
import { filterTableNames } from "#app/db/seed/types";
import { createTestDatabase } from "#tests/setup/database";
import { listFilterTable } from "./filters.server";
import { listMenu, listMenuIn } from "./menu.server";
import { seedReferenceData } from "./seed.server";
import { forgetReferenceData } from "./cache.server";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedReferenceData(db, systemClock);
});

async function count(table: typeof filterOption | typeof menuList) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

describe("reference data", () => {
  it("fills every filter table with Korean and English labels in seed order", async () => {
    for (const name of filterTableNames) {
      const items = await listFilterTable(db, name);
      expect(items.length, name).toBe(filterSeeds[name].length);
      expect(items.map((item) => item.code)).toEqual(filterSeeds[name].map((seed) => seed.code));
      for (const item of items) {
        expect(item.label.ko.trim()).not.toBe("");
        expect(item.label.en.trim()).not.toBe("");
      }
    }
    expect((await listFilterTable(db, "meetingType")).map((item) => item.code)).toEqual([
      "owner",
      "repair",
      "coaching",
      "rescue",
      "pickup",
    ]);
  });

  it("is idempotent: seeding again changes nothing", async () => {
    const before = [await count(filterOption), await count(menuList)];
    const ids = (await listFilterTable(db, "motoGenre")).map((item) => item.id);
    await seedReferenceData(db, systemClock);
    await seedReferenceData(db, systemClock);
    expect([await count(filterOption), await count(menuList)]).toEqual(before);
    expect((await listFilterTable(db, "motoGenre")).map((item) => item.id)).toEqual(ids);
  });

  it("soft-deletes a row the seed no longer has and restores it when it returns", async () => {
    await listFilterTable(db, "motoGenre");
    await db.insert(filterOption).values({
      tableName: "motoGenre",
      code: "retired",
      labelKo: "단종",
      labelEn: "Retired",
      createdAt: new Date(),
    });
    // Written behind the service's back, as another process would: seen once this process's copy is dropped.
    expect((await listFilterTable(db, "motoGenre")).some((item) => item.code === "retired")).toBe(false);
    forgetReferenceData(db);
    expect((await listFilterTable(db, "motoGenre")).some((item) => item.code === "retired")).toBe(true);
    // The seed drops the copy itself when it commits.
    await seedReferenceData(db, systemClock);
    expect((await listFilterTable(db, "motoGenre")).some((item) => item.code === "retired")).toBe(false);
    const [row] = await db
      .select({ deleted: filterOption.deleted })
      .from(filterOption)
      .where(and(eq(filterOption.tableName, "motoGenre"), eq(filterOption.code, "retired")));
    expect(row?.deleted).toBe(true);
  });

  it("nests menu items under their category, both ordered by index", async () => {
    const menu = await listMenu(db);
    expect(menu.map((category) => category.group)).toEqual(menuSeeds.map((seed) => seed.group));
    for (const [position, category] of menu.entries()) {
      expect(category.items.map((item) => item.path)).toEqual(
        menuSeeds[position]!.items.map((item) => item.path),
      );
    }
    await db.update(menuList).set({ deleted: true }).where(eq(menuList.code, menu[0]!.items[0]!.code));
    forgetReferenceData(db);
    const after = await listMenu(db);
    expect(after[0]!.items).toHaveLength(menu[0]!.items.length - 1);
    await seedReferenceData(db, systemClock);
  });

  it("gives each page its own language's labels only, made once per menu held", async () => {
    const [ko, en] = await Promise.all([listMenuIn(db, "ko"), listMenuIn(db, "en")]);
    expect(ko.map((category) => category.label)).toEqual(menuSeeds.map((seed) => seed.ko));
    expect(en.map((category) => category.label)).toEqual(menuSeeds.map((seed) => seed.en));
    expect(en[0]!.items[0]).toEqual({
      code: menuSeeds[0]!.items[0]!.code,
      path: menuSeeds[0]!.items[0]!.path,
      area: menuSeeds[0]!.items[0]!.area,
      label: menuSeeds[0]!.items[0]!.en,
    });
    expect(JSON.stringify(ko)).not.toContain(menuSeeds[0]!.items[0]!.en);
    expect(await listMenuIn(db, "ko")).toBe(ko);
    forgetReferenceData(db);
    expect(await listMenuIn(db, "ko")).not.toBe(ko);
  });
});
