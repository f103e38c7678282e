import { openConfiguredDatabase } from "#app/db/open.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { acquireDataDirLock, DataDirLockedError } from "#app/platform/data-dir-lock.server";
import { systemClock } from "#app/platform/clock.server";
import { ConfigError, loadConfig } from "#app/platform/env.server";
import { promoteToAdmin } from "#app/services/auth/admin.server";
import { staffRoles, type StaffRole } from "#app/services/permissions";

/**
 * `npm run admin:create -- <email> [--role moderator|finance|admin]`: gives an existing member a staff role, an
 * administrator's unless told otherwise. On the embedded database it takes the data-directory lock, so it runs while
 * the server is stopped (or use ADMIN_EMAILS, which always means administrators).
 */
const USAGE = "Usage: npm run admin:create -- <email> [--role moderator|finance|admin]";
const args = process.argv.slice(2);
const roleAt = args.indexOf("--role");
const roleArg = roleAt >= 0 ? args.splice(roleAt, 2)[1] : "admin";
const email = args[0];
const staffRole = staffRoles.find((known) => known === roleArg);
if (!email || args.length !== 1 || !staffRole) {
  console.error(USAGE);
  process.exit(2);
}
const roleWords: Record<StaffRole, string> = {
  admin: "an administrator",
  moderator: "a moderator",
  finance: "a finance operator",
};
try {
  const config = loadConfig(process.env);
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const handle = await openConfiguredDatabase(config, 1);
  try {
    await migrateDatabase(handle);
    if (await promoteToAdmin(handle.db, systemClock, email, staffRole)) {
      console.log(
        `${email} is now ${roleWords[staffRole]}; two-factor sign-in is required at the next sign-in.`,
      );
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
