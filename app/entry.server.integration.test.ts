import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPageServer } from "#tests/setup/page-server";
import { startRouteRuntime } from "#tests/setup/route-actions";

/**
 * A page's document leaves the renderer in one piece (ADR 074): each chunk passed on alone would go through a web
 * stream, the compressor and a thread-pool turn of its own.
 */
const documents: Array<{ url: string; chunks: number; html: string }> = [];
let site: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  site = await startPageServer(await startRouteRuntime(), {
    async mapBuild(build) {
      const render = build.entry.module.default;
      const recording: typeof render = async (request, ...rest) => {
        const response = await render(request, ...rest);
        const reader = response.clone().body!.getReader();
        const decoder = new TextDecoder();
        let chunks = 0;
        let html = "";
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          chunks += 1;
          html += decoder.decode(read.value, { stream: true });
        }
        documents.push({ url: request.url, chunks, html });
        return response;
      };
      return { ...build, entry: { module: { ...build.entry.module, default: recording } } };
    },
  });
}, 120_000);

afterAll(async () => {
  await site.close();
});

/** A browser's request (a crawler is answered a missing page's status alone). */
const browser = {
  cookie: "i18n_redirected=ko",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
};

describe("a page's document", () => {
  test("is answered in one piece, whole, for a found page and a missing one", async () => {
    for (const [path, status] of [
      ["/", 200],
      ["/board/free", 200],
      ["/en/market/total", 200],
      ["/no-such-page", 404],
    ] as const) {
      const response = await fetch(`${site.base}${path}`, { headers: browser });
      expect(response.status, path).toBe(status);
      const body = await response.text();
      const document = documents.at(-1)!;
      expect(new URL(document.url).pathname, path).toBe(path);
      expect(document.chunks, path).toBe(1);
      expect(document.html.trimEnd().slice(-200), path).toMatch(/<\/html>$/);
      expect(body).toBe(document.html);
    }
  });
});
