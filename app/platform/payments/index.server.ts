import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import type { PaymentsConfig } from "#app/platform/env.server";
import { createLocalGateway } from "./local.server";
import { createTossGateway } from "./toss.server";
import type { PaymentGateway } from "./types";

/** The payment gateway of this configuration: Toss Payments when PAYMENT_GATEWAY=toss, the local one otherwise. */
export function paymentGateway({
  config,
  publicUrl,
  db,
  clock,
}: {
  config: PaymentsConfig;
  /** The product's public origin, where the gateway's window returns to. */
  publicUrl: string;
  db: Database;
  clock: Clock;
}): PaymentGateway {
  if (config.kind === "toss") {
    const { secretKey, clientKey, apiUrl } = config;
    return createTossGateway({ secretKey, clientKey, apiUrl, publicUrl });
  }
  return createLocalGateway({ db, clock });
}
