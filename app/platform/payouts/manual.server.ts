import type { PayoutService } from "./types";

/**
 * The local default (ADR 065): nothing leaves the platform. Administrators export the requested withdrawals as a
 * bulk-transfer file (`bulkTransferCsv`), make the transfers at their bank, then mark each one paid or failed; until
 * then every payout is `processing` and only an administrator knows more.
 */
export function createManualPayouts(): PayoutService {
  return {
    mode: "manual",
    async send(requests) {
      return requests.map(() => ({ status: "processing", ref: null }));
    },
    async lookup() {
      return { status: "processing", ref: null };
    },
    async balance() {
      return null;
    },
    parseWebhook() {
      return null;
    },
  };
}
