import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SESSION_MAX_AGE_S } from "#app/platform/auth/auth.server";
import type { AppConfig } from "#app/platform/env.server";

/**
 * OWASP's "device cookies": a browser that signed in to an account gets a signed cookie naming the account and a
 * random nonce. Sign-in failures from browsers without it lock only such browsers out of the account, so an
 * attacker's lock never shuts out the owner; each trusted browser has a small failure budget of its own (its nonce).
 */
export const DEVICE_COOKIE = "motomate.device";

export interface TrustedDevice {
  userId: string;
  nonce: string;
}

type CookieConfig = Pick<AppConfig, "sessionSecret" | "publicUrl">;

function cookieName(config: CookieConfig) {
  return config.publicUrl.startsWith("https://") ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

function signature(config: CookieConfig, userId: string, nonce: string) {
  return createHmac("sha256", config.sessionSecret).update(`device:${userId}:${nonce}`).digest("base64url");
}

/** The value of one cookie of a request, undefined when absent. */
export function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A new device cookie for the account (a fresh nonce at every sign-in), as a Set-Cookie value. */
export function deviceCookie(config: CookieConfig, userId: string): string {
  const nonce = randomBytes(16).toString("base64url");
  const value = `${Buffer.from(userId).toString("base64url")}.${nonce}.${signature(config, userId, nonce)}`;
  const secure = config.publicUrl.startsWith("https://") ? "; Secure" : "";
  return `${cookieName(config)}=${value}; Max-Age=${SESSION_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The account and nonce of the request's device cookie, when its signature holds. */
export function readDeviceCookie(config: CookieConfig, headers: Headers): TrustedDevice | undefined {
  const [encodedUser, nonce, given, ...rest] = (readCookie(headers, cookieName(config)) ?? "").split(".");
  if (!encodedUser || !nonce || !given || rest.length > 0) return undefined;
  const userId = Buffer.from(encodedUser, "base64url").toString();
  const expected = Buffer.from(signature(config, userId, nonce));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return { userId, nonce };
}
