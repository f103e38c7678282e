import type { PayoutsConfig } from "#app/platform/env.server";
import { createManualPayouts } from "./manual.server";
import { createTossPayouts } from "./toss.server";
import type { PayoutService } from "./types";

/** The payout service of this configuration: Toss Payments' payouts when PAYOUT_SERVICE=toss, manual otherwise. */
export function payoutService(config: PayoutsConfig): PayoutService {
  if (config.kind === "toss") {
    const { secretKey, securityKey, apiUrl } = config;
    return createTossPayouts({ secretKey, securityKey, apiUrl });
  }
  return createManualPayouts();
}
