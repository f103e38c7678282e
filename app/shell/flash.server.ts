import { randomUUID } from "node:crypto";
import { createContext, createCookie, redirect, type Cookie, type MiddlewareFunction } from "react-router";
import { z } from "zod";
import { isMessageKey, readCookie } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import type { Flash, ShownFlash } from "./flash";

export const FLASH_COOKIE = "flash";
/** A flash lives from the redirect that sets it to the page that shows it: seconds, not a session. */
export const FLASH_MAX_AGE_SECONDS = 60;

export interface FlashKeys {
  /** Signs the cookie (HMAC-SHA256); the session secret. */
  secret: string;
  /** Now, in milliseconds, from the runtime's clock. */
  now: number;
  /** https deployments send the cookie only over TLS. */
  secure: boolean;
}

const cookies = new Map<string, Cookie>();

function flashCookie({ secret, secure }: FlashKeys): Cookie {
  const id = `${secure}:${secret}`;
  let cookie = cookies.get(id);
  if (!cookie) {
    cookie = createCookie(FLASH_COOKIE, {
      secrets: [secret],
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      maxAge: FLASH_MAX_AGE_SECONDS,
    });
    cookies.set(id, cookie);
  }
  return cookie;
}

const storedFlash = z.object({
  id: z.string().max(64),
  key: z.string().max(200),
  params: z.record(z.string(), z.union([z.string().max(500), z.number()])).optional(),
  type: z.enum(["success", "error"]),
  expiresAt: z.number(),
});

/** The Set-Cookie header that carries `flash` to the next page. */
export async function flashCookieHeader(flash: Flash, keys: FlashKeys): Promise<string> {
  const value: z.infer<typeof storedFlash> = {
    id: randomUUID(),
    key: flash.key,
    params: flash.params,
    type: flash.type ?? "success",
    expiresAt: keys.now + FLASH_MAX_AGE_SECONDS * 1000,
  };
  return flashCookie(keys).serialize(value);
}

/**
 * The flash a request carries, and the Set-Cookie header that removes it (so it is shown once). A cookie with a bad
 * signature, an unknown message or past its time shows nothing and is removed all the same.
 */
export async function takeFlash(
  cookieHeader: string | null,
  keys: FlashKeys,
): Promise<{ flash: ShownFlash | null; clear: string | null }> {
  if (!readCookie(cookieHeader, FLASH_COOKIE)) return { flash: null, clear: null };
  const cookie = flashCookie(keys);
  const value: unknown = await cookie.parse(cookieHeader);
  const clear = await cookie.serialize("", { maxAge: 0 });
  const parsed = storedFlash.safeParse(value);
  if (!parsed.success || parsed.data.expiresAt < keys.now || !isMessageKey(parsed.data.key))
    return { flash: null, clear };
  const { id, key, params, type } = parsed.data;
  return { flash: { id, key, params, type }, clear };
}

function runtimeKeys(): FlashKeys {
  const { config, clock } = getRuntime();
  return {
    secret: config.sessionSecret,
    now: clock.now().getTime(),
    secure: config.publicUrl.startsWith("https://"),
  };
}

/** A redirect that shows one message on the page it leads to (epic-stack's redirectWithToast). */
export async function redirectWithFlash(url: string, flash: Flash, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashCookieHeader(flash, runtimeKeys()));
  return redirect(url, { ...init, headers });
}

/** The flash of the current request, for the root loader. */
export const flashContext = createContext<ShownFlash | null>(null);

/**
 * Reads the flash cookie for the root loader and removes it on the same response, unless that response sets a new
 * one (an action's redirect).
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { flash, clear } = await takeFlash(request.headers.get("cookie"), runtimeKeys());
  context.set(flashContext, flash);
  const response = await next();
  const setsFlash = response.headers
    .getSetCookie()
    .some((header) => header.startsWith(`${FLASH_COOKIE}=`) && !header.startsWith(`${FLASH_COOKIE}=;`));
  if (clear && !setsFlash) response.headers.append("Set-Cookie", clear);
  return response;
};
