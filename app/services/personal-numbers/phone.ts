/**
 * `010-****-5678`: the mobile number with its middle digits hidden, enough for an administrator on the phone with a
 * member to check the last four. Anything that is not 10 or 11 digits is hidden whole but for its last two.
 */
export function maskPhoneNumber(digits: string): string {
  if (/^\d{10,11}$/.test(digits))
    return `${digits.slice(0, 3)}-${"*".repeat(digits.length - 7)}-${digits.slice(-4)}`;
  return `${"*".repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
}
