import { chromium, type Request } from "@playwright/test";

export interface PageWeight {
  name: string;
  html: number;
  js: number;
  css: number;
  font: number;
  other: number;
  requests: number;
}

type Kind = Exclude<keyof PageWeight, "name" | "requests">;

function kindOf(request: Request): Kind {
  switch (request.resourceType()) {
    case "document":
      return "html";
    case "script":
      return "js";
    case "stylesheet":
      return "css";
    case "font":
      return "font";
    default:
      return "other";
  }
}

/**
 * Loads each page in a fresh browser context (an empty cache, as a first visit) in the system Chromium and adds up
 * the bytes received for it (compressed, as sent), by kind, until the network is idle.
 */
export async function measurePageWeights(baseUrl: string, pages: { name: string; path: string }[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const weights: PageWeight[] = [];
  try {
    for (const { name, path } of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "ko-KR" });
      await context.addCookies([{ name: "i18n_redirected", value: "ko", url: baseUrl }]);
      const page = await context.newPage();
      const weight: PageWeight = { name, html: 0, js: 0, css: 0, font: 0, other: 0, requests: 0 };
      const pending: Promise<void>[] = [];
      page.on("requestfinished", (request) => {
        pending.push(
          request.sizes().then((sizes) => {
            weight[kindOf(request)] += sizes.responseBodySize;
            weight.requests += 1;
          }),
        );
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
      await page.evaluate(() => document.fonts.ready);
      await Promise.all(pending);
      weights.push(weight);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

export function printPageWeights(weights: PageWeight[]) {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
  console.log(
    `\nPage weight of a first visit (KiB received, compressed as sent; 390 px wide, Korean):\n${[
      "page".padEnd(34),
      "HTML".padStart(8),
      "JS".padStart(8),
      "CSS".padStart(8),
      "font".padStart(8),
      "other".padStart(8),
      "total".padStart(8),
      "requests".padStart(9),
    ].join(" ")}`,
  );
  for (const row of weights) {
    const total = row.html + row.js + row.css + row.font + row.other;
    console.log(
      [
        row.name.padEnd(34),
        kb(row.html),
        kb(row.js),
        kb(row.css),
        kb(row.font),
        kb(row.other),
        kb(total),
        String(row.requests).padStart(9),
      ].join(" "),
    );
  }
}
