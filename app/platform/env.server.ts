import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { createKeyring, personalKeyId, type PersonalDataKeyring } from "./crypto/personal-number.server";
import { LOCAL_TILE_TEMPLATE, OSM_ATTRIBUTION } from "./map-tiles";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** 32 random bytes in standard base64, as `openssl rand -base64 32` prints them. */
const base64Key = /^[A-Za-z0-9+/]{43}=$/;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole number")
    .min(1, "expected a port between 1 and 65535")
    .max(65535, "expected a port between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  PUBLIC_URL: optionalString.pipe(z.url({ error: "expected an absolute http(s) URL" }).optional()),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// URL")
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "expected a redis:// or rediss:// URL")
      .optional(),
  ),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "expected 1–64 letters, digits or _ . : -")
    .default("motomate"),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ENCRYPTION_KEY: optionalString.pipe(
    z.string().regex(base64Key, "expected 32 bytes in base64 (44 characters)").optional(),
  ),
  ENCRYPTION_READ_KEYS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(base64Key, "expected comma-separated 32-byte keys in base64 (44 characters each)"),
      ),
    ),
  LOG_LEVEL: z.enum(logLevels, { error: `expected one of ${logLevels.join(", ")}` }).default("info"),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/, "expected an http(s) URL template with {z}, {x} and {y}")
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  JOB_POLL_INTERVAL_MS: z.coerce
    .number({ error: "expected a number of milliseconds" })
    .int()
    .min(50, "expected at least 50")
    .default(1000),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "expected comma-separated e-mail addresses" }))),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "expected an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3, "expected a sender address").default("모토메이트 <no-reply@motomate.kr>"),
  SMS_API_URL: optionalString.pipe(z.url({ error: "expected an absolute http(s) URL" }).optional()),
  SMS_API_KEY: optionalString,
  SMS_SENDER: z
    .string()
    .regex(/^\d{8,12}$/, "expected the sender number, digits only")
    .default("0212345678"),
  OUTBOX_PAGE: optionalString.pipe(
    z.enum(["true", "false", "1", "0"], { error: "expected true or false" }).optional(),
  ),
  TEST_CLOCK: optionalString.pipe(
    z.enum(["true", "false", "1", "0"], { error: "expected true or false" }).optional(),
  ),
  KAKAO_CLIENT_ID: optionalString,
  KAKAO_CLIENT_SECRET: optionalString,
  NAVER_CLIENT_ID: optionalString,
  NAVER_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  OIDC_DISCOVERY_URL: optionalString.pipe(z.url({ error: "expected an absolute http(s) URL" }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().default("OpenID"),
  KAKAO_REST_API_KEY: optionalString,
  DEMO_DATA: optionalString.pipe(z.enum(["true", "false"], { error: "expected true or false" }).optional()),
  WELCOME_POINTS: z.coerce
    .number({ error: "expected a whole number of points" })
    .int("expected a whole number of points")
    .min(0, "expected 0 or more")
    .default(3000),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }).optional(),
  ),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "expected a bucket name: 3–63 of a-z, 0-9, '.' and '-'")
      .optional(),
  ),
  S3_REGION: z.string().min(1, "must not be empty").default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }).optional(),
  ),
  PAYMENT_GATEWAY: optionalString.pipe(
    z.enum(["local", "toss"], { error: "expected local or toss" }).optional(),
  ),
  TOSS_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(test|live)_sk_\S+$/,
        "expected a secret key of the API keys for single payments (test_sk_… or live_sk_…)",
      )
      .optional(),
  ),
  TOSS_CLIENT_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(test|live)_ck_\S+$/,
        "expected a client key of the API keys for single payments (test_ck_… or live_ck_…)",
      )
      .optional(),
  ),
  TOSS_API_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }).optional(),
  ),
  PAYOUT_SERVICE: optionalString.pipe(
    z.enum(["manual", "toss"], { error: "expected manual or toss" }).optional(),
  ),
  TOSS_PAYOUT_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(test|live)_sk_\S+$/,
        "expected the secret key of the payouts contract (test_sk_… or live_sk_…)",
      )
      .optional(),
  ),
  TOSS_PAYOUT_SECURITY_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "expected the security key: 64 hexadecimal characters")
      .optional(),
  ),
  TOSS_PAYOUT_API_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }).optional(),
  ),
  // The same default as DEFAULT_BANK_FEE (settlement rules); the configuration's test keeps the two equal.
  BANK_TRANSFER_FEE: z.coerce
    .number({ error: "expected a whole number of won" })
    .int("expected a whole number of won")
    .min(0, "expected 0 to 10000")
    .max(10_000, "expected 0 to 10000")
    .default(500),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "expected a number of milliseconds" })
    .int()
    .min(0)
    .default(10_000),
});

