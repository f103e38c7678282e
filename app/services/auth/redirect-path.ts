/** Stand-in origin for resolving a path; a path that resolves anywhere else leaves the site. */
const PLACEHOLDER_ORIGIN = "http://redirect.invalid";
/** How many rounds of percent-decoding are checked (a value can be encoded again at every hop it passes). */
const DECODE_ROUNDS = 3;
/** Only ASCII escapes matter here ("/", "\\", controls); decoding just those never fails on a stray "%". */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
const MAX_LENGTH = 2048;

/** Browsers drop tabs and newlines from URLs and read a backslash as "/", so "/\t/evil" becomes "//evil". */
function hasUnsafeCharacter(value: string) {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/** Whether the path, or what percent-decoding makes of it, starts a new origin or holds a character browsers drop. */
function leavesSite(path: string) {
  let decoded = path;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    if (decoded.startsWith("//") || hasUnsafeCharacter(decoded)) return true;
    const next = decoded.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) return false;
    decoded = next;
  }
  return true;
}

/**
 * The one check for every `redirectTo` (sign-in, sign-up, two-step verification, social return): answers a path of
 * this site, or `fallback`. Refused: anything but a path, control characters and backslashes, and any form that
 * percent-decoding or a browser's URL parser turns into another origin ("//host", "/%2F/host", "/.//host" …). The
 * answer is the parsed path, so non-ASCII characters come back percent-encoded and can go into a Location header.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > MAX_LENGTH || !value.startsWith("/") || leavesSite(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return leavesSite(path) ? fallback : path;
}
