import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Tests that need PostgreSQL itself, not only its dialect: several processes on one database (server instances, the
 * pay path in a process the test kills). They are part of every run on PostgreSQL (TEST_DATABASE_URL, which CI
 * requires) and not collected on PGlite, whose database belongs to one process.
 */
const postgresOnly = [
  "server/instances.integration.test.ts",
  "app/services/payments/pay-path-kill.integration.test.ts",
];

/**
 * Files that replace a module (`vi.mock`) for their own tests: they get modules of their own. Every other file
 * shares its worker's modules with the files before it (`isolate: false`): loading the app's modules once per
 * worker instead of once per file halves the run. What a file sets up it undoes at its end (tests/setup/file-end.ts).
 */
const ownModules = [
  "app/services/content/rich-text.server.test.ts",
  "app/services/motorcycles/seed.integration.test.ts",
  "app/routes/board/write-form.server.integration.test.ts",
  "app/i18n/react.test.tsx",
];

const include = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/unit/**/*.test.{ts,tsx}",
  "tests/fuzz/**/*.test.ts",
];
/** The route fuzz: requests to the production server, which the build makes (`npm run test:fuzz`). */
const fuzz = ["tests/fuzz/**/*.integration.test.ts"];
const exclude = ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? [] : postgresOnly)];

export default defineConfig({
  resolve: {
    alias: {
      "#app": fileURLToPath(new URL("./app", import.meta.url)),
      "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
    },
  },
  test: {
    globalSetup: ["./tests/setup/global-db.ts"],
    // The JSON report feeds the profile `npm test` prints (scripts/test.ts).
    reporters: [
      "default",
      ["json", { outputFile: process.env.VITEST_JSON_REPORT ?? ".cache/test-run/vitest.json" }],
    ],
    setupFiles: ["./tests/setup/file-end.ts", "./tests/setup/console.ts", "./tests/setup/concurrency.ts"],
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
    projects: [
      {
        extends: true,
        test: { name: "shared", include, exclude: [...exclude, ...ownModules, ...fuzz], isolate: false },
      },
      { extends: true, test: { name: "own-modules", include: ownModules, exclude } },
      {
        test: {
          name: "fuzz",
          include: fuzz,
          globalSetup: ["./tests/fuzz/global-server.ts"],
          setupFiles: ["./tests/setup/console.ts"],
          pool: "forks",
          testTimeout: 300_000,
        },
      },
    ],
  },
});
