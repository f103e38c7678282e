import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { fileURLToPath } from "node:url";
import { queryRows, type DatabaseHandle, type Schema } from "./client.server";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_KEY = 7_235_117;

/**
 * Applies the migrations with the programmatic migrator (drizzle-kit's own runner loads PGlite without the
 * extensions). On PostgreSQL an advisory lock keeps several starting instances from migrating at once.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const db = handle.db as unknown as NodePgDatabase<Schema>;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migrateNodePg(tx as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  });
}

/**
 * A database whose LC_CTYPE is C extracts no trigrams from Hangul, so Korean partial-word search would find nothing.
 * Returns a warning to log, or undefined when the collation is fine.
 */
export async function checkTrigramLocale(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.kind === "pglite") return undefined;
  const [row] = await queryRows<{ ctype: string }>(
    handle.db,
    sql`select datctype as ctype from pg_database where datname = current_database()`,
  );
  const ctype = row?.ctype ?? "";
  if (ctype === "C" || ctype === "POSIX") {
    return `database LC_CTYPE is ${ctype}: trigram search finds no Korean text; create the database with a UTF-8 ctype such as C.UTF-8`;
  }
  return undefined;
}
