import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BANK_FEE } from "#app/services/settlement/settlement-rules";
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
const s3Keys = { S3_ACCESS_KEY_ID: "motomate", S3_SECRET_ACCESS_KEY: "bucket-secret" };
const s3 = { S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "motomate-uploads", ...s3Keys };
const tossKeys = {
  TOSS_SECRET_KEY: "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R",
  TOSS_CLIENT_KEY: "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq",
};
const toss = { PAYMENT_GATEWAY: "toss", ...tossKeys };
const payoutKeys = {
  TOSS_PAYOUT_SECRET_KEY: "test_sk_Payouts0000000000000000000000",
  TOSS_PAYOUT_SECURITY_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
};
const tossPayouts = { PAYOUT_SERVICE: "toss", ...payoutKeys };

/** The ConfigError a configuration stops with. */
function refusal(env: Record<string, string>, options: { cwd: string; dev?: boolean }): ConfigError {
  let error: unknown;
  try {
    loadConfig(env, options);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

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

  it("draws maps with the app's own tiles unless MAP_TILE_URL names a tile server", () => {
    const cwd = tempDir();
    expect(loadConfig({}, { cwd })).toMatchObject({
      mapTileUrl: "/map-tiles/{z}/{x}/{y}.svg",
      mapTileAttribution: "",
    });
    const osm = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
    expect(loadConfig({ MAP_TILE_URL: osm }, { cwd })).toMatchObject({
      mapTileUrl: osm,
      mapTileAttribution: "© OpenStreetMap contributors",
    });
    expect(
      loadConfig(
        { MAP_TILE_URL: "https://tiles.example/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Tiles" },
        { cwd },
      ),
    ).toMatchObject({ mapTileUrl: "https://tiles.example/{z}/{x}/{y}.png", mapTileAttribution: "© Tiles" });
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
      [{ REDIS_URL: "127.0.0.1:6379" }, "REDIS_URL"],
      [{ REDIS_KEY_PREFIX: "two words" }, "REDIS_KEY_PREFIX"],
      [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
      [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
      [{ MAP_TILE_URL: "https://tiles.example/{z}.png" }, "MAP_TILE_URL"],
      [{ ENCRYPTION_KEY: "short" }, "ENCRYPTION_KEY"],
      [{ ENCRYPTION_READ_KEYS: `${key(1)},${"!".repeat(43)}=` }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_READ_KEYS: Buffer.alloc(24, 1).toString("base64") }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_READ_KEYS: Buffer.alloc(33, 1).toString("base64") }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_READ_KEYS: `${key(1)}, ${key(2)},${key(1)}` }, "ENCRYPTION_READ_KEYS"],
      [{ ENCRYPTION_KEY: key(3), ENCRYPTION_READ_KEYS: `${key(1)},${key(3)}` }, "ENCRYPTION_READ_KEYS"],
      [{ S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
      [{ S3_BUCKET: "uploads" }, "S3_ENDPOINT"],
      [{ S3_ENDPOINT: "http://127.0.0.1:9000", ...s3Keys }, "S3_BUCKET"],
      [{ S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "Uploads_1", ...s3Keys }, "S3_BUCKET"],
      [{ S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "uploads" }, "S3_ACCESS_KEY_ID"],
      [
        { S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "uploads", S3_ACCESS_KEY_ID: "key" },
        "S3_SECRET_ACCESS_KEY",
      ],
      [{ ...s3, S3_PUBLIC_URL: "cdn.example" }, "S3_PUBLIC_URL"],
      [{ PAYMENT_GATEWAY: "paypal" }, "PAYMENT_GATEWAY"],
      [{ ...toss, TOSS_API_URL: "api.tosspayments.com" }, "TOSS_API_URL"],
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

  it("keeps uploads in DATA_DIR unless S3_ENDPOINT names a bucket", () => {
    const cwd = tempDir();
    expect(loadConfig({}, { cwd }).storage).toEqual({ kind: "local" });
    expect(loadConfig(s3, { cwd }).storage).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "motomate-uploads",
      region: "us-east-1",
      accessKeyId: "motomate",
      secretAccessKey: "bucket-secret",
      publicUrl: undefined,
    });
    const cdn = loadConfig(
      { ...s3, S3_REGION: "kr-standard", S3_PUBLIC_URL: "https://cdn.example/uploads" },
      { cwd },
    );
    expect(cdn.storage).toMatchObject({ region: "kr-standard", publicUrl: "https://cdn.example/uploads" });
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

  it("takes payments locally unless PAYMENT_GATEWAY=toss, which needs both keys of one environment", () => {
    const cwd = tempDir();
    expect(loadConfig({}, { cwd }).payments).toEqual({ kind: "local" });
    expect(loadConfig({ PAYMENT_GATEWAY: "local", ...tossKeys }, { cwd }).payments).toEqual({
      kind: "local",
    });
    expect(loadConfig(toss, { cwd }).payments).toEqual({
      kind: "toss",
      secretKey: tossKeys.TOSS_SECRET_KEY,
      clientKey: tossKeys.TOSS_CLIENT_KEY,
      apiUrl: undefined,
    });
    expect(loadConfig({ ...toss, TOSS_API_URL: "http://127.0.0.1:4010" }, { cwd }).payments).toMatchObject({
      apiUrl: "http://127.0.0.1:4010",
    });

    const cases: [Record<string, string>, string][] = [
      [{ PAYMENT_GATEWAY: "toss" }, "TOSS_SECRET_KEY"],
      [{ PAYMENT_GATEWAY: "toss", TOSS_SECRET_KEY: tossKeys.TOSS_SECRET_KEY }, "TOSS_CLIENT_KEY"],
      [{ ...toss, TOSS_CLIENT_KEY: "live_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq" }, "TOSS_CLIENT_KEY"],
      // Keys swapped, or a payment widget's keys (another product of the gateway).
      [{ ...toss, TOSS_SECRET_KEY: tossKeys.TOSS_CLIENT_KEY }, "TOSS_SECRET_KEY"],
      [{ ...toss, TOSS_CLIENT_KEY: "test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm" }, "TOSS_CLIENT_KEY"],
      // Keys without PAYMENT_GATEWAY: pasted, but the gateway never switched on.
      [tossKeys, "PAYMENT_GATEWAY"],
      [{ TOSS_API_URL: "https://api.tosspayments.com" }, "PAYMENT_GATEWAY"],
    ];
    for (const [env, setting] of cases) {
      const error = refusal(env, { cwd });
      expect(error.setting, JSON.stringify(env)).toBe(setting);
      // The one line never repeats a key.
      expect(error.message).not.toMatch(/zXLkKEyp|D5GePWvy|Ovk5rk1E/);
    }
  });

  it("pays withdrawals manually unless PAYOUT_SERVICE=toss, which needs the secret key and the security key", () => {
    const cwd = tempDir();
    expect(loadConfig({}, { cwd }).payouts).toEqual({ kind: "manual" });
    expect(loadConfig({ PAYOUT_SERVICE: "manual", ...payoutKeys }, { cwd }).payouts).toEqual({
      kind: "manual",
    });
    expect(loadConfig(tossPayouts, { cwd }).payouts).toEqual({
      kind: "toss",
      secretKey: payoutKeys.TOSS_PAYOUT_SECRET_KEY,
      securityKey: payoutKeys.TOSS_PAYOUT_SECURITY_KEY,
      apiUrl: undefined,
    });
    expect(
      loadConfig({ ...tossPayouts, TOSS_PAYOUT_API_URL: "http://127.0.0.1:4011" }, { cwd }).payouts,
    ).toMatchObject({ apiUrl: "http://127.0.0.1:4011" });

    const cases: [Record<string, string>, string][] = [
      [{ PAYOUT_SERVICE: "bank" }, "PAYOUT_SERVICE"],
      [{ PAYOUT_SERVICE: "toss" }, "TOSS_PAYOUT_SECRET_KEY"],
      [
        { PAYOUT_SERVICE: "toss", TOSS_PAYOUT_SECRET_KEY: payoutKeys.TOSS_PAYOUT_SECRET_KEY },
        "TOSS_PAYOUT_SECURITY_KEY",
      ],
      [
        { ...tossPayouts, TOSS_PAYOUT_SECRET_KEY: "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq" },
        "TOSS_PAYOUT_SECRET_KEY",
      ],
      [{ ...tossPayouts, TOSS_PAYOUT_SECURITY_KEY: "0123456789abcdef" }, "TOSS_PAYOUT_SECURITY_KEY"],
      [{ ...tossPayouts, TOSS_PAYOUT_SECURITY_KEY: "z".repeat(64) }, "TOSS_PAYOUT_SECURITY_KEY"],
      [{ ...tossPayouts, TOSS_PAYOUT_API_URL: "api.tosspayments.com" }, "TOSS_PAYOUT_API_URL"],
      // Payout settings without PAYOUT_SERVICE: pasted, but never switched on.
      [payoutKeys, "PAYOUT_SERVICE"],
      [{ TOSS_PAYOUT_SECURITY_KEY: payoutKeys.TOSS_PAYOUT_SECURITY_KEY }, "PAYOUT_SERVICE"],
      [{ TOSS_PAYOUT_API_URL: "https://api.tosspayments.com" }, "PAYOUT_SERVICE"],
    ];
    for (const [env, setting] of cases) {
      const error = refusal(env, { cwd });
      expect(error.setting, JSON.stringify(env)).toBe(setting);
      expect(error.message).not.toMatch(/Payouts0000|0123456789abcdef0123/);
    }
  });

  it("charges the bank's fee per withdrawal: DEFAULT_BANK_FEE unless set to 0–10,000 won", () => {
    const cwd = tempDir();
    expect(loadConfig({}, { cwd }).bankTransferFee).toBe(DEFAULT_BANK_FEE);
    expect(loadConfig({ BANK_TRANSFER_FEE: "0" }, { cwd }).bankTransferFee).toBe(0);
    expect(loadConfig({ BANK_TRANSFER_FEE: "10000" }, { cwd }).bankTransferFee).toBe(10_000);
    for (const value of ["-1", "10001", "500.5", "five hundred"])
      expect(refusal({ BANK_TRANSFER_FEE: value }, { cwd }).setting, value).toBe("BANK_TRANSFER_FEE");
  });

  it("never moves the clock next to real payouts: off by default, refused when asked for", () => {
    const cwd = tempDir();
    expect(loadConfig(tossPayouts, { cwd, dev: true }).testClock).toBe(false);
    expect(loadConfig({ PAYOUT_SERVICE: "manual" }, { cwd, dev: true }).testClock).toBe(true);
    for (const value of ["true", "1"]) {
      const error = refusal({ ...tossPayouts, TEST_CLOCK: value, NODE_ENV: "production" }, { cwd });
      expect(error.setting).toBe("TEST_CLOCK");
      expect(error.message).toMatch(/^Invalid setting TEST_CLOCK: must be off with PAYOUT_SERVICE=toss/);
    }
  });

  it("never moves the clock next to a real gateway: off by default, refused when asked for", () => {
    const cwd = tempDir();
    expect(loadConfig(toss, { cwd, dev: true }).testClock).toBe(false);
    expect(loadConfig({ ...toss, TEST_CLOCK: "false" }, { cwd, dev: true }).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "true" }, { cwd }).testClock).toBe(true);
    for (const value of ["true", "1"]) {
      const error = refusal({ ...toss, TEST_CLOCK: value }, { cwd });
      expect(error.setting).toBe("TEST_CLOCK");
      expect(error.message).toMatch(/^Invalid setting TEST_CLOCK: must be off with PAYMENT_GATEWAY=toss/);
    }
    // Refused before anything is written to DATA_DIR.
    const fresh = tempDir();
    refusal({ ...toss, TEST_CLOCK: "true" }, { cwd: fresh });
    expect(fs.existsSync(path.join(fresh, "data"))).toBe(false);
  });
});
