import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemClock } from "#app/platform/clock.server";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { startPageServer } from "#tests/setup/page-server";
import { signUpMember, startRouteRuntime } from "#tests/setup/route-actions";
import type * as TwinModule from "#tests/setup/twin-documents";
import type { TwinDocuments } from "#tests/setup/twin-documents";

/**
 * The app's server router renders what React Router's `ServerRouter` renders, for every kind of page, while building
 * the routes once per route manifest: each document of the test's build is rendered by both, from the same request's
 * context (its data stream split in two), and the two documents compared.
 */
const rendered: TwinDocuments[] = [];
let site: Awaited<ReturnType<typeof startPageServer>>;
let articleId: number;
let builtRouters: () => number;

beforeAll(async () => {
  const runtime = await startRouteRuntime();
  const author = await signUpMember(runtime);
  const [category] = await listCategories(runtime.db, "free");
  ({ id: articleId } = await createArticle(runtime.db, systemClock, author.actor, {
    kind: "free",
    categoryId: category!.id,
    title: "체인 장력 조절 후기",
    contentHtml: "<p>본문 <strong>굵게</strong></p>",
    isPrivate: false,
  }));
  site = await startPageServer(runtime, {
    async mapBuild(build, load) {
      const twins = (await load("/tests/setup/twin-documents.tsx")) as unknown as typeof TwinModule;
      const { handleRequest, routerBuilds } = twins.twinDocuments(rendered);
      builtRouters = routerBuilds;
      return { ...build, entry: { module: { ...build.entry.module, default: handleRequest } } };
    },
  });
}, 120_000);

afterAll(async () => {
  await site.close();
});

describe("the app's server router", () => {
  test("renders the same documents as React Router's, building the routes once", async () => {
    const pages = [
      ["/", 200],
      ["/board/free", 200],
      [`/board/free/${articleId}`, 200],
      ["/board/free/999999999", 404],
      ["/en", 200],
      ["/en/board/free", 200],
      [`/en/board/free/${articleId}`, 200],
      ["/market/total", 200],
      ["/no-such-page", 404],
      ["/board/free", 200],
    ] as const;
    for (const [path, status] of pages) {
      const response = await fetch(`${site.base}${path}`, { headers: { cookie: "i18n_redirected=ko" } });
      expect(response.status, path).toBe(status);
      await response.text();
    }
    expect(rendered.map((page) => [page.path, page.status])).toEqual(pages);
    for (const page of rendered) {
      expect(page.actual.length, page.path).toBeGreaterThan(1000);
      expect(page.actual, page.path).toBe(page.expected);
    }
    // The documents carry their data: the post's title, in its stream and in its markup.
    const post = rendered[2]!.actual;
    expect(post).toContain("체인 장력 조절 후기");
    expect(post).toContain("streamController.enqueue");
    // The first document built the routes; the nine after it took them from it.
    expect(builtRouters()).toBe(1);
  });
});
