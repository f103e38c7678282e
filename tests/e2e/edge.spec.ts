import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

const KOREAN = { Cookie: "i18n_redirected=ko" };

async function pageWithPolicy(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: KOREAN });
  expect(response.status(), path).toBe(200);
  const policy = response.headers()["content-security-policy"] ?? "";
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  return { policy, nonce, html: await response.text() };
}

test.describe("Content-Security-Policy of the pages", () => {
  test("every script of a page carries the nonce of its own response, fresh each time", async ({
    request,
  }) => {
    for (const path of ["/", "/board/free", "/login", "/en/policy/terms"]) {
      const first = await pageWithPolicy(request, path);
      const second = await pageWithPolicy(request, path);
      expect(first.nonce, path).toBeTruthy();
      expect(second.nonce, path).not.toBe(first.nonce);
      const scripts = [...first.html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      // The theme script, React Router's module and context scripts, and scroll restoration.
      expect(scripts.length, path).toBeGreaterThanOrEqual(3);
      for (const script of scripts) expect(script, path).toContain(`nonce="${first.nonce}"`);
      expect(first.policy, path).toContain("frame-ancestors 'self'");
      expect(first.policy, path).toContain("object-src 'none'");
    }
  });

  test("the browser runs the page's own scripts and refuses an injected one", async ({
    page,
    browserProblems: problems,
  }) => {
    await page.goto("/");
    // The inline theme script ran, and React Router's inline context and its modules hydrated the page.
    await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe("light");
    await page.waitForFunction(
      () =>
        Object.keys((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {})
          .length,
    );
    expect(problems).toEqual([]);

    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      setTimeout(() => {
        throw new Error("an uncaught failure");
      });
    });
    await expect.poll(() => problems.length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect(problems.some((problem) => /Content Security Policy/.test(problem))).toBe(true);
    expect(problems.some((problem) => problem.includes("page error: an uncaught failure"))).toBe(true);
    // Provoked on purpose: not a failure of the test.
    problems.length = 0;
  });
});

test.describe("requests the pages cannot answer", () => {
  test("answer 4xx from the edge, never 500", async ({ request }) => {
    const cases: { method: string; path: string; status: number; headers?: Record<string, string> }[] = [
      { method: "TRACE", path: "/board/free", status: 405 },
      { method: "DELETE", path: "/login", status: 405 },
      { method: "PUT", path: "/board/free/1", status: 405 },
      { method: "POST", path: "/login", status: 415, headers: { "Content-Type": "application/json" } },
      { method: "POST", path: "/login", status: 415, headers: { "Content-Type": "text/xml" } },
      { method: "POST", path: "/login", status: 415 },
      { method: "GET", path: "/profile/%00", status: 400 },
      { method: "GET", path: "/board/free/%0A1", status: 400 },
      { method: "GET", path: "/assets/entry-missing.js", status: 404 },
      { method: "GET", path: "/assets/nested/missing.css", status: 404 },
    ];
    for (const { method, path, status, headers } of cases) {
      const response = await request.fetch(path, {
        method,
        headers: { ...KOREAN, ...headers },
        data: method === "POST" ? "<a/>" : undefined,
        maxRedirects: 0,
      });
      expect(response.status(), `${method} ${path}`).toBe(status);
      if (status === 405) expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
    }
  });
});
