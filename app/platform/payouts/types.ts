/**
 * The payout service behind withdrawals (ADR 064): how won leaves the platform for an expert's bank account.
 *
 * - `manual` (the local default, what a small operator does): nothing is sent; administrators export the requested
 *   withdrawals as a bulk-transfer file for their bank, make the transfers, then mark each withdrawal paid or failed.
 * - `toss`: Toss Payments' payouts (지급대행, API v2): the expert is registered as a seller, the payout is requested,
 *   and its result arrives by webhook or lookup.
 *
 * Amounts are whole won. Account and resident numbers are passed in plain only to `send`/`registerSeller`, never
 * logged, never put in an error's message.
 */

export type PayoutMode = "manual" | "toss";

/** One payout to make: the withdrawal's own key is the idempotency key, so a retry never pays twice. */
export interface PayoutRequest {
  /** The withdrawal's `payoutKey` (letters, digits, `-`, `_`; at most 64). */
  payoutKey: string;
  memberId: string;
  category: "individual" | "business";
  /** The deposit, after the bank fee and the tax withheld. */
  amount: number;
  bankCode: string;
  /** Digits only, in plain: never logged. */
  accountNumber: string;
  holderName: string;
}

/** Where a payout is at the service. `unknown`: the service has no payout under that key. */
export type PayoutState =
  | { status: "processing"; ref: string | null }
  | { status: "paid"; ref: string | null; paidAt: Date | null }
  | { status: "failed"; ref: string | null; code: string; message: string }
  | { status: "unknown" };

/** A payout webhook's body, reduced to what it names; a hint only — the service is asked before anything changes. */
export interface PayoutHint {
  payoutKey: string | null;
  ref: string | null;
}

export interface PayoutService {
  readonly mode: PayoutMode;
  /**
   * Sends payouts. Manual mode sends nothing and answers `processing` for each (the administrator's transfer is the
   * payout). An answer that says nothing certain (timeout, 5xx) throws `PayoutUnavailable`; the caller leaves the
   * withdrawal `processing` and a job asks `lookup` later.
   */
  send(requests: PayoutRequest[]): Promise<PayoutState[]>;
  /** Asks where the payout of `payoutKey` is. Manual mode answers `processing` (only an administrator knows). */
  lookup(payoutKey: string): Promise<PayoutState>;
  /** Won the platform can pay out now, or null where the service does not say (manual). */
  balance(): Promise<number | null>;
  /** Reads a webhook's raw body; null when it is not a payout event this service sends. */
  parseWebhook(rawBody: string, headers: Headers): PayoutHint | null;
}

/** The payout service could not be reached or gave no certain answer; nothing may be concluded from it. */
export class PayoutUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`payout service unavailable: ${reason}`);
    this.name = "PayoutUnavailable";
  }
}
