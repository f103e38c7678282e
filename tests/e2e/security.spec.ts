import { expect, test } from "./fixtures";
import { signIn } from "./support/auth";
import { signedInMember } from "./support/seed";

test.describe("session security", () => {
  test("no response carries the session token or a password hash outside Set-Cookie", async ({
    page,
    context,
  }) => {
    await signedInMember(page);
    const cookie = (await context.cookies()).find((c) => c.name === "motomate.session_token");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const token = decodeURIComponent(cookie!.value).split(".")[0]!;
    expect(token.length).toBeGreaterThan(16);

    const bodies: string[] = [];
    page.on("response", async (response) => {
      if (response.url().includes("/assets/")) return;
      bodies.push(await response.text().catch(() => ""));
    });
    for (const path of ["/", "/setting/account", "/login/withdrawal", "/policy"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/list-accounts"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      bodies.push(await response.text());
    }
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) {
      expect(body).not.toContain(token);
      // scrypt hashes are stored as "salt:key" in hex.
      expect(body).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64,}/);
    }
  });

  test("mutations from a foreign Origin are refused", async ({ page, request }) => {
    const { email, password } = await signedInMember(page);
    const foreign = await request.post("/login", {
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      data: `identifier=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain("잘못된 접근입니다.");
    const api = await request.post("/api/auth/sign-out", { headers: { Origin: "https://evil.example" } });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ error: { code: "invalid_origin", message: "잘못된 접근입니다." } });
    // The same-site form still works.
    await page.goto("/setting/account");
    await expect(page.getByRole("heading", { name: "로그인 및 보안" })).toBeVisible();
  });

  test("sign-out clears the member state kept in the browser; signing out of all devices ends every session", async ({
    browser,
    page,
  }) => {
    const { email, password } = await signedInMember(page);
    await page.goto("/");
    expect(await page.evaluate(() => localStorage.getItem("motomate.userId"))).toBeTruthy();
    await page.evaluate(() => localStorage.setItem("motomate.profile", JSON.stringify({ nickname: "x" })));

    const other = await browser.newContext({
      locale: "ko-KR",
      extraHTTPHeaders: { "Accept-Language": "ko", "X-Forwarded-For": "198.51.100.251" },
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    });
    const second = await other.newPage();
    await signIn(second, email, password);
    await expect(second.getByRole("button", { name: "로그아웃" })).toBeVisible();

    await page.goto("/setting/account");
    await page.getByRole("button", { name: "모든 기기에서 로그아웃" }).click();
    await page
      .getByRole("alertdialog", { name: "이 기기를 포함한 모든 기기에서 로그아웃할까요?" })
      .getByRole("button", { name: "모든 기기에서 로그아웃" })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page clears them once it runs: waited for, not read at the moment the address changed.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("motomate.userId"))).toBeNull();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("motomate.profile"))).toBeNull();

    await second.goto("/setting/account");
    await expect(second).toHaveURL(/\/login\?redirectTo=/);
    await other.close();
  });
});
