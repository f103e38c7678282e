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
  /** An account was found under the code but with another kind, currency, owner or negative rule. */
  "account_mismatch",
  /** No transaction has the given id. */
  "unknown_transaction",
  /** The transaction was reversed before; a transaction is reversed at most once. */
  "already_reversed",
  /** The transaction is itself a reversal: post a new transaction instead. */
  "not_reversible",
] as const;
export type LedgerErrorCode = (typeof ledgerErrorCodes)[number];
