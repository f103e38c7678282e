import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "#app/db/client.server";
import { migrateDatabase } from "#app/db/migrate.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** Per run, so that two runs on one PostgreSQL (two checkouts, say) never drop each other's template. */
export const POSTGRES_TEMPLATE = `motomate_test_template_${process.pid}`;

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Migrates once per run: a PGlite data directory dumped to a file (each test file loads its own copy), and, when
 * TEST_DATABASE_URL is set, a PostgreSQL template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-test-"));
  const handle = await openPglite();
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(
      `create database ${POSTGRES_TEMPLATE} encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8' template template0`,
    );
    await admin.end();
    const template = await openPostgres(withDatabase(url, POSTGRES_TEMPLATE), 1);
    await migrateDatabase(template);
    await template.close();
    project.provide("postgresTemplate", POSTGRES_TEMPLATE);
  } else {
    project.provide("postgresTemplate", "");
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
      await admin.end();
    }
  };
}
