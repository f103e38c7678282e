import { eq } from "drizzle-orm";
import { settlementInfo } from "#app/db/schema";
import { decryptPersonal, type PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";

/** Stub of the settlement information's service (replaced by the settlement-information branch). */

export interface PayoutAccount {
  category: "individual" | "business";
  bankCode: string;
  holderName: string;
  accountSealed: string;
  accountMasked: string;
}

export async function payoutAccountOf(uow: UnitOfWork, userId: string): Promise<PayoutAccount | null> {
  const [row] = await uow.tx.select().from(settlementInfo).where(eq(settlementInfo.userId, userId));
  if (!row) return null;
  return {
    category: row.category,
    bankCode: row.bankCode,
    holderName: row.holderName,
    accountSealed: row.accountSealed,
    accountMasked: row.accountMasked,
  };
}

export function openAccountNumber(keyring: PersonalDataKeyring, sealed: string, userId: string): string {
  return decryptPersonal(keyring, { purpose: "bank-account", ownerId: userId }, sealed);
}

export function openResidentNumber(keyring: PersonalDataKeyring, sealed: string, userId: string): string {
  return decryptPersonal(keyring, { purpose: "resident-number", ownerId: userId }, sealed);
}
