import { expect, test } from "./fixtures";

/**
 * React Router cancels its own page-data requests when a newer load replaces them: a revalidation after a chat event
 * while the member's own action is still reloading the page, a click on a link while a page loads. When one cancelled
 * answer had started to arrive while the load still waited for another (the page's data and a list read back by a
 * fetcher are read together), the library leaves the rejection of its reading unobserved, and the browser reports it
 * as an uncaught "AbortError: signal is aborted without reason". A cancelled load is not an error of the page.
 */
test("a page load cancelled by a newer one while its answer is arriving raises no uncaught error", async ({
  page,
  browserProblems,
}) => {
  await page.goto("/board/free");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  const outcome = await page.evaluate(async () => {
    interface Router {
      state: { matches: { route: { id: string } }[]; fetchers: Map<string, { state: string }> };
      fetch(key: string, routeId: string, href: string): Promise<void>;
      revalidate(): Promise<void>;
    }
    const router = (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter;
    const idle = async () => {
      while ([...router.state.fetchers.values()].some((fetcher) => fetcher.state !== "idle"))
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    // A fetcher has read the second page of the list, as the chat reads back earlier messages: every revalidation
    // reads it again beside the page's own data.
    const listId = router.state.matches.at(-1)!.route.id;
    void router.fetch("second-page", listId, "/board/free?page=2");
    await idle();

    const realFetch = window.fetch.bind(window);
    const seen = { stalled: 0, held: 0, aborted: 0, unhandled: 0 };
    window.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const signal = init?.signal;
      if (!url.includes(".data") || !signal || seen.stalled + seen.held >= 2) return realFetch(input, init);
      const cancelled = new Promise<never>((_, reject) =>
        signal.addEventListener("abort", () => {
          seen.aborted += 1;
          reject(signal.reason);
        }),
      );
      if (url.includes("page=2")) {
        // The fetcher's answer has not come yet.
        seen.held += 1;
        return cancelled;
      }
      // The page's answer arrives in part (its first line) and then stalls, as a long answer does on a busy
      // connection.
      seen.stalled += 1;
      const answer = await realFetch(input, init);
      const firstLine = new TextEncoder().encode(`${(await answer.text()).split("\n")[0]}\n`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(firstLine);
          cancelled.catch((reason: unknown) => controller.error(reason));
        },
      });
      return new Response(body, { status: answer.status, headers: answer.headers });
    };
    window.addEventListener("unhandledrejection", (event) => {
      if (!event.defaultPrevented) seen.unhandled += 1;
    });
    void router.revalidate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Something else changed: a newer revalidation replaces the one still loading.
    await router.revalidate();
    await new Promise((resolve) => setTimeout(resolve, 300));
    window.fetch = realFetch;
    return seen;
  });
  // Both of the first load's requests were cancelled, the page's with its answer half read.
  expect(outcome).toMatchObject({ stalled: 1, held: 1, aborted: 2 });
  expect(outcome.unhandled).toBe(0);
  expect(browserProblems).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
