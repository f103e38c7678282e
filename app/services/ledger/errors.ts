export const ledgerErrorCodes = [
  /** The entries are missing or do not sum to zero. */
  "unbalanced",
  /** The entries' accounts are not all in one currency (points and won never mix). */
  "mixed_currency",
  /** An amount is not a non-zero safe integer (or a transfer/grant amount is not positive). */
  "invalid_amount",
  /** No account has the given code. */
  "unknown_account",
  /** The idempotency key was used before for a different posting. */
  "idempotency_conflict",
  /** The posting would take an account that may not go negative below zero. */
  "insufficient_balance",
  /** A transfer names the same account on both sides. */
  "same_account",
  /** `ensureAccount` found an account with the code but other properties. */
  "account_mismatch",
] as const;
export type LedgerErrorCode = (typeof ledgerErrorCodes)[number];
