import { describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { systemClock } from "#app/platform/clock.server";
import { loadConfig } from "#app/platform/env.server";
import { paymentGateway } from "./index.server";

// Neither adapter touches the database or the network when it is made.
const db = {} as Database;
const env = {
  SESSION_SECRET: "gateway-test-session-secret-01234",
  ENCRYPTION_KEY: Buffer.alloc(32, 2).toString("base64"),
};

describe("the configured payment gateway", () => {
  it("is the local one by default and Toss Payments with PAYMENT_GATEWAY=toss", () => {
    const local = loadConfig(env);
    expect(
      paymentGateway({ config: local.payments, publicUrl: local.publicUrl, db, clock: systemClock }).kind,
    ).toBe("local");
    const toss = loadConfig({
      ...env,
      PAYMENT_GATEWAY: "toss",
      TOSS_SECRET_KEY: "test_sk_factory0000",
      TOSS_CLIENT_KEY: "test_ck_factory0000",
    });
    const gateway = paymentGateway({
      config: toss.payments,
      publicUrl: toss.publicUrl,
      db,
      clock: systemClock,
    });
    expect(gateway.kind).toBe("toss");
    // The adapter keeps the secret to itself: nothing of it shows when the gateway is logged.
    expect(JSON.stringify(gateway)).not.toContain("factory0000");
  });
});
