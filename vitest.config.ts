import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Tests that need PostgreSQL itself, not only its dialect: several server processes on one database. They are part
 * of every run on PostgreSQL (TEST_DATABASE_URL, which CI requires) and not collected on PGlite, whose database
 * belongs to one process.
 */
const postgresOnly = ["server/instances.integration.test.ts"];

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
    exclude: ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)],
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
    // Two files at a time even on two cores: much of a test's time is spent waiting for the database, and by default
    // a two-core machine would run one file at a time.
    maxWorkers: 2,
  },
});
