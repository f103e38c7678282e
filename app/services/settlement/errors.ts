import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of withdrawals and their tax (ADR 064): the member's withdrawal, and the console's acts on it. */
export const settlementErrors = areaErrors("withdrawal.error", {
  nothing_selected: 400,
  too_many_lines: 400,
  line_not_withdrawable: 409,
  no_settlement_info: 409,
  deposit_too_small: 409,
  balance_short: 409,
  not_found: 404,
  not_requested: 409,
  not_held: 409,
  not_processing: 409,
  automatic_payouts: 409,
  reason_required: 400,
  reason_length: 400,
  month_invalid: 400,
  forbidden: 403,
  payout_unknown: 404,
  payout_final: 409,
});
export type SettlementErrorCode = ErrorCodeOf<typeof settlementErrors>;
