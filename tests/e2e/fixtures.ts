import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import axe from "axe-core";
import { FAILURE_JOURNAL } from "./support/failure-journal";

export interface AxeViolation {
  url: string;
  id: string;
  impact: string | null | undefined;
  nodes: string[];
}

/** One axe run at a time per page: axe-core refuses to start while it runs. */
const axeRuns = new WeakMap<Page, Promise<unknown>>();

/** The serious and critical axe-core violations of the page as it is now. */
function axeViolations(page: Page): Promise<AxeViolation[]> {
  const run = (axeRuns.get(page) ?? Promise.resolve()).catch(() => undefined).then(() => runAxe(page));
  axeRuns.set(page, run);
  return run;
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated by the test runner, so the page's Content-Security-Policy (which refuses inline scripts) allows it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const url = page.url();
  const results = await page.evaluate(async () => {
    const injected = (window as unknown as { axe?: typeof axe }).axe;
    // Another document replaced the one axe-core was put into, or is replacing it (no root element yet): its own
    // navigation schedules its own check.
    if (!injected || !document.documentElement) return null;
    let outcome: axe.AxeResults;
    try {
      outcome = await injected.run(document, { resultTypes: ["violations"] });
    } catch (error) {
      if (!document.documentElement) return null;
      throw error;
    }
    return outcome.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
  });
  if (results === null) throw new Error(`navigated away from ${url} during its accessibility check`);
  return results
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ url, ...violation }));
}

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page), `${page.url()} accessibility violations`).toEqual([]);
}

/** A check that could not finish because the page went on to another document or closed. */
function isNavigatedAway(error: unknown) {
  return /Execution context was destroyed|Target page, context or browser has been closed|Target closed|frame was detached|navigat/i.test(
    String(error),
  );
}

/** A check the end of the test body cut short; `settled()` checks the open pages again afterwards. */
function isCutByTestEnd(error: unknown) {
  return /Test ended/.test(String(error));
}

/**
 * What a check stands for: the address with its numbers (post ids, pages, times) left out, so that a test going
 * through a hundred posts checks the post page once, and `/faq?tab=service` is still apart from `/faq`.
 */
function pageKind(url: string) {
  const { origin, pathname, search } = new URL(url);
  return `${origin}${pathname}${search}`.replace(/\d+/g, "#");
}

/**
 * axe-core on every page a test visits: each document and each client-side navigation of the main frame is checked
 * once it has loaded and rendered (once per kind of page, see pageKind), one after the other, while the test goes
 * on; the test then fails on what they found. A page that navigated on before its check is checked at its next
 * address.
 */
export class AccessibilityWatch {
  readonly violations: AxeViolation[] = [];
  /** The addresses checked. */
  readonly checked = new Set<string>();
  private readonly kinds = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly pages = new Set<Page>();

  watchContext(context: BrowserContext) {
    context.pages().forEach((page) => this.watch(page));
    context.on("page", (page) => this.watch(page));
  }

  watch(page: Page) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) this.schedule(page);
    });
    page.on("close", () => this.pages.delete(page));
  }

  private schedule(page: Page) {
    this.queue = this.queue.then(() => this.check(page));
  }

  private async check(page: Page) {
    try {
      if (page.isClosed()) return;
      await page.waitForLoadState("load");
      // Two frames: whatever the navigation rendered is on screen.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const url = page.url();
      const key = pageKind(url);
      if (!/^https?:/.test(url) || this.kinds.has(key)) return;
      if (!(await page.evaluate(() => document.contentType === "text/html"))) return;
      const violations = await axeViolations(page);
      // Recorded once the check is complete: a check cut short leaves the kind to the next visit or to settled().
      this.kinds.add(key);
      this.checked.add(url);
      this.violations.push(...violations);
    } catch (error) {
      if (!isNavigatedAway(error) && !isCutByTestEnd(error)) throw error;
    }
  }

  /**
   * Waits for the checks scheduled so far, checks the page as it is now unless a page of its kind was checked in
   * this test already, and fails on what was found at its address: one axe run per kind of page, as for any other.
   */
  async expectChecked(page: Page) {
    this.watch(page);
    this.schedule(page);
    await this.queue;
    const url = page.url();
    expect(
      this.violations.filter((violation) => violation.url === url),
      `${url} accessibility violations`,
    ).toEqual([]);
  }

  /** Checks every open page as it is now (when its address was not checked yet) and waits for all checks. */
  async settled() {
    for (const page of this.pages) this.schedule(page);
    await this.queue;
  }
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

/**
 * Waits, after a navigation that waited for the load event (the default), until React has taken over the document:
 * the root layout marks `<html data-hydrated>` once its first effect ran. A click that lands before that is lost on a
 * busy machine. A page that is not the app's (JSON, an image) or runs without JavaScript has nothing to wait for; a
 * test that acts before the scripts run on purpose navigates with its own `waitUntil`.
 */
async function hydrated(page: Page) {
  await page
    .waitForFunction(
      () => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
      undefined,
      { timeout: 15_000 },
    )
    // The test's own next step says what is wrong with a page that never hydrates.
    .catch(() => undefined);
}

const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;

const hydrationWaits = new WeakSet<Page>();

