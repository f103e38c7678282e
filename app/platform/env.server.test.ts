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

const key = (fill: number) => Buffer.alloc(32, fill).toString("base64");

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
    expect(first.personalDataKeys.keys.size).toBe(1);
    expect(first.personalDataKeys.keys.get(first.personalDataKeys.currentId)).toHaveLength(32);
    const file = path.join(cwd, "data", "secrets.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({}, { cwd });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.personalDataKeys.currentId).toBe(first.personalDataKeys.currentId);
  });

  it("moves the clock only in development or with TEST_CLOCK, never in production by default", () => {
    const cwd = tempDir();
    expect(loadConfig({}, { cwd }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }, { cwd }).testClock).toBe(false);
    expect(loadConfig({}, { cwd, dev: true }).testClock).toBe(true);
    expect(loadConfig({ TEST_CLOCK: "false" }, { cwd, dev: true }).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "true" }, { cwd }).testClock).toBe(true);
    expect(loadConfig({ TEST_CLOCK: "1" }, { cwd }).testClock).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: "yes" }, { cwd })).toThrow(/TEST_CLOCK/);
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
      [{ ENCRYPTION_READ_KEYS: `${key(1)},${"!".repeat(43)}=` }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_READ_KEYS: Buffer.alloc(24, 1).toString("base64") }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_READ_KEYS: Buffer.alloc(33, 1).toString("base64") }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_READ_KEYS: `${key(1)}, ${key(2)},${key(1)}` }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_KEY: key(3), ENCRYPTION_READ_KEYS: `${key(1)},${key(3)}` }, "ENCRYPTION_READ_KEYS"],
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
        ENCRYPTION_KEY: key(7),
        PUBLIC_URL: "https://motomate.kr/",
        TRUSTED_PROXIES: "10.0.0.1, 10.0.0.2",
      },
      { cwd },
    );
    expect(config.publicUrl).toBe("https://motomate.kr");
    expect(config.trustedProxies).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(fs.existsSync(path.join(cwd, "data", "secrets.json"))).toBe(false);
  });

  it("reads personal-data keys: ENCRYPTION_KEY seals, ENCRYPTION_READ_KEYS only open", () => {
    const cwd = tempDir();
    const config = loadConfig(
      { ENCRYPTION_KEY: key(7), ENCRYPTION_READ_KEYS: ` ${key(8)} , ${key(9)}` },
      { cwd },
    );
    const keys = config.personalDataKeys;
    expect(keys.keys.size).toBe(3);
    expect(keys.keys.get(keys.currentId)).toEqual(Buffer.alloc(32, 7));
    expect([...keys.keys.values()].map((value) => value[0])).toEqual([7, 8, 9]);

    const generated = loadConfig({ ENCRYPTION_READ_KEYS: key(8) }, { cwd });
    expect(generated.personalDataKeys.keys.get(generated.personalDataKeys.currentId)).not.toEqual(
      Buffer.alloc(32, 8),
    );
    expect(generated.personalDataKeys.keys.size).toBe(2);
  });
});
