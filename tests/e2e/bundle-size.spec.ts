import { expect, test } from "@playwright/test";
import { allFontBytes, firstLoads, preloadedFonts } from "./support/first-load";

const KiB = 1024;

/**
 * The most a first visit to a main page may load before it hydrates (gzip level 9, KiB, ADR 032): 140 KiB, and
 * 180 KiB on a page that writes with the rich-text editor.
 */
const caps = { page: 140, editor: 180 } as const;

/**
 * What each main page may load before it hydrates (gzip level 9, KiB), and in how many modules: the entry, the
 * matched routes' modules and imports, and the page language's shell catalogue with the catalogue areas those
 * modules await (ADR 038). The root and the default layout each ship as one chunk (ADR 043); icons ship inside the
 * modules that draw them, and parts few readers use at once load after hydration (ADR 045). Each page is held at
 * about what it loads today, within its cap, so it can only get lighter: lower a budget whenever a page gets lighter.
 */
const budgets: Record<string, { kib: number; modules: number; cap: keyof typeof caps }> = {
  // The notice over a hidden member's post is a shell text (ADR 045): the home page and the market's lists no longer
  // load the board's catalogue area for its three messages.
  // The header's staff menu gained the coupon console and the shell the coupon box's name (ADR 060): 7 bytes over 135.
  "/": { kib: 136, modules: 18, cap: "page" },
  // The parts a board's list shares with the market's (components/posts/PostList.tsx) are a module of their own, which
  // both lists load (ADR 045).
  // The shell's map of catalogue areas gained the five areas of ADR 068–072 (about 200 bytes on every page): the board's
  // list, the sign-in and the search took a few bytes over.
  "/board/free": { kib: 133, modules: 20, cap: "page" },
  // The header's staff section (ADR 055) took the post page and the market's write form over by a few hundred bytes.
  // The parts a post page shares with a listing's (components/posts/PostPage.tsx) are a module of their own (ADR 045).
  // The header's staff menu gained the earnings, settlement and withdrawal consoles and the alarms the withdrawal
  // types (ADR 064): the post page, the profile and the announcements about 160 bytes over.
  "/board/free/1": { kib: 135, modules: 22, cap: "page" },
  // The parts the board's write form shares with the market's (components/posts/PostForm.tsx) are a module of their
  // own (ADR 045).
  // The plain field that stands in for the editor while it loads follows each change, so a keystroke as the editor
  // takes its place is kept: 6 bytes over 146.
  "/board/write": { kib: 147, modules: 24, cap: "editor" },
  "/login": { kib: 137, modules: 15, cap: "page" },
  "/profile": { kib: 140, modules: 22, cap: "page" },
  "/announce": { kib: 129, modules: 13, cap: "page" },
  "/search": { kib: 128, modules: 10, cap: "page" },
  "/market/total": { kib: 132, modules: 16, cap: "page" },
  // The parts of ADR 068–072 on a listing (the seller's temperature, the hold notice, an inspection, a service log, the
  // models a part fits) load after the first load; their hooks and the shell's catalogue map took it to the cap.
  "/market/gear/1": { kib: 140, modules: 25, cap: "page" },
  // The listing form's choice of a garage bike's service log loads after hydration (ADR 071).
  "/market/write": { kib: 150, modules: 26, cap: "editor" },
};

/** The self-hosted Pretendard as it ships: the piece every first paint preloads, and all pieces together (bytes). */
const fontBudgets = { preloaded: 37_996, all: 2_957_724 };

const pages = Object.entries(budgets).flatMap(([path, budget]) => [
  { path, budget },
  { path: path === "/" ? "/en" : `/en${path}`, budget },
]);

test.describe("first-load weight of the production build", () => {
  test("every main page's budget is within its cap", () => {
    const over = Object.entries(budgets)
      .filter(([, budget]) => budget.kib > caps[budget.cap])
      .map(
        ([path, budget]) => `${path}: ${budget.kib} KiB, over the ${caps[budget.cap]} KiB of a ${budget.cap}`,
      );
    expect(over).toEqual([]);
  });

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

  test("a post's and a listing's discussion, and a listing's trade panels load after the page", async ({
    request,
  }) => {
    const loads = await firstLoads(["/board/free/1", "/market/gear/1", "/en/market/gear/1"]);
    for (const load of loads) {
      const split = load.files.filter((file) =>
        /\/(ArticleDiscussion|ListingTradePanels|CommentSection)-/.test(file),
      );
      expect(split, load.path).toEqual([]);
    }
    // The page still comes with its discussion, rendered by the server.
    const html = await (await request.get("/board/free")).text();
    const post = /href="(\/board\/free\/\d+)"/.exec(html)?.[1];
    expect(post, "a post on the free board").toBeTruthy();
    const page = await (await request.get(post!)).text();
    expect(page).toContain('data-testid="comments"');
    expect(page).not.toMatch(/modulepreload" href="\/assets\/ArticleDiscussion-/);
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
