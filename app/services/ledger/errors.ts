export type LedgerErrorCode =
  | "unbalanced"
  | "mixed_currency"
  | "invalid_amount"
  | "unknown_account"
  | "idempotency_conflict"
  | "insufficient_balance"
  | "same_account"
  | "account_mismatch"
  | "unknown_transaction"
  | "already_reversed"
  | "not_reversible";
