import { HOLD_MS } from "#app/services/payments/payment-rules";

/**
 * The rules of experts' earnings and withdrawals (ADR 064), shared by the services and the pages.
 */

/**
 * When a settled payment becomes withdrawable: exactly 8 × 24 hours after the instant the meeting ended, the same
 * instant the requester's refund request closes (`HOLD_MS`). Not calendar days in Seoul: an instant the two rules
 * share cannot let a refund request arrive after its line was released.
 */
export function releasableAt(endedAt: Date): Date {
  return new Date(endedAt.getTime() + HOLD_MS);
}

/** The bank's transfer fee per withdrawal, in won, unless the operator configures another. */
export const DEFAULT_BANK_FEE = 500;

/** Wrong withdrawal-password tries before the password locks until an administrator unlocks it. */
export const PASSWORD_MAX_TRIES = 5;

/** How long an accepted withdrawal password opens withdrawals and account changes to the session. */
export const SECURITY_CHECK_MS = 5 * 60_000;

/** A withdrawal password is six digits. */
export const WITHDRAWAL_PASSWORD_PATTERN = /^\d{6}$/;

/** Reasons an administrator writes (hold, failure, review note, adjustment) are at most this long. */
export const ADMIN_REASON_MAX = 200;

/** The youngest age the specification lets register settlement information. */
export const SETTLEMENT_MIN_AGE = 15;

/** The largest adjustment of a member's earnings one act may make, in won: a guard against a mistyped figure. */
export const ADJUSTMENT_MAX_WON = 5_000_000;
