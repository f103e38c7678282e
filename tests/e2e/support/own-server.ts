import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures";
import { E2E_PORT } from "../../../playwright.config";
import { copyDataTemplate } from "./data-template";
import { freePort, startServerProcess } from "./server-process";

/**
 * The production server in a process of its own, on a free port and a copy of the run's data template, configured
 * like the suite's shared one (outbox page, test seeding and the test clock open, the local proxy trusted). For specs
 * whose actions reach every member (announcements, events): on the shared server they would change what other specs
 * see.
 */
async function startOwnServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-e2e-own-"));
  const port = await freePort();
  copyDataTemplate(E2E_PORT, path.join(dir, "data"));
  const server = startServerProcess({
    PORT: String(port),
    DATA_DIR: path.join(dir, "data"),
    OUTBOX_PAGE: "true",
    TEST_CLOCK: "true",
    TRUSTED_PROXIES: "127.0.0.1",
  });
  await expect
    .poll(() => server.output(), { timeout: 90_000, message: "the server starts" })
    .toContain("motomate listening");
  return {
    baseURL: `http://localhost:${port}`,
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Tests that run on a server of their own, one per worker: their `page`, `request` and `visit` go to it. */
export const ownServerTest = test.extend<object, { ownBaseURL: string }>({
  ownBaseURL: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startOwnServer();
      await use(server.baseURL);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ ownBaseURL }, use) => use(ownBaseURL),
});
