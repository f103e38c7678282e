import { test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectAccessible(page: Page) {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const outcome = await run(document, { resultTypes: ["violations"] });
    return outcome.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
  });
  const blocking = results.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(blocking, `${page.url()} accessibility violations`).toEqual([]);
}

let clients = 0;

export const test = base.extend<{ visit: (path: string) => Promise<void> }>({
  // Each test browses as its own client behind the trusted local proxy, so per-address limits of one test do not
  // spill into the next.
  context: async ({ context }, use, testInfo) => {
    const address = `198.51.100.${((testInfo.workerIndex * 97 + ++clients) % 250) + 1}`;
    await context.setExtraHTTPHeaders({ "Accept-Language": "ko-KR,ko;q=0.9", "X-Forwarded-For": address });
    await use(context);
  },
  // Every page a test opens is also checked for accessibility.
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectAccessible(page);
    });
  },
});

export { expect };
