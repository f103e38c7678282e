import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { Logger } from "drizzle-orm";
import { openPglite, openPostgres, type DatabaseHandle } from "#app/db/client.server";
import { atFileEnd } from "./file-end";
import { withDatabase } from "./global-db";

/** Whether this run's integration tests are on PostgreSQL (TEST_DATABASE_URL) rather than PGlite. */
export function testsOnPostgres() {
  return Boolean(process.env.TEST_DATABASE_URL && inject("postgresTemplate"));
}

/**
 * A migrated PostgreSQL database of this test file's own, cloned from the run's template and named with this run's
 * prefix, with its address (for server processes the test starts). Closed and dropped after the file's tests.
 */
export async function createTestPostgresDatabase(
  logger?: Logger,
): Promise<{ handle: DatabaseHandle; url: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !testsOnPostgres()) throw new Error("TEST_DATABASE_URL is not set: this test needs PostgreSQL");
  const name = `${inject("postgresPrefix")}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    try {
      // The pool's `end()` resolves before its connections have closed. Wait for them: a connection the forced
      // drop terminated would fail its client with "terminating connection due to administrator command".
      for (let waited = 0; waited < 5_000; waited += 50) {
        const { rows } = await cleanup.query<{ open: number }>(
          "select count(*)::int as open from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0]!.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
    } finally {
      await cleanup.end();
    }
  };
  const databaseUrl = withDatabase(url, name);
  let handle: DatabaseHandle;
  try {
    handle = await openPostgres(databaseUrl, 4, logger);
  } catch (error) {
    await drop();
    throw error;
  }
  atFileEnd(async () => {
    try {
      await handle.close();
    } finally {
      await drop();
    }
  });
  return { handle, url: databaseUrl };
}

/**
 * A migrated database of this test file's own: a fresh PGlite copy of the template, or a clone of the PostgreSQL
 * template when TEST_DATABASE_URL is set. Closed (and dropped) after the file's tests. A logger sees every
 * statement the app's queries send (the statement-count tests count them).
 */
export async function createTestDatabase(logger?: Logger): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE_URL && testsOnPostgres())
    return (await createTestPostgresDatabase(logger)).handle;
  return createEmbeddedTestDatabase(logger);
}

/** A migrated embedded database of this test file's own, whichever database the run's integration tests are on. */
export async function createEmbeddedTestDatabase(logger?: Logger): Promise<DatabaseHandle> {
  const dump = fs.readFileSync(inject("pgliteTemplate"));
  const handle = await openPglite({ loadDataDir: new Blob([dump]), logger });
  atFileEnd(() => handle.close());
  return handle;
}
