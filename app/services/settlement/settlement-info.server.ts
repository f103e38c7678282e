import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, settlementInfo, withdrawalPassword, type SettlementCategory } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import {
  decryptPersonal,
  encryptPersonal,
  type PersonalDataKeyring,
} from "#app/platform/crypto/personal-number.server";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { maskBankAccountNumber, parseBankAccountNumber } from "#app/services/personal-numbers/bank-account";
import { maskResidentNumber, parseResidentNumber } from "#app/services/personal-numbers/resident-number";
import { isBankCode } from "./bank-codes";
import type { SettlementInfoErrorCode } from "./info-errors";
import { isOldEnough, parseKoreanName, parseTaxEmail, parseTaxPhone } from "./settlement-info.schema";

/**
 * A member's settlement information (the withdrawal account, ADR 017 for its numbers): one row per member, the
 * category taken from the member's own type. The account and resident numbers are sealed for their owner and stored
 * beside their masked forms; nothing here opens them but the two thin wrappers at the end, which the payout and the
 * tax export call (and audit-log) when they need the digits.
 *
 * Saving needs a withdrawal password set, not locked, and the session's recent check of it (the page asks
 * `requireSecurityCheck` first and says so here). A change clears the administrator's review mark.
 */

const fail = (code: SettlementInfoErrorCode) => new DomainError("settlementInfo", code);

/** Business members settle as businesses; everybody else (individuals, members who have not said) as individuals. */
function categoryOfMemberType(memberType: string | null | undefined): SettlementCategory {
  return memberType === "business" ? "business" : "individual";
}

/** The settlement category the member's own type gives. */
export async function settlementCategoryOf(
  source: DatabaseOrUnit,
  userId: string,
): Promise<SettlementCategory> {
  const [row] = await executor(source)
    .select({ memberType: member.memberType })
    .from(member)
    .where(eq(member.id, userId));
  if (!row) throw fail("not_found");
  return categoryOfMemberType(row.memberType);
}

export type ReviewState = "waiting" | "reviewed" | "correction";

/** The review mark a row carries: none yet, looked at, or sent back with a note. */
export function reviewStateOf(row: { reviewedAt: Date | null; reviewNote: string | null }): ReviewState {
  if (!row.reviewedAt) return "waiting";
  return row.reviewNote ? "correction" : "reviewed";
}

/** What pages show of a member's settlement information: masked numbers only, never a sealed value. */
export interface SettlementInfoView {
  category: SettlementCategory;
  bankCode: string;
  holderName: string;
  accountMasked: string;
  residentMasked: string | null;
  ownerName: string | null;
  taxEmail: string | null;
  taxPhone: string | null;
  agreedAt: Date | null;
  review: { state: ReviewState; note: string | null; at: Date | null };
  updatedAt: Date;
}

/** The member's settlement information as pages show it, or null when none is registered. */
export async function settlementInfoView(
  source: DatabaseOrUnit,
  userId: string,
): Promise<SettlementInfoView | null> {
  const [row] = await executor(source)
    .select({
      category: settlementInfo.category,
      bankCode: settlementInfo.bankCode,
      holderName: settlementInfo.holderName,
      accountMasked: settlementInfo.accountMasked,
      residentMasked: settlementInfo.residentMasked,
      ownerName: settlementInfo.ownerName,
      taxEmail: settlementInfo.taxEmail,
      taxPhone: settlementInfo.taxPhone,
      agreedAt: settlementInfo.agreedAt,
      reviewedAt: settlementInfo.reviewedAt,
      reviewNote: settlementInfo.reviewNote,
      updatedAt: settlementInfo.updatedAt,
    })
    .from(settlementInfo)
    .where(eq(settlementInfo.userId, userId));
  if (!row) return null;
  const { reviewedAt, reviewNote, ...shown } = row;
  return { ...shown, review: { state: reviewStateOf(row), note: reviewNote, at: reviewedAt } };
}

/** The settlement form as typed (numbers with or without their hyphens); empty numbers keep the stored ones. */
export interface SettlementInfoInput {
  bankCode: string;
  holderName: string;
  accountNumber?: string;
  /** Individuals only. */
  residentNumber?: string;
  agreed?: boolean;
  /** Businesses only. */
  ownerName?: string;
  taxEmail?: string;
  taxPhone?: string;
}

/** A value the member must give, refused with `invalid` when it does not read. */
function required<T>(value: T | undefined, code: SettlementInfoErrorCode): T {
  if (value === undefined) throw fail(code);
  return value;
}

/**
 * Registers or changes the member's settlement information, checked again whatever the form said: the bank, the
 * Korean-only names, the account number (required the first time; empty keeps the stored one), and for individuals
 * the resident number (the same, and 15 or older on the Seoul day of the unit's clock) with the agreement, for
 * businesses the owner and the tax invoices' e-mail and mobile number. New numbers are sealed for the member.
 */
