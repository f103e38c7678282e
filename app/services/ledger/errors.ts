import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/**
 * Ledger refusals are contradictions of the calling code (an unbalanced posting, an unknown account), never a
 * member's doing: every one answers as a server error.
 */
const internal = { status: 500, messageKey: "api.internal" } as const;

export const ledgerErrors = areaErrors("ledger.error", {
  unbalanced: internal,
  mixed_currency: internal,
  invalid_amount: internal,
  unknown_account: internal,
  idempotency_conflict: internal,
  insufficient_balance: internal,
  same_account: internal,
  account_mismatch: internal,
  unknown_transaction: internal,
  already_reversed: internal,
  not_reversible: internal,
});
export type LedgerErrorCode = ErrorCodeOf<typeof ledgerErrors>;

export interface LedgerErrorDetails {
  accountCode?: string;
  idempotencyKey?: string;
  transactionId?: number;
}
