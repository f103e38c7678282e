import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type Logger, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { keepStatements } from "./pglite-statements.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /** The embedded engine, when that is what runs (tests dump and reload its data directory). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const pgliteExtensions = { pg_trgm, cube, earthdistance };

/** The databases opened on the embedded engine. */
const embeddedDatabases = new WeakSet<Database>();

/**
 * Whether the database is the embedded engine: its data directory is open in this process only, so every write to it
 * goes through this process.
 */
export function isEmbedded(db: Database): boolean {
  return embeddedDatabases.has(db);
}

/**
 * The embedded engine's page cache (ADR 042). PostgreSQL's default of 128 MB lives in the process's WebAssembly
 * memory, which never shrinks: on the bench's data it added about 190 MB of resident memory. The data files stay in
 * the operating system's file cache, so a page missing from these 16 MB costs a read, not a disk access.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** Opens the embedded database: a directory on disk, memory (no dataDir), or a copy of a dumped data directory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; logger?: Logger } = {},
): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  // Statements outside a transaction are parsed once and kept (ADR 075).
  const db = drizzlePglite({
    client: keepStatements(client),
    schema,
    logger: options.logger,
  }) as unknown as Database;
  embeddedDatabases.add(db);
  return { kind: "pglite", db, pglite: client, close: () => client.close() };
}

export async function openPostgres(
  connectionString: string,
  max = 10,
  logger?: Logger,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  // Fail fast with the driver's message when the server cannot be reached.
  await pool.query("select 1");
  const db = drizzleNodePg({ client: pool, schema, logger }) as unknown as Database;
  return { kind: "postgres", db, close: () => pool.end() };
}

/** Rows of a raw SQL statement; both drivers answer with `rows`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A database round trip, for health checks. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
