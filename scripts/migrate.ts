import { openConfiguredDatabase } from "#app/db/open.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { acquireDataDirLock, DataDirLockedError } from "#app/platform/data-dir-lock.server";
import { ConfigError, loadConfig } from "#app/platform/env.server";

/** `npm run db:migrate`: applies pending migrations without starting the server. */
try {
  const config = loadConfig(process.env);
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const handle = await openConfiguredDatabase(config, 1);
  try {
    await migrateDatabase(handle);
    console.log(`Migrations applied (${handle.kind}).`);
  } finally {
    await handle.close();
    lock?.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
