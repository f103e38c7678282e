import { openConfiguredDatabase } from "#app/db/open.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { acquireDataDirLock, DataDirLockedError } from "#app/platform/data-dir-lock.server";
import { systemClock } from "#app/platform/clock.server";
import { ConfigError, loadConfig } from "#app/platform/env.server";
import { promoteToAdmin } from "#app/services/auth/admin.server";

/**
 * `npm run admin:create -- <email>`: makes an existing member an administrator. On the embedded database it takes
 * the data-directory lock, so it runs while the server is stopped (or use ADMIN_EMAILS).
 */
const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin:create -- <email>");
  process.exit(2);
}
try {
  const config = loadConfig(process.env);
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const handle = await openConfiguredDatabase(config, 1);
  try {
    await migrateDatabase(handle);
    if (await promoteToAdmin(handle.db, systemClock, email)) {
      console.log(`${email} is now an administrator; two-factor sign-in is required at the next sign-in.`);
    } else {
      console.error(
        `No member signed up with ${email}. Ask them to sign up first, or list the address in ADMIN_EMAILS.`,
      );
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
    lock?.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(
      error instanceof DataDirLockedError
        ? `${error.message} Stop the server first, or use ADMIN_EMAILS.`
        : error.message,
    );
    process.exit(1);
  }
  throw error;
}
