import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable, PgTimestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./index";

/** Socket.IO's adapter writes this table itself; it is not business data. */
const notBusinessData = new Set(["socket_io_attachments"]);

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

describe("time columns", () => {
  it("finds the schema's tables", () => {
    expect(tables.length).toBeGreaterThan(30);
  });

  it("have no database default: every business timestamp is written from the app clock", () => {
    const withDefault: string[] = [];
    for (const table of tables) {
      const name = getTableName(table);
      if (notBusinessData.has(name)) continue;
      for (const column of Object.values(getTableColumns(table))) {
        if (is(column, PgTimestamp) && (column.hasDefault || column.defaultFn || column.onUpdateFn)) {
          withDefault.push(`${name}.${column.name}`);
        }
      }
    }
    expect(withDefault).toEqual([]);
  });
});
