import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { openPglite, openPostgres, type DatabaseHandle } from "#app/db/client.server";
import { withDatabase } from "./global-db";

/**
 * A migrated database of this test file's own: a fresh PGlite copy of the template, or a clone of the PostgreSQL
 * template when TEST_DATABASE_URL is set. Closed (and dropped) after the file's tests.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (url && template) {
    const name = `motomate_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = await openPostgres(withDatabase(url, name), 4);
    afterAll(async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    });
    return handle;
  }
  const dump = fs.readFileSync(inject("pgliteTemplate"));
  const handle = await openPglite({ loadDataDir: new Blob([dump]) });
  afterAll(() => handle.close());
  return handle;
}
