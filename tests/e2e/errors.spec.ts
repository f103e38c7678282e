import { expect, test } from "./fixtures";

test.describe("missing pages and errors", () => {
  test("an unknown path shows the 404 screen with status 404", async ({ page, visit }) => {
    const response = await page.request.get("/no/such/page");
    expect(response.status()).toBe(404);

    await visit("/no/such/page");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Not Found!" })).toBeVisible();
    await expect(page.getByText("요청하신 페이지를 찾을 수 없습니다.", { exact: false })).toBeVisible();
    await expect(page).toHaveTitle("404 - Not Found! | 모토메이트");
    await page.getByRole("link", { name: "홈으로" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("가까운 라이더와 전문가를 만나세요");
  });

  test("the English 404 screen and an unknown policy", async ({ page, visit }) => {
    await page.context().addCookies([{ name: "i18n_redirected", value: "en", url: "http://localhost" }]);
    await visit("/en/policy/cookies");
    await expect(page.getByRole("heading", { name: "Not Found!" })).toBeVisible();
    await expect(page.getByText("We could not find the page you asked for.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/en");
  });

  test("crawlers get the status without the screen", async ({ request }) => {
    const response = await request.get("/missing-for-bots", {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe("404");
  });

  test("malformed input gets a 4xx, never a 500 or a stack trace", async ({ request }) => {
    const badPath = await request.get("/policy/%E0%A4%A");
    expect(badPath.status()).toBe(400);
    expect(await badPath.text()).toContain("잘못된 요청입니다.");
    const odd = await request.get("/policy?tab=%E0%A4%A&tab[]=x");
    expect(odd.status()).toBe(200);
    const data = await request.get("/no-page.data");
    expect(data.status()).toBeLessThan(500);
  });
});

test("a navigation that ends on an error turns the loading bar red", async ({ page, visit }) => {
  await visit("/policy");
  await page.route("**/*.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.evaluate(() =>
    (window.__reactRouterDataRouter as unknown as { navigate: (to: string) => Promise<void> }).navigate(
      "/policy/nothing",
    ),
  );
  await expect(page.getByRole("heading", { name: "Not Found!" })).toBeVisible();
  await expect(page.getByRole("progressbar", { includeHidden: true })).toHaveAttribute("data-state", "error");
});
