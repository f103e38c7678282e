import { expect, test } from "@playwright/test";
import { allFontBytes, firstLoads, preloadedFonts } from "./support/first-load";

const KiB = 1024;

/**
 * The most JavaScript (gzip level 9, KiB) a first visit to each main page may load before it hydrates (ADR 032): the
 * entry, the matched routes' modules and imports, and the page language's shell catalogue with the catalogue areas
 * those modules await (ADR 038). The goal is 140 KiB on every page and 180 KiB on the write page (met); every page is
 * held at what it loads today, so it can only get lighter. Lower a budget whenever a page gets lighter.
 */
const budgets: Record<string, number> = {
  "/": 156,
  "/board/free": 149,
  "/board/free/1": 159,
  "/board/write": 163,
  "/login": 147,
  "/profile": 170,
  "/announce": 145,
  "/search": 143,
  "/market/total": 152,
  "/market/gear/1": 167,
  "/market/write": 170,
};

/** The self-hosted Pretendard as it ships: the piece every first paint preloads, and all pieces together (bytes). */
const fontBudgets = { preloaded: 37_996, all: 2_957_724 };

const pages = Object.entries(budgets).flatMap(([path, budget]) => [
  { path, budget },
  { path: path === "/" ? "/en" : `/en${path}`, budget },
]);

test.describe("first-load weight of the production build", () => {
  test("each main page's first-load JavaScript stays within its budget", async () => {
    const testInfo = test.info();
    const loads = await firstLoads(pages.map((page) => page.path));
    const rows = loads.map((load, index) => ({ ...load, budget: pages[index]!.budget * KiB }));
    await testInfo.attach("first-load.txt", {
      body: rows
        .map((row) => `${row.path.padEnd(20)} ${String(row.gzipBytes).padStart(8)} B  budget ${row.budget} B`)
        .join("\n"),
      contentType: "text/plain",
    });
    const over = rows
      .filter((row) => row.gzipBytes > row.budget)
      .map(
        (row) =>
          `${row.path}: ${row.gzipBytes} bytes of JavaScript (gzip) over its budget of ${row.budget} bytes (${row.budget / KiB} KiB); routes ${row.routes.join(" > ")}`,
      );
    expect(over, "pages over their first-load budget").toEqual([]);
  });

  test("the self-hosted Korean font stays within its budget", async () => {
    const testInfo = test.info();
    const preloaded = preloadedFonts();
    const all = allFontBytes();
    await testInfo.attach("fonts.txt", {
      body: [
        ...preloaded.map((font) => `${font.file} ${font.bytes} B (preloaded)`),
        `all pieces ${all} B`,
      ].join("\n"),
      contentType: "text/plain",
    });
    const preloadedBytes = preloaded.reduce((sum, font) => sum + font.bytes, 0);
    expect(preloaded.length, "the pages preload one Pretendard piece").toBe(1);
    expect(
      preloadedBytes,
      `the preloaded font is ${preloadedBytes} bytes, over its budget of ${fontBudgets.preloaded} bytes`,
    ).toBeLessThanOrEqual(fontBudgets.preloaded);
    expect(
      all,
      `all font pieces are ${all} bytes, over their budget of ${fontBudgets.all} bytes`,
    ).toBeLessThanOrEqual(fontBudgets.all);
  });
});
