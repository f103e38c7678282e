import path from "node:path";
import { openPglite, openPostgres } from "./client.server";

/** The database the configuration names: PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR. */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  poolSize?: number,
) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, poolSize)
    : openPglite({ dataDir: path.join(config.dataDir, "pglite") });
}
