import { ConfigError, loadConfig } from "#app/platform/env.server";
import { DataDirLockedError } from "#app/platform/data-dir-lock.server";
import { startServer, StartupError } from "./server/boot";

const dev = process.argv.includes("--dev");

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { dev });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let server;
  try {
    server = await startServer({ config, dev });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof StartupError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let signals = 0;
  const stop = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) process.exit(1);
    server.runtime.logger.info({ signal }, "signal received");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
