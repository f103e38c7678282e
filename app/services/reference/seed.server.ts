import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { filterSeeds, menuSeeds } from "#app/db/seed/reference-data";
import { filterTableNames } from "#app/db/seed/types";
import { filterOption, menuCategory, menuList } from "#app/db/schema";
import { forgetReferenceData } from "./cache.server";

/**
 * Brings the reference tables in line with the seed: rows are upserted by their stable code, and rows the seed no
 * longer has are soft-deleted. Running it again changes nothing.
 */
export async function seedReferenceData(db: Database, clock: Clock): Promise<void> {
  await runInTransaction(db, clock, async ({ tx, now, afterCommit }) => {
    afterCommit(() => forgetReferenceData(db));
    for (const tableName of filterTableNames) {
      const rows = filterSeeds[tableName].map((seed, position) => ({
        tableName,
        code: seed.code,
        labelKo: seed.ko,
        labelEn: seed.en,
        index: position,
        deleted: false,
        createdAt: now,
      }));
      await tx
        .insert(filterOption)
        .values(rows)
        .onConflictDoUpdate({
          target: [filterOption.tableName, filterOption.code],
          set: {
            labelKo: sql`excluded.label_ko`,
            labelEn: sql`excluded.label_en`,
            index: sql`excluded.index`,
            deleted: false,
          },
        });
      await tx
        .update(filterOption)
        .set({ deleted: true })
        .where(
          and(
            eq(filterOption.tableName, tableName),
            notInArray(
              filterOption.code,
              rows.map((row) => row.code),
            ),
          ),
        );
    }

    await tx
      .insert(menuCategory)
      .values(
        menuSeeds.map((category, position) => ({
          menuGroup: category.group,
          labelKo: category.ko,
          labelEn: category.en,
          index: position,
          deleted: false,
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: menuCategory.menuGroup,
        set: {
          labelKo: sql`excluded.label_ko`,
          labelEn: sql`excluded.label_en`,
          index: sql`excluded.index`,
          deleted: false,
        },
      });
    await tx
      .update(menuCategory)
      .set({ deleted: true })
      .where(
        notInArray(
          menuCategory.menuGroup,
          menuSeeds.map((category) => category.group),
        ),
      );

    const items = menuSeeds.flatMap((category) =>
      category.items.map((item, position) => ({
        menuGroup: category.group,
        code: item.code,
        labelKo: item.ko,
        labelEn: item.en,
        path: item.path,
        area: item.area,
        index: position,
        deleted: false,
        createdAt: now,
      })),
    );
    await tx
      .insert(menuList)
      .values(items)
      .onConflictDoUpdate({
        target: menuList.code,
        set: {
          menuGroup: sql`excluded.menu_group`,
          labelKo: sql`excluded.label_ko`,
          labelEn: sql`excluded.label_en`,
          path: sql`excluded.path`,
          area: sql`excluded.area`,
          index: sql`excluded.index`,
          deleted: false,
        },
      });
    await tx
      .update(menuList)
      .set({ deleted: true })
      .where(
        notInArray(
          menuList.code,
          items.map((item) => item.code),
        ),
      );
  });
}
