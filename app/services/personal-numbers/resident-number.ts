import { NUMBER_SEPARATORS } from "./separators";

/**
 * The seventh digit of a resident registration number gives sex and century: 1–4 for citizens, 5–8 for registered
 * foreigners (외국인등록번호, which withholding for payouts accepts too). 9 and 0 (born in the 1800s) name nobody living.
 */
const centuryOfSeventhDigit: Record<string, number> = {
  "1": 1900,
  "2": 1900,
  "3": 2000,
  "4": 2000,
  "5": 1900,
  "6": 1900,
  "7": 2000,
  "8": 2000,
};

/**
 * A resident registration number as typed (`900101-1234567`, with or without the hyphen, spaces allowed), as its 13
 * digits, or undefined when it cannot be one. The birth date must exist; the last digit is not checked, because
 * numbers issued since October 2020 no longer follow the old checksum.
 */
export function parseResidentNumber(input: string): string | undefined {
  const digits = input.replace(NUMBER_SEPARATORS, "");
  if (!/^\d{13}$/.test(digits)) return undefined;
  const century = centuryOfSeventhDigit[digits[6]!];
  if (century === undefined) return undefined;
  const year = century + Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? digits : undefined;
}

/** `900101-1******`: the birth date and the sex digit, which the member recognises; the rest hidden. */
export function maskResidentNumber(digits: string): string {
  return `${digits.slice(0, 6)}-${digits[6]}******`;
}
