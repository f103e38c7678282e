import { commonPasswords } from "./common-passwords";
import type { WeakPasswordReason } from "./errors";

/**
 * The password rules for sign-up and password changes. Pure, so that the form can show the same verdict in the
 * browser before the server checks again.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordVerdict = { ok: true } | { ok: false; reasons: WeakPasswordReason[] };

/**
 * Checks a password against the length limits (in Unicode code points, so an emoji or a Hangul syllable counts as
 * one) and against easily guessed shapes. `identifiers` are the member's e-mail addresses and mobile numbers; a
 * password containing one of them is refused. Every reason that applies is returned, in the order of
 * `WeakPasswordReason`.
 */
export function checkPassword(password: string, identifiers: string[] = []): PasswordVerdict {
  const reasons: WeakPasswordReason[] = [];
  const length = codePoints(password).length;
  if (length < PASSWORD_MIN) reasons.push("too_short");
  if (length > PASSWORD_MAX) reasons.push("too_long");

  const lower = password.toLowerCase();
  if (isCommon(lower)) reasons.push("common");
  if (isRepeated(lower)) reasons.push("repeated");
  if (isSequential(lower)) reasons.push("sequential");
  if (containsIdentifier(lower, identifiers)) reasons.push("contains_identifier");

  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
}

function codePoints(text: string): string[] {
  return Array.from(text);
}

// Digits, punctuation, symbols and spaces people add to a common word to get past a rule ("Password1!").
const TRAILING_DECORATION = /[\p{N}\p{P}\p{S}\p{Z}]+$/u;
const MIN_STRIPPED_LENGTH = 6;

function isCommon(lower: string): boolean {
  if (commonPasswords.has(lower)) return true;
  const stripped = lower.replace(TRAILING_DECORATION, "");
  return (
    stripped !== lower && codePoints(stripped).length >= MIN_STRIPPED_LENGTH && commonPasswords.has(stripped)
  );
}

/**
 * One character throughout, or a unit shorter than the minimum length repeated ("abcabcabc", "abcdabcd"): such a
 * password is no harder to guess than its unit. A longer unit typed twice is itself an acceptable password.
 */
function isRepeated(lower: string): boolean {
  const chars = codePoints(lower);
  const n = chars.length;
  if (n < 2) return false;
  for (let unit = 1; unit <= n / 2 && unit < PASSWORD_MIN; unit++) {
    if (n % unit !== 0) continue;
    let repeats = true;
    for (let i = unit; i < n && repeats; i++) repeats = chars[i] === chars[i - unit];
    if (repeats) return true;
  }
  return false;
}

// What the shifted keys of a US keyboard give without Shift, so that "!@#$%^&*" is seen as "12345678".
const UNSHIFTED: Record<string, string> = {
  "~": "`",
  "!": "1",
  "@": "2",
  "#": "3",
  $: "4",
  "%": "5",
  "^": "6",
  "&": "7",
  "*": "8",
  "(": "9",
  ")": "0",
  _: "-",
  "+": "=",
  "{": "[",
  "}": "]",
  "|": "\\",
  ":": ";",
  '"': "'",
  "<": ",",
  ">": ".",
  "?": "/",
};

// Runs people type: the alphabet, digits, keyboard rows and columns, and the usual interleavings of them.
const SEQUENCES = [
  "abcdefghijklmnopqrstuvwxyz",
  "0123456789",
  "`1234567890-=",
  "qwertyuiop[]\\",
  "asdfghjkl;'",
  "zxcvbnm,./",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/",
  "zaq1xsw2cde3vfr4bgt5nhy6mju7,ki8.lo9/;p0",
  "qazwsxedcrfvtgbyhnujmikolp",
  "qawsedrftgyhujikolp",
  "1q2w3e4r5t6y7u8i9o0p",
  "q1w2e3r4t5y6u7i8o9p0",
  "a1b2c3d4e5f6g7h8i9j0",
  "1a2b3c4d5e6f7g8h9i0j",
];
const MIN_RUN = 3;
const MAX_RUN = Math.max(...SEQUENCES.map((s) => s.length));

// Every piece of a run (forwards or backwards) long enough to count.
const RUN_PIECES: ReadonlySet<string> = (() => {
  const pieces = new Set<string>();
  for (const forward of SEQUENCES) {
    for (const sequence of [forward, [...forward].reverse().join("")]) {
      for (let start = 0; start < sequence.length; start++) {
        for (let end = start + MIN_RUN; end <= sequence.length; end++) pieces.add(sequence.slice(start, end));
      }
    }
  }
  return pieces;
})();

/**
 * The whole password splits into runs of at least three keys: "12345678", "87654321", "qwertyui", "1q2w3e4r",
 * "qwer1234", "!@#$%^&*".
 */
function isSequential(lower: string): boolean {
  const chars = codePoints(lower).map((c) => UNSHIFTED[c] ?? c);
  const n = chars.length;
  if (n < MIN_RUN) return false;
  // reachable[i]: the first i characters split into runs.
  const reachable = new Array<boolean>(n + 1).fill(false);
  reachable[0] = true;
  let furthest = 0;
  for (let start = 0; start < n; start++) {
    // Nothing before `start` reaches past `furthest`, so nothing after it can be reached either.
    if (start > furthest) return false;
    if (!reachable[start]) continue;
    for (let end = start + MIN_RUN; end <= Math.min(n, start + MAX_RUN); end++) {
      if (RUN_PIECES.has(chars.slice(start, end).join(""))) {
        reachable[end] = true;
        furthest = Math.max(furthest, end);
      }
    }
  }
  return reachable[n] === true;
}

const MIN_IDENTIFIER_LENGTH = 4;
const PHONE = /^\+?[\d\s().-]+$/;
const SEPARATORS = /[\s().-]/g;

/** The parts of an e-mail address or mobile number that must not appear in the password, lower-cased. */
function identifierParts(identifier: string): string[] {
  const id = identifier.trim().toLowerCase();
  const at = id.lastIndexOf("@");
  if (at >= 0) {
    const local = id.slice(0, at);
    // "rider.kim+moto@…": also "rider.kim".
    return [local, local.split("+")[0] ?? local];
  }
  if (PHONE.test(id)) {
    let digits = id.replace(/\D/g, "");
    // +82 10-1234-5678 is 010-1234-5678 at home.
    if (id.startsWith("+82")) digits = `0${digits.slice(2).replace(/^0/, "")}`;
    // A Korean mobile number without its 010 prefix is the part people remember.
    return /^01\d{8,9}$/.test(digits) ? [digits, digits.slice(3)] : [digits];
  }
  return [id];
}

function containsIdentifier(lower: string, identifiers: string[]): boolean {
  const compact = lower.replace(SEPARATORS, "");
  return identifiers.flatMap(identifierParts).some((part) => {
    if (codePoints(part).length < MIN_IDENTIFIER_LENGTH) return false;
    if (lower.includes(part)) return true;
    // "010-1234-5678" in the password against 01012345678, "rider.kim" against "riderkim".
    const bare = part.replace(SEPARATORS, "");
    return codePoints(bare).length >= MIN_IDENTIFIER_LENGTH && compact.includes(bare);
  });
}
