import { defineConfig } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const OIDC_PORT = E2E_PORT + 1;
/**
 * Each run starts on a fresh data directory: the run's data template (migrations, secrets and demo data made from
 * scratch at the start of the run, tests/e2e/support/data-template.ts), copied.
 */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `motomate-e2e-${E2E_PORT}`);

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell) where installed, as Playwright runs
 * headless Chromium by default: the same engine without the desktop browser around it, about a fifth less CPU over the
 * suite. The full browser otherwise; CHROMIUM_PATH chooses another.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => fs.existsSync(candidate)) ??
  "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The specs with journeys on a server of their own (support/own-server.ts): the longest tests of the suite. Playwright
 * hands out tests in the order of its projects, and within one in the order their workers' fixtures first appear, so
 * these come first in a project of their own; run last, as they were, one worker ran the last journey alone while
 * the other core had nothing to do.
 */
const ownServerSpecs = [
  "clock",
  "exchange",
  "market",
  "motorcycles",
  "notice",
  "reputation",
  "settlement",
].map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: "./tests/e2e",
  projects: [
    { name: "own servers", testMatch: ownServerSpecs },
    { name: "shared server", testIgnore: ownServerSpecs },
  ],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds the profile `npm test` prints (scripts/test.ts).
  reporter: [
    ["list"],
    ["./tests/e2e/support/failure-reporter.ts"],
    ["json", { outputFile: ".cache/test-run/playwright.json" }],
  ],
  // Every page a test visits is also checked with axe-core, which takes its time on a busy machine.
  timeout: 60_000,
  // How long a check waits for the page to reach what it expects. A sign-in (a password hash and a full page) on a
  // two-core machine running two browsers, the server and axe has taken longer than the default 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "ko-KR",
    // A person who asked for less motion: maps and toasts appear without fading, so what a check reads is final.
    reducedMotion: "reduce",
    // Headless Chromium announces itself as a bot, and bots get bare error statuses; tests browse as a person.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    extraHTTPHeaders: { "Accept-Language": "ko-KR,ko;q=0.9" },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // A trace records every test (DOM snapshots, screenshots) to keep the failing ones: about a sixth of a journey's
    // time. Nobody can open a trace left on a CI machine, so CI records none; the failure reporter prints what failed.
    trace: process.env.CI ? "off" : "retain-on-failure",
  },
  webServer: [
    {
      command: "npx tsx tests/e2e/support/oidc-provider.ts",
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: "npx tsx tests/e2e/support/suite-server.ts",
      url: `http://localhost:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        OUTBOX_PAGE: "true",
        TRUSTED_PROXIES: "127.0.0.1",
        ADMIN_EMAILS: "admin@motomate.test",
        OIDC_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
        OIDC_CLIENT_ID: "motomate-e2e",
        OIDC_CLIENT_SECRET: "e2e-secret",
        OIDC_NAME: "Local OpenID",
      },
    },
  ],
});
