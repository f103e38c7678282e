import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("configuration", () => {
  it("runs with no settings: defaults, and secrets generated once into DATA_DIR", () => {
    const cwd = tempDir();
    const first = loadConfig({}, { cwd });
    expect(first).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      mode: "production",
      publicUrl: "http://localhost:3000",
    });
    expect(first.dataDir).toBe(path.join(cwd, "data"));
    expect(first.databaseUrl).toBeUndefined();
    expect(first.encryptionKey).toHaveLength(32);
    const file = path.join(cwd, "data", "secrets.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({}, { cwd });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it("stops on a bad setting with one line that names it", () => {
    const cwd = tempDir();
    const cases: [Record<string, string>, string][] = [
      [{ PORT: "eighty" }, "PORT"],
      [{ PORT: "70000" }, "PORT"],
      [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
      [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
      [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
      [{ MAP_TILE_URL: "https://tiles.example/{z}.png" }, "MAP_TILE_URL"],
      [{ ENCRYPTION_KEY: "short" }, "ENCRYPTION_KEY"],
    ];
    for (const [env, setting] of cases) {
      let error: unknown;
      try {
        loadConfig(env, { cwd });
      } catch (caught) {
        error = caught;
      }
      expect(error, setting).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).setting).toBe(setting);
      expect((error as ConfigError).message).toMatch(new RegExp(`^Invalid setting ${setting}: .+`));
      expect((error as ConfigError).message).not.toContain("\n");
    }
  });

  it("requires shared secrets for PostgreSQL in production", () => {
    const cwd = tempDir();
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/app" }, { cwd })).toThrow(/SESSION_SECRET/);
    const config = loadConfig(
      {
        DATABASE_URL: "postgres://db/app",
        SESSION_SECRET: "s".repeat(40),
        ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
        PUBLIC_URL: "https://motomate.kr/",
        TRUSTED_PROXIES: "10.0.0.1, 10.0.0.2",
      },
      { cwd },
    );
    expect(config.publicUrl).toBe("https://motomate.kr");
    expect(config.trustedProxies).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(fs.existsSync(path.join(cwd, "data", "secrets.json"))).toBe(false);
  });
});
