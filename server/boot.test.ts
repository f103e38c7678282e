import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#app/platform/env.server";
import { startServer, StartupError } from "./boot";

describe("starting the server", () => {
  it("refuses a movable clock next to a real payment gateway, before it opens anything", async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-boot-"));
    try {
      const config = loadConfig(
        {
          SESSION_SECRET: "boot-test-session-secret-0123456789",
          ENCRYPTION_KEY: Buffer.alloc(32, 4).toString("base64"),
          PAYMENT_GATEWAY: "toss",
          TOSS_SECRET_KEY: "test_sk_bootTest0000",
          TOSS_CLIENT_KEY: "test_ck_bootTest0000",
        },
        { cwd },
      );
      // The configuration never makes this pair; a configuration put together another way (a test's) can.
      const started = startServer({ config: { ...config, testClock: true } });
      await expect(started).rejects.toBeInstanceOf(StartupError);
      await expect(started).rejects.toThrow(/TEST_CLOCK must be off .*PAYMENT_GATEWAY=toss/);
      await expect(started).rejects.not.toThrow(/bootTest0000/);
      expect(fs.existsSync(config.dataDir)).toBe(false);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
