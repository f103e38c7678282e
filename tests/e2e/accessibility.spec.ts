import { expect, test } from "./fixtures";

const pages = [
  "/",
  "/policy",
  "/policy/terms",
  "/policy/privacy",
  "/policy/board",
  "/policy/market",
  "/policy/refund",
  "/market/total",
  "/market/over125Scooter?all=1",
  "/board/guestbook",
  "/review/motorcycle/hot",
  "/specCompare/search",
  "/announce",
  "/faq",
  "/event",
  "/login",
  "/not-a-page",
];

for (const language of ["ko", "en"] as const) {
  for (const theme of ["light", "dark"] as const) {
    test(`every page passes axe in ${language}, ${theme}`, async ({ page, context, visit }) => {
      await context.addCookies([
        { name: "i18n_redirected", value: language, url: "http://localhost" },
        { name: "theme", value: theme, url: "http://localhost" },
      ]);
      for (const path of pages) {
        await visit(language === "en" ? (path === "/" ? "/en" : `/en${path}`) : path);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
      }
    });
  }
}

test("every page a test reaches is checked, by clicking too, and a violation is reported with its address", async ({
  page,
  accessibility,
}) => {
  // A page of the server's origin with an image nobody named, reached by a link from a real page.
  await page.route("**/axe-probe", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="ko"><head><title>probe</title></head><body><main><img src="/favicon.ico"></main></body></html>',
    }),
  );
  await page.goto("/policy");
  await accessibility.settled();
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/axe-probe";
    link.textContent = "probe";
    document.body.append(link);
  });
  await page.getByRole("link", { name: "probe" }).click();
  await expect(page).toHaveURL(/\/axe-probe$/);
  await accessibility.settled();
  expect([...accessibility.checked].map((url) => new URL(url).pathname)).toEqual(["/policy", "/axe-probe"]);
  const found = accessibility.violations.filter((violation) => violation.url.endsWith("/axe-probe"));
  expect(found.map((violation) => violation.id)).toContain("image-alt");
  // Provoked on purpose: the test's own end would fail on it otherwise.
  expect(accessibility.violations).toEqual(found);
  accessibility.violations.length = 0;
});