export interface AppConfig {
  mode: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Redis, when set: realtime rooms span every process through its streams (otherwise through PostgreSQL's
   * LISTEN/NOTIFY when the database is shared, or stay in memory).
   */
  redisUrl: string | undefined;
  /** The start of every Redis key and channel of this deployment (several may share one Redis). */
  redisKeyPrefix: string;
  sessionSecret: string;
  /** Seals resident registration and bank account numbers (ADR 017). */
  personalDataKeys: PersonalDataKeyring;
  logLevel: (typeof logLevels)[number];
  /** The tile template maps load: MAP_TILE_URL when given, else the app's own grid tiles (LOCAL_TILE_TEMPLATE). */
  mapTileUrl: string;
  /** Shown with the tiles: MAP_TILE_ATTRIBUTION, else OpenStreetMap's for a configured server, none for our own. */
  mapTileAttribution: string;
  trustedProxies: string[];
  jobPollIntervalMs: number;
  shutdownTimeoutMs: number;
  adminEmails: string[];
  mail: { smtpUrl: string | undefined; from: string };
  sms: { apiUrl: string | undefined; apiKey: string | undefined; sender: string };
  /** Show the message outbox to everybody (development and tests); administrators always see it. */
  outboxPage: boolean;
  /** The server's clock can be moved forward through POST /test/clock (browser tests); gated like the outbox. */
  testClock: boolean;
  /** External sign-in providers that have both a client id and a secret. */
  socialProviders: Partial<Record<SocialProviderId, { clientId: string; clientSecret: string }>>;
  /** A generic OpenID Connect provider (any compliant identity provider). */
  oidc: { discoveryUrl: string; clientId: string; clientSecret: string; name: string } | undefined;
  /** Kakao Local address search; the built-in gazetteer answers without it. */
  kakaoRestApiKey: string | undefined;
  /** Points granted once to each member on the welcome screen. */
  welcomePoints: number;
  /** Where uploads go: DATA_DIR/uploads, or an S3-compatible bucket that every instance shares. */
  storage: StorageConfig;
  /** Seed demo members into an empty database: on by default for the embedded one, off for PostgreSQL. */
  demoData: boolean;
  /** Where payments go (ADR 059): the built-in local gateway, or Toss Payments. */
  payments: PaymentsConfig;
  /** How experts' withdrawals are paid (ADR 065): by the administrators' bank transfers, or Toss Payments' payouts. */
  payouts: PayoutsConfig;
  /** The bank's fee per withdrawal in won (0–10,000), charged to the expert. */
  bankTransferFee: number;
}

export type PayoutsConfig =
  | { kind: "manual" }
  | {
      kind: "toss";
      /** Never logged. */
      secretKey: string;
      /** Encrypts request bodies (JWE); never logged. */
      securityKey: string;
      apiUrl: string | undefined;
    };

export type PaymentsConfig =
  | { kind: "local" }
  | {
      kind: "toss";
      /** Never logged, never sent to a browser. */
      secretKey: string;
      clientKey: string;
      /** The API's origin; Toss Payments' own unless a test server stands in for it. */
      apiUrl: string | undefined;
    };

type StorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Where browsers load files from (a CDN); without it the app serves them under /uploads. */
      publicUrl: string | undefined;
    };

export const socialProviderIds = ["kakao", "naver", "google", "apple"] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

/** A setting that cannot be used; `message` is the one line the server prints before it stops. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    detail: string,
  ) {
    super(`Invalid setting ${setting}: ${detail}`);
    this.name = "ConfigError";
  }
}

interface GeneratedSecrets {
  sessionSecret: string;
  encryptionKey: string;
}

/**
 * Secrets for the embedded default live in DATA_DIR/secrets.json, created on first start, so a fresh clone runs with
 * no configuration. Several instances on one PostgreSQL must share their secrets, so there they come from the
 * environment.
 */
function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, "secrets.json");
  if (fs.existsSync(file)) {
    const parsed = z
      .object({ sessionSecret: z.string().min(32), encryptionKey: z.string().length(44) })
      .safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (!parsed.success)
      throw new ConfigError("DATA_DIR", `${file} is damaged; remove it to generate new secrets`);
    return parsed.data;
  }
  const secrets: GeneratedSecrets = {
    sessionSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("base64"),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  return secrets;
}