export async function saveSettlementInfo(
  db: Database,
  clock: Clock,
  keyring: PersonalDataKeyring,
  actor: Actor,
  input: SettlementInfoInput,
  options: { recentlyChecked: boolean },
): Promise<void> {
  const userId = actor.id;
  await runInTransaction(db, clock, async (uow) => {
    const [password] = await uow.tx
      .select({ hash: withdrawalPassword.hash, lockedAt: withdrawalPassword.lockedAt })
      .from(withdrawalPassword)
      .where(eq(withdrawalPassword.userId, userId));
    if (password?.lockedAt) throw fail("password_locked");
    if (!password?.hash) throw fail("password_required");
    if (!options.recentlyChecked) throw fail("security_check_required");

    const category = await settlementCategoryOf(uow, userId);
    const [stored] = await uow.tx
      .select()
      .from(settlementInfo)
      .where(eq(settlementInfo.userId, userId))
      .for("update");

    const bankCode = input.bankCode.trim();
    if (!isBankCode(bankCode)) throw fail("bank_invalid");
    const holderName = required(parseKoreanName(input.holderName), "holder_invalid");
    const seal = (purpose: "bank-account" | "resident-number", digits: string) =>
      encryptPersonal(keyring, { purpose, ownerId: userId }, digits);

    const typedAccount = input.accountNumber?.trim() ?? "";
    let account: { sealed: string; masked: string };
    if (typedAccount !== "") {
      const digits = required(parseBankAccountNumber(typedAccount), "account_invalid");
      account = { sealed: seal("bank-account", digits), masked: maskBankAccountNumber(digits) };
    } else if (stored) account = { sealed: stored.accountSealed, masked: stored.accountMasked };
    else throw fail("account_required");

    const kept = {
      residentSealed: null as string | null,
      residentMasked: null as string | null,
      ownerName: null as string | null,
      taxEmail: null as string | null,
      taxPhone: null as string | null,
      agreedAt: null as Date | null,
    };
    if (category === "individual") {
      const typedResident = input.residentNumber?.trim() ?? "";
      if (typedResident !== "") {
        const digits = required(parseResidentNumber(typedResident), "resident_invalid");
        if (!isOldEnough(digits, uow.now)) throw fail("too_young");
        kept.residentSealed = seal("resident-number", digits);
        kept.residentMasked = maskResidentNumber(digits);
      } else if (stored?.residentSealed && stored.residentMasked) {
        kept.residentSealed = stored.residentSealed;
        kept.residentMasked = stored.residentMasked;
      } else throw fail("resident_required");
      if (input.agreed !== true) throw fail("agreement_required");
      kept.agreedAt = uow.now;
    } else {
      kept.ownerName = required(parseKoreanName(input.ownerName ?? ""), "owner_invalid");
      kept.taxEmail = required(parseTaxEmail(input.taxEmail ?? ""), "email_invalid");
      kept.taxPhone = required(parseTaxPhone(input.taxPhone ?? ""), "phone_invalid");
    }

    const values = {
      category,
      bankCode,
      holderName,
      accountSealed: account.sealed,
      accountMasked: account.masked,
      ...kept,
      // A change is looked at again, and registered again with the payout service at the next payout.
      payoutSellerId: null,
      reviewedAt: null,
      reviewedBy: null,
      reviewNote: null,
      updatedAt: uow.now,
    };
    await uow.tx
      .insert(settlementInfo)
      .values({ userId, ...values, createdAt: uow.now })
      .onConflictDoUpdate({ target: settlementInfo.userId, set: values });
  });
}

/** The account a withdrawal pays to, as the withdrawal row copies it: the sealed number unopened, for the same owner. */
export interface PayoutAccount {
  category: SettlementCategory;
  bankCode: string;
  holderName: string;
  accountSealed: string;
  accountMasked: string;
}

/** The member's payout account, read in the withdrawal's unit of work; null when none is registered. */
export async function payoutAccountOf(uow: UnitOfWork, userId: string): Promise<PayoutAccount | null> {
  const [row] = await uow.tx
    .select({
      category: settlementInfo.category,
      bankCode: settlementInfo.bankCode,
      holderName: settlementInfo.holderName,
      accountSealed: settlementInfo.accountSealed,
      accountMasked: settlementInfo.accountMasked,
    })
    .from(settlementInfo)
    .where(eq(settlementInfo.userId, userId));
  return row ?? null;
}

/** Opens a sealed account number of the member (the payout): the caller audit-logs every opening. */
export function openAccountNumber(keyring: PersonalDataKeyring, sealed: string, userId: string): string {
  return decryptPersonal(keyring, { purpose: "bank-account", ownerId: userId }, sealed);
}

/** Opens a sealed resident number of the member (the tax export): the caller audit-logs every opening. */
export function openResidentNumber(keyring: PersonalDataKeyring, sealed: string, userId: string): string {
  return decryptPersonal(keyring, { purpose: "resident-number", ownerId: userId }, sealed);
}
