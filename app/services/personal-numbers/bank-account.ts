import { NUMBER_SEPARATORS } from "./separators";

/**
 * A bank account number as typed (digits, with the bank's hyphens or spaces or without), as its digits, or undefined
 * when it cannot be one. Korean account numbers have 10 to 16 digits; the hyphen grouping differs per bank and is
 * not kept, since transfers take the digits alone.
 */
export function parseBankAccountNumber(input: string): string | undefined {
  const digits = input.replace(NUMBER_SEPARATORS, "");
  return /^\d{10,16}$/.test(digits) ? digits : undefined;
}

/** `********6789`: only the last four digits, enough for a member to recognise their own account. */
export function maskBankAccountNumber(digits: string): string {
  return `${"*".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