/** A key listed twice is most likely a rotation pasted wrong (the retired key lost), so it stops the server. */
function readPersonalDataKeys(current: string, readOnly: string[]): PersonalDataKeyring {
  const currentKey = Buffer.from(current, "base64");
  const seen = new Set([personalKeyId(currentKey)]);
  const readOnlyKeys = readOnly.map((text) => {
    const key = Buffer.from(text, "base64");
    const id = personalKeyId(key);
    if (seen.has(id))
      throw new ConfigError(
        "ENCRYPTION_READ_KEYS",
        `lists key ${id} twice (or repeats the current key); list each other key once`,
      );
    seen.add(id);
    return key;
  });
  return createKeyring(currentKey, readOnlyKeys);
}

/**
 * S3_ENDPOINT selects the bucket; it then needs the bucket and both keys, and the other S3 settings alone are a
 * configuration pasted incompletely, not a reason to fall back to local files silently.
 */
function readStorage(parsed: ReturnType<typeof parseEnv>): StorageConfig {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = parsed;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = parsed;
  if (!endpoint) {
    const stray = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const).find(
      (name) => parsed[name] !== undefined,
    );
    if (stray) throw new ConfigError("S3_ENDPOINT", `required when ${stray} is set`);
    return { kind: "local" };
  }
  if (!bucket) throw new ConfigError("S3_BUCKET", "required with S3_ENDPOINT");
  if (!accessKeyId) throw new ConfigError("S3_ACCESS_KEY_ID", "required with S3_ENDPOINT");
  if (!secretAccessKey) throw new ConfigError("S3_SECRET_ACCESS_KEY", "required with S3_ENDPOINT");
  return {
    kind: "s3",
    endpoint,
    bucket,
    region: parsed.S3_REGION,
    accessKeyId,
    secretAccessKey,
    publicUrl: parsed.S3_PUBLIC_URL,
  };
}

/**
 * PAYMENT_GATEWAY=toss takes both keys of one environment (test or live). Toss keys without it are a configuration
 * pasted incompletely, not a reason to take payments locally without a word.
 */
function readPayments(parsed: ReturnType<typeof parseEnv>): PaymentsConfig {
  const { PAYMENT_GATEWAY: gateway, TOSS_SECRET_KEY: secretKey, TOSS_CLIENT_KEY: clientKey } = parsed;
  if (gateway !== "toss") {
    const stray = (["TOSS_SECRET_KEY", "TOSS_CLIENT_KEY", "TOSS_API_URL"] as const).find(
      (name) => parsed[name] !== undefined,
    );
    if (stray && gateway === undefined)
      throw new ConfigError("PAYMENT_GATEWAY", `set it to toss to use ${stray} (or to local to ignore it)`);
    return { kind: "local" };
  }
  if (!secretKey) throw new ConfigError("TOSS_SECRET_KEY", "required with PAYMENT_GATEWAY=toss");
  if (!clientKey) throw new ConfigError("TOSS_CLIENT_KEY", "required with PAYMENT_GATEWAY=toss");
  if (secretKey.slice(0, 4) !== clientKey.slice(0, 4))
    throw new ConfigError(
      "TOSS_CLIENT_KEY",
      "must be of the same environment (test or live) as TOSS_SECRET_KEY",
    );
  return { kind: "toss", secretKey, clientKey, apiUrl: parsed.TOSS_API_URL };
}

/**
 * PAYOUT_SERVICE=toss takes the payouts contract's secret key and security key. Those settings without it are a
 * configuration pasted incompletely, as with the payment gateway.
 */
function readPayouts(parsed: ReturnType<typeof parseEnv>): PayoutsConfig {
  const {
    PAYOUT_SERVICE: service,
    TOSS_PAYOUT_SECRET_KEY: secretKey,
    TOSS_PAYOUT_SECURITY_KEY: securityKey,
  } = parsed;
  if (service !== "toss") {
    const stray = (
      ["TOSS_PAYOUT_SECRET_KEY", "TOSS_PAYOUT_SECURITY_KEY", "TOSS_PAYOUT_API_URL"] as const
    ).find((name) => parsed[name] !== undefined);
    if (stray && service === undefined)
      throw new ConfigError("PAYOUT_SERVICE", `set it to toss to use ${stray} (or to manual to ignore it)`);
    return { kind: "manual" };
  }
  if (!secretKey) throw new ConfigError("TOSS_PAYOUT_SECRET_KEY", "required with PAYOUT_SERVICE=toss");
  if (!securityKey) throw new ConfigError("TOSS_PAYOUT_SECURITY_KEY", "required with PAYOUT_SERVICE=toss");
  return { kind: "toss", secretKey, securityKey, apiUrl: parsed.TOSS_PAYOUT_API_URL };
}

function parseEnv(env: Record<string, string | undefined>) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? "environment"), issue.message);
  }
  return result.data;
}

