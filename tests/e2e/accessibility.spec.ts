import { expect, test } from "./fixtures";

const pages = [
  "/",
  "/policy",
  "/policy/terms",
  "/policy/privacy",
  "/policy/board",
  "/policy/market",
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
