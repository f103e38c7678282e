import type { PayoutService } from "./types";

/** Stub of the manual payout service (replaced by the payouts branch). */
export function createManualPayouts(): PayoutService {
  return {
    mode: "manual",
    send: (requests) => Promise.resolve(requests.map(() => ({ status: "processing" as const, ref: null }))),
    lookup: () => Promise.resolve({ status: "processing", ref: null }),
    balance: () => Promise.resolve(null),
    parseWebhook: () => null,
  };
}
