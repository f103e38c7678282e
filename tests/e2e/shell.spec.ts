import { expect, expectAccessible, test } from "./fixtures";

test.describe("app shell", () => {
  test("titles, canonical link and the header menu", async ({ page, visit }) => {
    await visit("/policy?utm_source=news&tab=2&fbclid=abc");
    await expect(page).toHaveTitle("약관 및 정책 | 모토메이트");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/policy\?tab=2$/);

    await visit("/");
    const toggle = page.getByRole("button", { name: "메뉴 열기" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "메뉴 닫기" })).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator("header nav").nth(1);
    await expect(panel.getByRole("link", { name: "정책" })).toBeVisible();
    // Areas that have not shipped are listed, but as text, so no link leads to a missing page.
    await expect(panel.locator('[aria-disabled="true"]', { hasText: "삽니다" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "삽니다" })).toHaveCount(0);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "메뉴 열기" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the mobile tab bar and footer policy links", async ({ page, visit }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await visit("/");
    const tabs = page.getByRole("navigation", { name: "하단 탭" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("link", { name: "홈" })).toHaveAttribute("aria-current", "page");
    const footer = page.getByRole("navigation", { name: "약관 및 정책" });
    await expect(footer.getByRole("link")).toHaveText([
      "이용약관",
      "개인정보처리방침",
      "게시판 운영정책",
      "중고거래 운영정책",
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(tabs).toBeHidden();
  });

  test("a new page starts at the top", async ({ page, visit }) => {
    await visit("/policy/privacy");
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the loading bar shows during a slow navigation and hides after it", async ({ page, visit }) => {
    await visit("/policy");
    await page.route("**/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { includeHidden: true });
    await expect(bar).toHaveAttribute("data-state", "idle");
    await page
      .getByRole("link", { name: /개인정보처리방침/ })
      .first()
      .click();
    await expect(bar).toHaveAttribute("data-state", "loading");
    await expect(page).toHaveURL(/\/policy\/privacy$/);
    await expect(bar).toHaveAttribute("data-state", "idle", { timeout: 5_000 });
  });
});

test.describe("theme", () => {
  test("the server renders the chosen theme with no flash", async ({ request }) => {
    const dark = await request.get("/", { headers: { Cookie: "i18n_redirected=ko; theme=dark" } });
    expect(await dark.text()).toMatch(/<html lang="ko" class="dark" data-theme-preference="dark"/);
    const light = await request.get("/", { headers: { Cookie: "i18n_redirected=ko; theme=light" } });
    expect(await light.text()).toMatch(/<html lang="ko" data-theme-preference="light"/);
  });

  test("auto follows the OS live; a choice is kept in a cookie and local storage", async ({
    page,
    visit,
    context,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await visit("/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/dark/);

    await page.getByRole("combobox", { name: "화면 모드" }).selectOption("dark");
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).toHaveClass(/dark/);
    expect((await context.cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("motomate.theme"))).toBe("dark");
    await expectAccessible(page);

    // Without the cookie the choice kept on this device is restored before the first paint.
    await context.clearCookies({ name: "theme" });
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole("combobox", { name: "화면 모드" })).toHaveValue("dark");
  });
});

test.describe("app updates", () => {
  test("after a new build is reported, the next navigation is a full page load", async ({ page, visit }) => {
    await visit("/");
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

    await page.route("**/builds/latest.json*", (route) => route.fulfill({ json: { id: "a-newer-build" } }));
    await page.evaluate(() => window.__motomateCheckBuild?.());
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "개인정보처리방침" })
      .click();
    await expect(page).toHaveURL(/\/policy\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("개인정보처리방침");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  });

  test("a route chunk that fails to load reloads the target page, once per path in 10 s", async ({
    page,
    visit,
  }) => {
    await visit("/");
    let blocked = 0;
    await page.route(/\/assets\/document-[^/]+\.js$/, async (route) => {
      blocked++;
      if (blocked === 1) return route.abort("failed");
      return route.continue();
    });
    const loads: string[] = [];
    page.on("load", () => loads.push(new URL(page.url()).pathname));
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("이용약관");
    expect(blocked).toBeGreaterThanOrEqual(1);
    // The module never loaded in this document: the page arrived by a full load of the target.
    await expect.poll(() => loads.at(-1)).toBe("/policy/terms");
  });

  test("a chunk that stays unavailable does not reload in a loop", async ({ page, visit }) => {
    await visit("/");
    await page.route(/\/assets\/document-[^/]+\.js$/, (route) => route.abort("failed"));
    const loads: string[] = [];
    page.on("load", () => loads.push(new URL(page.url()).pathname));
    await page
      .getByRole("navigation", { name: "약관 및 정책" })
      .getByRole("link", { name: "이용약관" })
      .click();
    await page.waitForTimeout(3_000);
    expect(loads.filter((path) => path === "/policy/terms").length).toBeLessThanOrEqual(1);
    expect(loads.length).toBeLessThanOrEqual(3);
  });
});
