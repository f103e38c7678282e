import { eq } from "drizzle-orm";
import { ledgerAccount } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import {
  ledgerAccountKinds,
  type LedgerAccountKind,
  type MemberAccountKind,
  type PlatformAccountKind,
} from "./kinds";

/**
 * The ledger's accounts: a member's by member and kind, the platform's one per kind, each named by a code the
 * postings and the reads use, and opened the first time it is needed.
 */

const memberAccountCode = (userId: string, kind: MemberAccountKind) =>
  `member:${userId}:${ledgerAccountKinds[kind].code}`;
const platformAccountCode = (kind: PlatformAccountKind) => `platform:${ledgerAccountKinds[kind].code}`;

export const memberPointsCode = (userId: string) => memberAccountCode(userId, "member_points");
export const memberPendingEarningsCode = (userId: string) =>
  memberAccountCode(userId, "member_pending_earnings");
export const memberWithdrawableEarningsCode = (userId: string) =>
  memberAccountCode(userId, "member_withdrawable_earnings");
/** Where welcome grants and other promotional points come from; it goes negative by the points given away. */
export const PROMOTIONS_POINTS = platformAccountCode("platform_promotions");
export const SPENT_POINTS = platformAccountCode("platform_spent");
export const GATEWAY_CLEARING_KRW = platformAccountCode("gateway_clearing");
export const PLATFORM_FEES_KRW = platformAccountCode("platform_fees");
export const HELD_FOR_MEETINGS_KRW = platformAccountCode("platform_held");
export const PROMOTIONS_KRW = platformAccountCode("platform_promotions_krw");
export const BANK_FEES_KRW = platformAccountCode("bank_fees");
export const EARNINGS_ADJUSTMENTS_KRW = platformAccountCode("platform_adjustments_krw");
export const PAYOUT_CLEARING_KRW = platformAccountCode("payout_clearing");
export const WITHHOLDING_TAX_KRW = platformAccountCode("withholding_tax");
export const PAYOUTS_PAID_KRW = platformAccountCode("payouts_paid");

export type LedgerAccount = typeof ledgerAccount.$inferSelect;

/**
 * The account `code` of `kind`, created when missing; safe to call repeatedly and concurrently. The kind fixes the
 * currency, and a member's account never goes negative; an existing account with the code but other properties is
 * refused with "account_mismatch".
 */
async function ensureAccount(
  uow: UnitOfWork,
  code: string,
  kind: LedgerAccountKind,
  ownerId: string | null,
): Promise<LedgerAccount> {
  const db = uow.tx;
  const { currency, owner } = ledgerAccountKinds[kind];
  const allowNegative = owner === "platform";
  await db
    .insert(ledgerAccount)
    .values({ code, kind, currency, ownerId, allowNegative, createdAt: uow.now })
    .onConflictDoNothing({ target: ledgerAccount.code });
  const [account] = await db.select().from(ledgerAccount).where(eq(ledgerAccount.code, code));
  if (!account) throw new Error(`ledger account ${code} was neither created nor found`);
  if (
    account.kind !== kind ||
    account.currency !== currency ||
    account.ownerId !== ownerId ||
    account.allowNegative !== allowNegative
  ) {
    throw new DomainError("ledger", "account_mismatch", { accountCode: code });
  }
  return account;
}

/** A member's account of a member kind (points, pending or withdrawable earnings), created when missing. */
export function ensureMemberAccount(
  uow: UnitOfWork,
  userId: string,
  kind: MemberAccountKind,
): Promise<LedgerAccount> {
  return ensureAccount(uow, memberAccountCode(userId, kind), kind, userId);
}

/** The platform's one account of a platform kind, created when missing. */
export function ensurePlatformAccount(uow: UnitOfWork, kind: PlatformAccountKind): Promise<LedgerAccount> {
  return ensureAccount(uow, platformAccountCode(kind), kind, null);
}

export function ensurePromotionsAccount(uow: UnitOfWork): Promise<LedgerAccount> {
  return ensurePlatformAccount(uow, "platform_promotions");
}

export function ensureMemberPointsAccount(uow: UnitOfWork, userId: string): Promise<LedgerAccount> {
  return ensureMemberAccount(uow, userId, "member_points");
}
