import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import axe from "axe-core";

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectAccessible(page: Page) {
  // Evaluated by the test runner, so the page's Content-Security-Policy (which refuses inline scripts) allows it.
  await page.evaluate(axe.source);
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

const CSP_REPORT = "Content Security Policy violation";

/**
 * Collects every uncaught page error and every Content-Security-Policy violation in the context's pages. Violations
 * are reported both from the `securitypolicyviolation` event (as a console message) and from Chromium's own console
 * message about the refused resource.
 */
export async function watchBrowserProblems(context: BrowserContext) {
  const problems: string[] = [];
  await context.addInitScript((prefix) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `${prefix}: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  }, CSP_REPORT);
  const watch = (page: Page) => {
    page.on("pageerror", (error) => problems.push(`${page.url()} page error: ${error.message}`));
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(`${page.url()} ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
  return problems;
}

let clients = 0;
const problemsOf = new WeakMap<BrowserContext, string[]>();

export const test = base.extend<{ visit: (path: string) => Promise<void>; browserProblems: string[] }>({
  // Each test browses as its own client behind the trusted local proxy, so per-address limits of one test do not
  // spill into the next. Every test fails on an uncaught error in any page of its context, or on anything the
  // Content-Security-Policy refused there.
  context: async ({ context }, use, testInfo) => {
    const address = `198.51.100.${((testInfo.workerIndex * 97 + ++clients) % 250) + 1}`;
    await context.setExtraHTTPHeaders({ "Accept-Language": "ko-KR,ko;q=0.9", "X-Forwarded-For": address });
    const problems = await watchBrowserProblems(context);
    problemsOf.set(context, problems);
    await use(context);
    expect(problems, "uncaught page errors and Content-Security-Policy violations").toEqual([]);
  },
  /** What the test's context reported so far, for a test that provokes a refusal on purpose. */
  browserProblems: async ({ context }, use) => {
    await use(problemsOf.get(context)!);
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