function waitForHydrationAfterLoads(page: Page) {
  if (hydrationWaits.has(page)) return;
  hydrationWaits.add(page);
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    const optionsAt = name === "goto" ? 1 : 0;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      const options = args[optionsAt] as { waitUntil?: string } | undefined;
      if (options?.waitUntil === undefined && !page.isClosed()) await hydrated(page);
      return response;
    };
  }
}

/** Every page of the context, open or to come, waits for hydration after its loads. */
function waitForHydrationIn(context: BrowserContext) {
  context.pages().forEach(waitForHydrationAfterLoads);
  context.on("page", waitForHydrationAfterLoads);
}

/**
 * What each page of a test went through (errors in its console, failed or refused requests), kept to print with
 * the pages' state when the test fails: a failure on a CI machine is then readable from its log alone.
 */
class PageJournal {
  private readonly entries = new Map<Page, string[]>();

  watchContext(context: BrowserContext) {
    context.pages().forEach((page) => this.watch(page));
    context.on("page", (page) => this.watch(page));
  }

  private watch(page: Page) {
    if (this.entries.has(page)) return;
    const entries: string[] = [];
    this.entries.set(page, entries);
    const note = (line: string) => {
      entries.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      if (entries.length > 12) entries.shift();
    };
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        note(`console ${message.type()}: ${message.text().slice(0, 300)}`);
    });
    page.on("pageerror", (error) => note(`page error: ${error.message}`));
    page.on("requestfailed", (request) =>
      note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`),
    );
    page.on("response", (response) => {
      if (response.status() >= 400)
        note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  }

  /** The open pages: address, what they went through, and what a reader of each would find on it. */
  async report() {
    const parts: string[] = [];
    for (const [page, entries] of this.entries) {
      if (page.isClosed()) continue;
      const snapshot = await page
        .locator("body")
        .ariaSnapshot({ timeout: 2_000 })
        .catch((error: unknown) => `(no snapshot: ${String(error).split("\n")[0]})`);
      parts.push(
        [
          `--- ${page.url()}`,
          ...entries,
          snapshot.length > 1_500 ? `${snapshot.slice(0, 1_500)}\n…` : snapshot,
        ].join("\n"),
      );
    }
    return parts.join("\n\n");
  }
}

let clients = 0;
const problemsOf = new WeakMap<BrowserContext, string[]>();
const watchOf = new WeakMap<BrowserContext, AccessibilityWatch>();

/** Contexts a test opens with `browser.newContext` are watched like its own (guards, axe, hydration, journal). */
function watchNewContexts(
  browser: Browser,
  watch: AccessibilityWatch,
  journal: PageJournal,
  problems: string[][],
) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    waitForHydrationIn(context);
    journal.watchContext(context);
    watch.watchContext(context);
    problems.push(await watchBrowserProblems(context));
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{
  visit: (path: string) => Promise<void>;
  browserProblems: string[];
  accessibility: AccessibilityWatch;
  everyContextWatched: void;
}>({
  // Each test browses as its own client behind the trusted local proxy, so per-address limits of one test do not
  // spill into the next. Every test fails on an uncaught error in any page of its contexts, on anything the
  // Content-Security-Policy refused there, and on a serious accessibility violation of any page it visited.
  context: async ({ context, browser }, use, testInfo) => {
    const address = `198.51.100.${((testInfo.workerIndex * 97 + ++clients) % 250) + 1}`;
    await context.setExtraHTTPHeaders({ "Accept-Language": "ko-KR,ko;q=0.9", "X-Forwarded-For": address });
    const problems = await watchBrowserProblems(context);
    problemsOf.set(context, problems);
    const watch = new AccessibilityWatch();
    watch.watchContext(context);
    watchOf.set(context, watch);
    waitForHydrationIn(context);
    const journal = new PageJournal();
    journal.watchContext(context);
    const others: string[][] = [];
    const restore = watchNewContexts(browser, watch, journal, others);
    try {
      await use(context);
    } finally {
      restore();
    }
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach(FAILURE_JOURNAL, { body: await journal.report(), contentType: "text/plain" });
    await watch.settled();
    // Counted across the run by the profile `npm test` prints.
    testInfo.annotations.push({
      type: "axe-checked",
      description: JSON.stringify(
        [...watch.checked].map((url) => pageKind(url).replace(/^https?:\/\/[^/]+/, "")),
      ),
    });
    expect(
      [...problems, ...others.flat()],
      "uncaught page errors and Content-Security-Policy violations",
    ).toEqual([]);
    expect(watch.violations, "accessibility violations of the visited pages").toEqual([]);
  },
  // A test that opens its own contexts from `browser`, and never asks for the default one, is watched all the same:
  // the default context's fixture is what watches every context a test opens (hydration waits included).
  everyContextWatched: [
    async ({ context }, use) => {
      await use(void context);
    },
    { auto: true },
  ],
  /** What the test's context reported so far, for a test that provokes a refusal on purpose. */
  browserProblems: async ({ context }, use) => {
    await use(problemsOf.get(context)!);
  },
  /** The accessibility checks of the test's pages. */
  accessibility: async ({ context }, use) => {
    await use(watchOf.get(context)!);
  },
  // Opens a page, waits for it to settle and fails at once on what the page's accessibility check found.
  visit: async ({ page, context }, use) => {
    const watch = watchOf.get(context)!;
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await watch.expectChecked(page);
    });
  },
});

export { expect };