export function loadConfig(
  env: Record<string, string | undefined>,
  options: { dev?: boolean; cwd?: string } = {},
): AppConfig {
  const parsed = parseEnv({ ...env, NODE_ENV: env.NODE_ENV ?? (options.dev ? "development" : undefined) });
  const dataDir = path.resolve(options.cwd ?? process.cwd(), parsed.DATA_DIR);
  const payments = readPayments(parsed);
  const payouts = readPayouts(parsed);
  // A movable clock next to a gateway that takes real money would let anyone who reaches /test/clock expire holds
  // and release earnings early: off by default there, and refused when asked for.
  const testClockAsked = parsed.TEST_CLOCK
    ? parsed.TEST_CLOCK === "true" || parsed.TEST_CLOCK === "1"
    : undefined;
  if (testClockAsked && payments.kind !== "local")
    throw new ConfigError(
      "TEST_CLOCK",
      "must be off with PAYMENT_GATEWAY=toss (a real gateway takes real money)",
    );
  if (testClockAsked && payouts.kind !== "manual")
    throw new ConfigError(
      "TEST_CLOCK",
      "must be off with PAYOUT_SERVICE=toss (real payouts send real money)",
    );
  const sharedDatabase = parsed.DATABASE_URL !== undefined && parsed.NODE_ENV === "production";
  if (sharedDatabase && !parsed.SESSION_SECRET) {
    throw new ConfigError(
      "SESSION_SECRET",
      "required with DATABASE_URL in production (instances must share it)",
    );
  }
  if (sharedDatabase && !parsed.ENCRYPTION_KEY) {
    throw new ConfigError(
      "ENCRYPTION_KEY",
      "required with DATABASE_URL in production (instances must share it)",
    );
  }
  const generated = parsed.SESSION_SECRET && parsed.ENCRYPTION_KEY ? undefined : loadOrCreateSecrets(dataDir);
  const personalDataKeys = readPersonalDataKeys(
    parsed.ENCRYPTION_KEY ?? generated!.encryptionKey,
    parsed.ENCRYPTION_READ_KEYS,
  );
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return {
    mode: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    sessionSecret: parsed.SESSION_SECRET ?? generated!.sessionSecret,
    personalDataKeys,
    logLevel: parsed.LOG_LEVEL,
    mapTileUrl: parsed.MAP_TILE_URL ?? LOCAL_TILE_TEMPLATE,
    mapTileAttribution: parsed.MAP_TILE_ATTRIBUTION ?? (parsed.MAP_TILE_URL ? OSM_ATTRIBUTION : ""),
    trustedProxies: parsed.TRUSTED_PROXIES,
    jobPollIntervalMs: parsed.JOB_POLL_INTERVAL_MS,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
    adminEmails: parsed.ADMIN_EMAILS,
    mail: { smtpUrl: parsed.SMTP_URL, from: parsed.MAIL_FROM },
    sms: { apiUrl: parsed.SMS_API_URL, apiKey: parsed.SMS_API_KEY, sender: parsed.SMS_SENDER },
    outboxPage: parsed.OUTBOX_PAGE
      ? parsed.OUTBOX_PAGE === "true" || parsed.OUTBOX_PAGE === "1"
      : parsed.NODE_ENV === "development",
    testClock:
      testClockAsked ??
      (parsed.NODE_ENV === "development" && payments.kind === "local" && payouts.kind === "manual"),
    socialProviders: Object.fromEntries(
      socialProviderIds.flatMap((id) => {
        const upper = id.toUpperCase() as Uppercase<SocialProviderId>;
        const clientId = parsed[`${upper}_CLIENT_ID`];
        const clientSecret = parsed[`${upper}_CLIENT_SECRET`];
        return clientId && clientSecret ? [[id, { clientId, clientSecret }]] : [];
      }),
    ),
    oidc:
      parsed.OIDC_DISCOVERY_URL && parsed.OIDC_CLIENT_ID && parsed.OIDC_CLIENT_SECRET
        ? {
            discoveryUrl: parsed.OIDC_DISCOVERY_URL,
            clientId: parsed.OIDC_CLIENT_ID,
            clientSecret: parsed.OIDC_CLIENT_SECRET,
            name: parsed.OIDC_NAME,
          }
        : undefined,
    kakaoRestApiKey: parsed.KAKAO_REST_API_KEY,
    welcomePoints: parsed.WELCOME_POINTS,
    storage: readStorage(parsed),
    demoData: parsed.DEMO_DATA ? parsed.DEMO_DATA === "true" : parsed.DATABASE_URL === undefined,
    payments,
    payouts,
    bankTransferFee: parsed.BANK_TRANSFER_FEE,
  };
}
