import type { SettlementCategory } from "#app/db/schema";

/**
 * Withholding on what the platform pays individual experts (ADR 064). Their earnings are business income
 * (사업소득) for personal services, paid by the platform as the withholding agent:
 * - income tax 3% of the amount paid (소득세법 제129조 제1항 제3호), the won below 10 dropped (국고금관리법 제47조);
 * - local income tax 10% of that income tax (지방세법 제103조의13), the won below 10 dropped likewise;
 * - no "under 1,000 won is not collected" exemption: since 1 July 2024 it no longer covers personal-service business
 *   income (소득세법 제86조).
 * Business members are not withheld: they receive tax invoices for the platform's fee instead.
 */

const INCOME_TAX_BASIS_POINTS = 300;
const LOCAL_TAX_SHARE_PERCENT = 10;

const dropBelowTen = (won: number) => Math.floor(won / 10) * 10;

/** Income tax and local income tax withheld from `gross` won paid to a member of `category`. */
export function withholdingOf(
  gross: number,
  category: SettlementCategory,
): { incomeTax: number; localTax: number } {
  if (category !== "individual" || gross <= 0) return { incomeTax: 0, localTax: 0 };
  const incomeTax = dropBelowTen(Math.floor((gross * INCOME_TAX_BASIS_POINTS) / 10_000));
  const localTax = dropBelowTen(Math.floor((incomeTax * LOCAL_TAX_SHARE_PERCENT) / 100));
  return { incomeTax, localTax };
}

/** What a withdrawal of `gross` won deposits after the bank's fee and the tax withheld; not positive is refused. */
export function withdrawalAmounts(gross: number, category: SettlementCategory, bankFee: number) {
  const { incomeTax, localTax } = withholdingOf(gross, category);
  return { gross, bankFee, incomeTax, localTax, deposit: gross - bankFee - incomeTax - localTax };
}
