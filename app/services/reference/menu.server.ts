import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { menuCategory, menuList } from "#app/db/schema";
import type { Area } from "#app/db/seed/types";
import type { Language } from "#app/i18n";
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

/** A menu category as a page in one language shows it. */
export interface LocalMenuCategory {
  group: string;
  label: string;
  items: Array<{ code: string; path: string; area: Area; label: string }>;
}

/** menuCategory with its nested menuList rows (joined by menuGroup), both ordered by index; held in memory. */
export function listMenu(db: Database): Promise<readonly MenuCategory[]> {
  return cachedReference(db, "menu", () => loadMenu(db));
}

const localMenus = new WeakMap<readonly MenuCategory[], Record<Language, readonly LocalMenuCategory[]>>();

/**
 * The menu in one language, as every page's header shows it: each page carries its own language's labels only (the
 * root loader runs again when a navigation changes the language). Made once per menu held in memory.
 */
export async function listMenuIn(db: Database, language: Language): Promise<readonly LocalMenuCategory[]> {
  const menu = await listMenu(db);
  let local = localMenus.get(menu);
  if (!local) {
    const inLanguage = (to: Language) =>
      menu.map((category) => ({
        group: category.group,
        label: category.label[to],
        items: category.items.map((item) => ({
          code: item.code,
          path: item.path,
          area: item.area,
          label: item.label[to],
        })),
      }));
    local = { ko: inLanguage("ko"), en: inLanguage("en") };
    localMenus.set(menu, local);
  }
  return local[language];
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
