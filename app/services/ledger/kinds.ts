import type { LedgerCurrency } from "#app/db/schema";

/**
 * What a posting is. The service takes only these; the point page labels each in both languages
 * (`point.kind.<kind>`) and falls back to a general label for a kind stored by an older version.
 */
export const ledgerKinds = [
  /** Points: the welcome points of a new member. */
  "welcome_grant",
  /** Points: from one member to another. */
  "gift",
  /** Points: spent by the member. */
  "use",
  /** Points: a reward for a review. */
  "review_reward",
  /** Points: a reward for a missing-model report that was accepted into the catalogue. */
  "report_reward",
  /** Points: a reward for feedback after a meeting (once per meeting and member). */
  "feedback_reward",
  /** Points or won: a correction by an administrator. */
  "adjustment",
  /** Won: a payment taken by the gateway (and a coupon's discount from the promotions), held for its meeting. */
  "payment_captured",
  /** Won: a held payment of a meeting that ended, to the provider's pending earnings less the platform's fee. */
  "meeting_settled",
  /** Won: part or all of a settled payment given back to the requester's card. */
  "refund",
  /** Won: pending earnings whose hold ended, now withdrawable. */
  "hold_released",
  /** Won: withdrawable earnings paid out to the member's bank account, less the bank's fee. */
  "withdrawal",
  /** Either: the opposite entries of an earlier transaction (a refund, a cancelled grant). */
  "reversal",
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export function isLedgerKind(value: string): value is LedgerKind {
  return (ledgerKinds as readonly string[]).includes(value);
}

/** What a transaction is about, so that all postings of one payment or one review can be found. */
type LedgerSubjectType = "member" | "payment" | "review" | "withdrawal";
export interface LedgerSubject {
  type: LedgerSubjectType;
  id: string;
}

/**
 * The kinds of account, each with its currency and owner. A member's accounts never go below zero; the platform's
 * may (promotions and gateway clearing are sources, and a refund can take back a fee).
 */
export const ledgerAccountKinds = {
  /** The member's points. */
  member_points: { currency: "P", owner: "member", code: "points" },
  /** Won the member earned that is still on hold (a meeting not yet held, a refund still possible). */
  member_pending_earnings: { currency: "KRW", owner: "member", code: "pending-earnings" },
  /** Won the member may withdraw. */
  member_withdrawable_earnings: { currency: "KRW", owner: "member", code: "withdrawable-earnings" },
  /** Where welcome grants and other promotional points come from; negative by the points given away. */
  platform_promotions: { currency: "P", owner: "platform", code: "promotions:points" },
  /** Where spent points go. */
  platform_spent: { currency: "P", owner: "platform", code: "spent:points" },
  /** The payment gateway's side: negative by the won taken in and not yet paid out. */
  gateway_clearing: { currency: "KRW", owner: "platform", code: "gateway-clearing:krw" },
  /** Won the gateway took for meetings not yet ended (escrow): the provider earns it when the meeting ends. */
  platform_held: { currency: "KRW", owner: "platform", code: "held-for-meetings:krw" },
  /** Where coupons' discounts are paid from, in won; negative by the discounts given. */
  platform_promotions_krw: { currency: "KRW", owner: "platform", code: "promotions:krw" },
  /** The platform's fee income. */
  platform_fees: { currency: "KRW", owner: "platform", code: "fees:krw" },
  /** Bank transfer fees charged on withdrawals. */
  bank_fees: { currency: "KRW", owner: "platform", code: "bank-fees:krw" },
  /** Where administrators' adjustments of experts' earnings come from or go to. */
  platform_adjustments_krw: { currency: "KRW", owner: "platform", code: "adjustments:krw" },
  /** Won withdrawn and not yet paid out: the deposits owed to members' bank accounts. */
  payout_clearing: { currency: "KRW", owner: "platform", code: "payout-clearing:krw" },
  /** Income tax and local income tax withheld from individuals' withdrawals, owed to the tax offices. */
  withholding_tax: { currency: "KRW", owner: "platform", code: "withholding-tax:krw" },
  /** The platform's bank account the deposits left from: grows by every deposit paid out. */
  payouts_paid: { currency: "KRW", owner: "platform", code: "payouts-paid:krw" },
} as const satisfies Record<string, { currency: LedgerCurrency; owner: "member" | "platform"; code: string }>;
export type LedgerAccountKind = keyof typeof ledgerAccountKinds;
export type MemberAccountKind = {
  [K in LedgerAccountKind]: (typeof ledgerAccountKinds)[K]["owner"] extends "member" ? K : never;
}[LedgerAccountKind];
export type PlatformAccountKind = Exclude<LedgerAccountKind, MemberAccountKind>;
