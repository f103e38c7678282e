import { sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import { createTestDatabase } from "#tests/setup/database";
import { reportQueue } from "./board/report-machine.server";
import { inspections } from "./inspection/inspection-machine.server";
import { saleListings, wantedListings, offers } from "./market/listing-machine.server";
import { meetings } from "./meetings/meeting/meeting-machine.server";
import { noShows } from "./meetings/conduct/no-show-machine.server";
import { rescueCalls } from "./meetings/rescue/rescue-machine.server";
import { onboarding } from "./members/onboarding-machine.server";
import { orders, payments, refundRequests } from "./payments/payment-machine.server";
import { reports as motorcycleReports } from "./motorcycles/report-machine.server";
import { theftHolds } from "./theft/holds.server";
import type { AnyMachine } from "./state-machine";

/**
 * Every bound machine against its state column in the migrated database: the machine's states are exactly the
 * values the column's CHECK constraint allows, and its initial state is the column's default. The two market
 * listing machines share `market_listing.status`, whose check allows both machines' states and which has no
 * default (a sale starts selling, a wanted post buying).
 */
interface BoundLike {
  machine: AnyMachine;
  table: PgTable;
  state: { name: string };
}

const bound: BoundLike[] = [
  reportQueue,
  meetings,
  noShows,
  rescueCalls,
  motorcycleReports,
  onboarding,
  saleListings,
  wantedListings,
  offers,
  payments,
  orders,
  refundRequests,
  inspections,
  theftHolds,
];

/** Columns that more than one machine keeps their states in: each machine's states are a part of the check. */
const sharedColumns = new Set(["market_listing.status"]);

let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

/** The values a column's `CHECK (column in (…))` allows, or null without such a constraint. */
async function checkedValues(table: string, column: string): Promise<string[] | null> {
  const rows = await queryRows<{ definition: string }>(
    db,
    sql`select pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        where c.contype = 'c' and t.relname = ${table} and n.nspname = current_schema()`,
  );
  const mentioning = rows.filter((row) => new RegExp(`\\b${column}\\b`).test(row.definition));
  if (mentioning.length === 0) return null;
  expect(mentioning, `${table}.${column} has one check`).toHaveLength(1);
  return [...mentioning[0]!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]!).sort();
}

/** The column's default as a string literal, or null without one. */
async function columnDefault(table: string, column: string): Promise<string | null> {
  const [row] = await queryRows<{ column_default: string | null }>(
    db,
    sql`select column_default from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`,
  );
  expect(row, `${table}.${column} exists`).toBeDefined();
  const found = row!.column_default?.match(/^'([^']*)'/);
  return found ? found[1]! : null;
}

describe("state machines and their columns", () => {
  it("binds fourteen machines, each with its own name", () => {
    expect(new Set(bound.map((b) => b.machine.name)).size).toBe(14);
  });

  for (const { machine, table, state } of bound) {
    const tableName = getTableConfig(table).name;
    const column = `${tableName}.${state.name}`;

    it(`${machine.name}: its states are the values ${column} allows`, async () => {
      const states = [...(machine.states as string[])].sort();
      const checked = await checkedValues(tableName, state.name);
      expect(checked, `${column} has a check constraint`).not.toBeNull();
      if (checked === null) return;
      if (sharedColumns.has(column)) {
        const together = bound
          .filter(
            (other) => getTableConfig(other.table).name === tableName && other.state.name === state.name,
          )
          .flatMap((other) => other.machine.states as string[]);
        expect(states.every((s) => checked.includes(s))).toBe(true);
        expect([...new Set(together)].sort()).toEqual(checked);
      } else {
        expect(states).toEqual(checked);
      }
    });

    it(`${machine.name}: it starts where ${column} defaults`, async () => {
      const initial = await columnDefault(tableName, state.name);
      if (sharedColumns.has(column)) expect(initial).toBeNull();
      else expect(initial).toBe(machine.initial);
    });
  }
});
