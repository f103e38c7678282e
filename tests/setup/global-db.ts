import { randomBytes } from "node:crypto";
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
    /** The name every per-file PostgreSQL database of this run starts with (empty on PGlite). */
    postgresPrefix: string;
  }
}

/** Whether the environment says this is a CI machine (`CI=true`, or any value but `false`/`0`). */
export function isCi(env: NodeJS.ProcessEnv = process.env) {
  const value = env.CI ?? "";
  return value !== "" && value !== "false" && value !== "0";
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The databases whose names start with `prefix` (compared as text: `_` is no wildcard here). */
async function databasesStartingWith(admin: pg.Client, prefix: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1) order by datname",
    [prefix],
  );
  return rows.map((row) => row.datname);
}

/**
 * Migrates once per run: a PGlite data directory dumped to a file (each test file loads its own copy), and, when
 * TEST_DATABASE_URL is set, a PostgreSQL template database that each test file clones. On CI, TEST_DATABASE_URL
 * is required: PGlite runs every call on one connection, so the concurrency tests would prove nothing there.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (isCi() && !url) {
    throw new Error(
      "CI is set but TEST_DATABASE_URL is not: the concurrency tests must run on PostgreSQL (PGlite has one connection)",
    );
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-test-"));
  const handle = await openPglite();
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);

  // Per run, so that two runs on one PostgreSQL (two checkouts, two machines) never touch each other's databases.
  const run = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const template = `motomate_test_template_${run}`;
  const prefix = `motomate_test_${run}_`;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `create database ${template} encoding 'UTF8' lc_ctype 'C.UTF-8' lc_collate 'C.UTF-8' template template0`,
    );
    await admin.end();
    const migrated = await openPostgres(withDatabase(url, template), 1);
    await migrateDatabase(migrated);
    await migrated.close();
    project.provide("postgresTemplate", template);
    project.provide("postgresPrefix", prefix);
  } else {
    project.provide("postgresTemplate", "");
    project.provide("postgresPrefix", "");
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${template} with (force)`);
      // Each file drops its own database after its tests; any left here is a file whose clean-up did not run.
      const leftovers = await databasesStartingWith(admin, prefix);
      for (const name of leftovers) await admin.query(`drop database if exists ${name} with (force)`);
      const remaining = [
        ...(await databasesStartingWith(admin, prefix)),
        ...(await databasesStartingWith(admin, template)),
      ];
      if (leftovers.length > 0 || remaining.length > 0) {
        // Vitest only logs an error thrown here; the exit code is what makes the run fail.
        process.exitCode = 1;
        throw new Error(
          `Test databases of this run outlived their files (dropped now): ${leftovers.join(", ")}` +
            (remaining.length > 0 ? `; still there: ${remaining.join(", ")}` : ""),
        );
      }
    } finally {
      await admin.end();
    }
  };
}
