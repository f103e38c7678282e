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
  /**
   * The seller id `registerSeller` returned, where the service pays registered sellers only (Toss: the payout's
   * `destination`). Manual mode ignores it; Toss answers `failed` (`SELLER_NOT_REGISTERED`) without it.
   */
  sellerId?: string;
}

/** An expert to register as a seller before their first payout (Toss's 셀러 등록); only `registerSeller` takes it. */
export interface SellerRegistration {
  /** The service's own reference for the seller (Toss `refSellerId`): the member id. */
  memberId: string;
  /** Sent as the idempotency key: the same registration retried registers once. */
  registrationKey: string;
  /** `individual`: a person (Toss INDIVIDUAL); `sole-proprietor` / `corporation`: a business (INDIVIDUAL_BUSINESS / CORPORATE). */
  kind: "individual" | "sole-proprietor" | "corporation";
  /** The person's name, or the business's representative. */
  name: string;
  email: string;
  /** Digits only. */
  phone: string;
  /** Businesses only: the trade name and the 10-digit registration number. */
  business?: { companyName: string; registrationNumber: string };
  bankCode: string;
  /** Digits only, in plain: never logged. */
  accountNumber: string;
  holderName: string;
}

/**
 * A registered seller at the service. Toss's statuses: a person waits for identity verification
 * (`approval-required`), then may be paid up to 10,000,000 won (`partially-approved`); past that Toss asks for KYC
 * (`kyc-required`) until it is done (`approved`).
 */
export interface SellerState {
  sellerId: string;
  status: "approval-required" | "partially-approved" | "kyc-required" | "approved";
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
  /**
   * Asks where the payout of `payoutKey` is. Manual mode answers `processing` (only an administrator knows). `ref` is
   * the reference `send` or a webhook gave; Toss looks payouts up by it only, so without one it throws
   * `PayoutUnavailable` and the way to learn it is to `send` the same request again (the same key is answered once).
   */
  lookup(payoutKey: string, ref?: string | null): Promise<PayoutState>;
  /** Won the platform can pay out now, or null where the service does not say (manual). */
  balance(): Promise<number | null>;
  /** Reads a webhook's raw body; null when it is not a payout event this service sends. */
  parseWebhook(rawBody: string, headers: Headers): PayoutHint | null;
  /**
   * Registers an expert where the service pays registered sellers only (Toss); absent in manual mode. A refusal
   * (a malformed account, a closed business) throws `PayoutRefused`; no certain answer throws `PayoutUnavailable`.
   */
  registerSeller?(registration: SellerRegistration): Promise<SellerState>;
}

/** The payout service could not be reached or gave no certain answer; nothing may be concluded from it. */
export class PayoutUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`payout service unavailable: ${reason}`);
    this.name = "PayoutUnavailable";
  }
}

/** The payout service answered and refused a registration; `message` is the service's, without personal numbers. */
export class PayoutRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "PayoutRefused";
  }
}
