import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { menuCategory, menuList } from "#app/db/schema";
import type { Area } from "#app/db/seed/types";
import { cachedReference } from "./cache.server";

interface MenuItem {
  code: string;
  path: string;
  area: Area;
  label: { ko: string; en: string };
}

export interface MenuCategory {
  group: string;
  label: { ko: string; en: string };
  items: MenuItem[];
}

/** menuCategory with its nested menuList rows (joined by menuGroup), both ordered by index; held in memory. */
export function listMenu(db: Database): Promise<readonly MenuCategory[]> {
  return cachedReference(db, "menu", () => loadMenu(db));
}

async function loadMenu(db: Database): Promise<MenuCategory[]> {
  const rows = await db
    .select({
      group: menuCategory.menuGroup,
      groupKo: menuCategory.labelKo,
      groupEn: menuCategory.labelEn,
      code: menuList.code,
      path: menuList.path,
      area: menuList.area,
      itemKo: menuList.labelKo,
      itemEn: menuList.labelEn,
    })
    .from(menuCategory)
    .innerJoin(menuList, and(eq(menuList.menuGroup, menuCategory.menuGroup), eq(menuList.deleted, false)))
    .where(eq(menuCategory.deleted, false))
    .orderBy(asc(menuCategory.index), asc(menuList.index));

  const categories = new Map<string, MenuCategory>();
  for (const row of rows) {
    let category = categories.get(row.group);
    if (!category) {
      category = { group: row.group, label: { ko: row.groupKo, en: row.groupEn }, items: [] };
      categories.set(row.group, category);
    }
    category.items.push({
      code: row.code,
      path: row.path,
      area: row.area as Area,
      label: { ko: row.itemKo, en: row.itemEn },
    });
  }
  return [...categories.values()];
}
