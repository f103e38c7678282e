import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "#app": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.{ts,tsx}",
    ],
    globalSetup: ["./tests/setup/global-db.ts"],
    setupFiles: ["./tests/setup/console.ts", "./tests/setup/concurrency.ts"],
    tags: [
      {
        name: "concurrency",
        description:
          "Calls racing on one database (locks, unique keys, SKIP LOCKED): proven only on PostgreSQL (TEST_DATABASE_URL), which CI requires; on PGlite's one connection they run one after another",
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
