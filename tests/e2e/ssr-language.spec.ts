import { expect, test } from "./fixtures";

test.describe("server rendering and languages", () => {
  test("/ is server-rendered Korean with lang=ko, /en English with lang=en", async ({ request }) => {
    const korean = await request.get("/", { headers: { Cookie: "i18n_redirected=ko" } });
    expect(korean.status()).toBe(200);
    const koHtml = await korean.text();
    expect(koHtml).toMatch(/<html lang="ko"/);
    expect(koHtml).toContain("가까운 라이더와 전문가를 만나세요");
    expect(koHtml).toContain("<title>홈 | 모토메이트</title>");

    const english = await request.get("/en", { headers: { Cookie: "i18n_redirected=en" } });
    expect(english.status()).toBe(200);
    const enHtml = await english.text();
    expect(enHtml).toMatch(/<html lang="en"/);
    expect(enHtml).toContain("Meet riders and experts near you");
    expect(enHtml).not.toContain("가까운 라이더와 전문가를 만나세요");
  });

  test("a first visit follows Accept-Language and sets the locale cookie", async ({ request }) => {
    const response = await request.get("/policy?tab=1", {
      headers: { "Accept-Language": "en-US,en;q=0.9" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/en/policy?tab=1");
    const cookie = response.headers()["set-cookie"] ?? "";
    expect(cookie).toContain("i18n_redirected=en");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
  });

  test("with the cookie the path decides, and the cookie follows the page's language", async ({
    request,
  }) => {
    const response = await request.get("/en/policy", {
      headers: { "Accept-Language": "ko", Cookie: "i18n_redirected=ko" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"]).toContain("i18n_redirected=en");
  });

  test("crawlers are not redirected by Accept-Language", async ({ request }) => {
    const response = await request.get("/policy", {
      headers: { "Accept-Language": "en", "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
  });

  test("switching language keeps the current page", async ({ page, visit, context }) => {
    await visit("/policy/terms");
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("이용약관");
    await page.getByRole("link", { name: "English로 보기" }).click();
    await expect(page).toHaveURL(/\/en\/policy\/terms$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Terms of Service");
    await expect(page).toHaveTitle(/\| Moto Mate$/);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "i18n_redirected")?.value).toBe("en");

    await page.getByRole("link", { name: "View in 한국어" }).click();
    await expect(page).toHaveURL(/\/policy\/terms$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
    expect((await context.cookies()).find((cookie) => cookie.name === "i18n_redirected")?.value).toBe("ko");
  });
});
