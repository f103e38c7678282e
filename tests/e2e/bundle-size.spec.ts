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
  "/": 158,
  "/board/free": 151,
  "/board/free/1": 161,
  "/board/write": 165,
  "/login": 148,
  "/profile": 171,
  "/announce": 147,
  "/search": 145,
  "/market/total": 154,
  "/market/gear/1": 169,
  "/market/write": 172,
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

  test("a page announces its language's shell and the catalogue areas its modules await, and no other", async ({
    request,
  }) => {
    for (const [path, language, other] of [
      ["/board/free", "ko", "en"],
      ["/en/board/free", "en", "ko"],
    ] as const) {
      const html = await (await request.get(path)).text();
      const preloads = Array.from(
        html.matchAll(/<link rel="modulepreload" href="\/assets\/([\w.-]+)"/g),
        (m) => m[1]!,
      );
      expect(preloads, path).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^shell\\.${language}-`)),
          expect.stringMatching(new RegExp(`^board\\.${language}-`)),
        ]),
      );
      expect(
        preloads.filter((file) => file.includes(`.${other}-`)),
        path,
      ).toEqual([]);
      // The market's messages are not part of a board list.
      expect(
        preloads.filter((file) => file.startsWith("market.")),
        path,
      ).toEqual([]);
    }
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
