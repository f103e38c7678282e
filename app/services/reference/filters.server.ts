import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import { filterOption } from "#app/db/schema";
import { filterTableNames, type FilterTableName } from "#app/db/seed/types";
import { cachedReference } from "./cache.server";

export const filterTableNameSchema = z.enum(filterTableNames);

export interface FilterItem {
  id: number;
  code: string;
  index: number;
  label: { ko: string; en: string };
}

/** A filter table's live options in display order; held in memory. */
export function listFilterTable(db: Database, tableName: FilterTableName): Promise<readonly FilterItem[]> {
  return cachedReference(db, `filter:${tableName}`, () => loadFilterTable(db, tableName));
}

async function loadFilterTable(db: Database, tableName: FilterTableName): Promise<FilterItem[]> {
  const rows = await db
    .select({
      id: filterOption.id,
      code: filterOption.code,
      index: filterOption.index,
      labelKo: filterOption.labelKo,
      labelEn: filterOption.labelEn,
    })
    .from(filterOption)
    .where(and(eq(filterOption.tableName, tableName), eq(filterOption.deleted, false)))
    .orderBy(asc(filterOption.index), asc(filterOption.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    index: row.index,
    label: { ko: row.labelKo, en: row.labelEn },
  }));
}
