import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { systemClock, type Clock } from "#app/platform/clock.server";
import { CounterBuffer } from "#app/platform/counter-buffer.server";
import { createLocalStorage } from "#app/platform/storage/local.server";
import { createGazetteerProvider } from "#app/services/location/address-provider.server";
import { createAuth } from "#app/platform/auth/auth.server";
import { loadConfig, type AppConfig } from "#app/platform/env.server";
import { createLogger } from "#app/platform/logger.server";
import { createMessaging } from "#app/platform/messaging/index.server";
import { paymentGateway } from "#app/platform/payments/index.server";
import type { Runtime } from "#app/platform/runtime.server";
import { seedReferenceData } from "#app/services/reference/seed.server";
import { seedBoardCategories } from "#app/services/board/articles.server";
import type { DatabaseHandle } from "#app/db/client.server";
import { createTestDatabase } from "./database";
import { testPasswordHasher } from "./password-hasher";

/** A complete runtime on this test file's own database, with the local (outbox) message adapters. */
export async function createTestRuntime(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    buildId?: string;
    database?: DatabaseHandle;
    /** Better Auth's production password hashing instead of the tests' cheaper one (./password-hasher.ts). */
    productionPasswords?: boolean;
  } = {},
): Promise<Runtime> {
  const { db } = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? systemClock;
  await seedReferenceData(db, clock);
  await seedBoardCategories(db, clock);
  const config: AppConfig = loadConfig({
    SESSION_SECRET: "test-session-secret-0123456789-abcdef",
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    PUBLIC_URL: "http://localhost:3999",
    ...options.env,
  });
  const messaging = createMessaging({
    db,
    clock,
    config: { mailFrom: config.mail.from, smsSender: config.sms.sender },
  });
  const logger = createLogger("silent");
  const passwordHasher = options.productionPasswords ? undefined : testPasswordHasher;
  const auth = createAuth({ config, clock, db, messaging, logger, passwordHasher });
  return {
    config,
    db,
    clock,
    logger,
    buildId: options.buildId ?? "build-test-1",
    auth,
    messaging,
    payments: paymentGateway({ config: config.payments, publicUrl: config.publicUrl, db, clock }),
    storage: createLocalStorage({ root: fs.mkdtempSync(path.join(os.tmpdir(), "motomate-uploads-")) }),
    addresses: createGazetteerProvider(),
    views: new CounterBuffer(),
  };
}

/**
 * How long a test that seeds the demo data (members, catalogue, reviews, skills) may run before it counts as hung:
 * it writes thousands of rows, which took up to 30 s on a busy two-core machine.
 */
export const DEMO_SEED_TIMEOUT = 120_000;
