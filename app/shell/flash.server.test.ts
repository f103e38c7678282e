import { createCookie, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import {
  FLASH_COOKIE,
  FLASH_MAX_AGE_SECONDS,
  flashContext,
  flashCookieHeader,
  flashMiddleware,
  redirectWithFlash,
  takeFlash,
  type FlashKeys,
} from "./flash.server";

const keys: FlashKeys = {
  secret: "a-session-secret-of-enough-length-123",
  now: 1_800_000_000_000,
  secure: false,
};

/** The request Cookie header a browser would send back for a Set-Cookie header. */
function cookieFrom(setCookie: string) {
  return setCookie.split(";")[0]!;
}

describe("flash cookie", () => {
  it("carries a message key, its parameters and its type to the next page, once", async () => {
    const header = await flashCookieHeader({ key: "board.admin.removed", params: { count: 3 } }, keys);
    expect(header).toMatch(new RegExp(`^${FLASH_COOKIE}=`));
    expect(header).toContain(`Max-Age=${FLASH_MAX_AGE_SECONDS}`);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");

    const { flash, clear } = await takeFlash(cookieFrom(header), keys);
    expect(flash).toMatchObject({ key: "board.admin.removed", params: { count: 3 }, type: "success" });
    expect(flash?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clear).toMatch(new RegExp(`^${FLASH_COOKIE}=; Max-Age=0`));
  });

  it("gives each flash its own id, so the page can tell a repeated message from the same one", async () => {
    const first = await takeFlash(cookieFrom(await flashCookieHeader({ key: "profile.saved" }, keys)), keys);
    const second = await takeFlash(cookieFrom(await flashCookieHeader({ key: "profile.saved" }, keys)), keys);
    expect(first.flash?.id).not.toBe(second.flash?.id);
  });

  it("refuses a tampered value and a signature made with another secret, and removes the cookie", async () => {
    const header = cookieFrom(await flashCookieHeader({ key: "profile.saved", type: "error" }, keys));
    const [name, value] = [header.slice(0, header.indexOf("=")), header.slice(header.indexOf("=") + 1)];
    const [payload, signature] = [
      value.slice(0, value.lastIndexOf(".")),
      value.slice(value.lastIndexOf(".")),
    ];
    const forged = btoa(
      JSON.stringify({ ...JSON.parse(atob(decodeURIComponent(payload))), key: "inquiry.sent" }),
    );
    const tampered = await takeFlash(`${name}=${encodeURIComponent(forged)}${signature}`, keys);
    expect(tampered.flash).toBeNull();
    expect(tampered.clear).toMatch(/Max-Age=0/);

    const otherSecret = await takeFlash(header, { ...keys, secret: "another-secret-of-enough-length-456" });
    expect(otherSecret.flash).toBeNull();
  });

  it("shows nothing once its time is over, or for a message the catalogue does not have", async () => {
    const header = cookieFrom(await flashCookieHeader({ key: "profile.saved" }, keys));
    const late = await takeFlash(header, { ...keys, now: keys.now + FLASH_MAX_AGE_SECONDS * 1000 + 1 });
    expect(late.flash).toBeNull();

    // Signed with the right secret, but naming no message (an older build's key, say).
    const signed = createCookie(FLASH_COOKIE, { secrets: [keys.secret] });
    const unknown = await signed.serialize({
      id: "x",
      key: "profile.noSuchMessage",
      type: "success",
      expiresAt: keys.now + 1000,
    });
    expect((await takeFlash(cookieFrom(unknown), keys)).flash).toBeNull();
  });

  it("answers nothing and changes no cookie for a request without one", async () => {
    expect(await takeFlash(null, keys)).toEqual({ flash: null, clear: null });
    expect(await takeFlash("theme=dark", keys)).toEqual({ flash: null, clear: null });
  });
});

describe("flash middleware and redirect", () => {
  afterEach(() => setRuntime(undefined));

  function useRuntime() {
    setRuntime({
      config: { sessionSecret: keys.secret, publicUrl: "http://localhost:3000" },
      clock: { now: () => new Date(keys.now) },
    } as unknown as Runtime);
  }

  async function run(cookie: string | null, response: () => Response | Promise<Response>) {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost:3000/profile/x", {
      headers: cookie ? { cookie } : {},
    });
    const answer = await flashMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
      async () => response(),
    );
    return { seen: context.get(flashContext), answer: answer as Response };
  }

  it("hands the flash to the page and removes it on the same response, so a reload shows nothing", async () => {
    useRuntime();
    const redirected = await redirectWithFlash("/profile/x", { key: "relations.pinnedDone" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe("/profile/x");
    const cookie = cookieFrom(redirected.headers.getSetCookie()[0]!);

    const shown = await run(cookie, () => new Response("page"));
    expect(shown.seen).toMatchObject({ key: "relations.pinnedDone" });
    const cleared = shown.answer.headers.getSetCookie();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/^flash=; Max-Age=0/);

    // The browser applied the removal: the reload carries no flash.
    expect((await run(null, () => new Response("page"))).seen).toBeNull();
  });

  it("keeps the new flash of an action's redirect even when an old one is still there", async () => {
    useRuntime();
    const old = cookieFrom(await flashCookieHeader({ key: "profile.saved" }, keys));
    const { answer } = await run(old, () =>
      redirectWithFlash("/profile/x", { key: "relations.blindedDone" }),
    );
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const next = await takeFlash(cookieFrom(cookies[0]!), keys);
    expect(next.flash).toMatchObject({ key: "relations.blindedDone" });
  });

  it("keeps the headers given with the redirect, such as a session cookie", async () => {
    useRuntime();
    const response = await redirectWithFlash(
      "/setting/account",
      { key: "auth.account.passwordChanged" },
      { headers: { "Set-Cookie": "session_token=abc; Path=/" } },
    );
    expect(response.headers.getSetCookie().map((header) => header.split("=")[0])).toEqual([
      "session_token",
      FLASH_COOKIE,
    ]);
  });
});
