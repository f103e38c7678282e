import { expect, test } from "@playwright/test";
import { allFontBytes, firstLoads, preloadedFonts } from "./support/first-load";

const KiB = 1024;

/**
 * The most JavaScript (gzip level 9, KiB) a first visit to each main page may load before it hydrates (ADR 032), and
 * in how many modules: the entry, the matched routes' modules and imports, and the page language's shell catalogue
 * with the catalogue areas those modules await (ADR 038). The root and the default layout each ship as one chunk
 * (ADR 043), so a page asks for about 20 modules instead of 50. The goal is 140 KiB on every page and 180 KiB on the
 * write page (met); every page is held at what it loads today, so it can only get lighter. Lower a budget whenever a
 * page gets lighter.
 */
const budgets: Record<string, { kib: number; modules: number }> = {
  "/": { kib: 140, modules: 18 },
  "/board/free": { kib: 133, modules: 19 },
  "/board/free/1": { kib: 143, modules: 25 },
  "/board/write": { kib: 147, modules: 21 },
  "/login": { kib: 137, modules: 12 },
  "/profile": { kib: 156, modules: 20 },
  "/announce": { kib: 130, modules: 13 },
  "/search": { kib: 129, modules: 10 },
  "/market/total": { kib: 136, modules: 16 },
  "/market/gear/1": { kib: 151, modules: 28 },
  "/market/write": { kib: 154, modules: 23 },
};

/** The self-hosted Pretendard as it ships: the piece every first paint preloads, and all pieces together (bytes). */
const fontBudgets = { preloaded: 37_996, all: 2_957_724 };

const pages = Object.entries(budgets).flatMap(([path, budget]) => [
  { path, budget },
  { path: path === "/" ? "/en" : `/en${path}`, budget },
]);

test.describe("first-load weight of the production build", () => {
  test("each main page's first-load JavaScript stays within its budget, in bytes and in modules", async () => {
    const testInfo = test.info();
    const loads = await firstLoads(pages.map((page) => page.path));
    const rows = loads.map((load, index) => ({
      ...load,
      budget: pages[index]!.budget.kib * KiB,
      modules: pages[index]!.budget.modules,
    }));
    await testInfo.attach("first-load.txt", {
      body: rows
        .map(
          (row) =>
            `${row.path.padEnd(20)} ${String(row.gzipBytes).padStart(8)} B  budget ${row.budget} B  ${row.files.length} modules, budget ${row.modules}`,
        )
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
    const tooMany = rows
      .filter((row) => row.files.length > row.modules)
      .map(
        (row) =>
          `${row.path}: ${row.files.length} modules, over its budget of ${row.modules}: ${row.files.join(" ")}`,
      );
    expect(tooMany, "pages that ask for more modules than their budget").toEqual([]);
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
