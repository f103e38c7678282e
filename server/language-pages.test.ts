import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { buildOfLanguage, isEnglishPath, pagesByLanguage } from "./language-pages";

const route = (id: string, path?: string, parentId?: string) => ({ id, path, parentId, module: {} });
const ids = ["root", "map-tile", "layout-default", "board-list", "en/layout-default", "en/board-list"];
const build = {
  routes: Object.fromEntries(ids.map((id) => [id, route(id)])),
  assets: { version: "1", routes: Object.fromEntries(ids.map((id) => [id, route(id)])) },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("page requests answered by one language's routes", () => {
  test("each language's build has the root and that language's routes, in its modules and its manifest", () => {
    const korean = buildOfLanguage(build, "ko");
    const english = buildOfLanguage(build, "en");
    expect(Object.keys(korean.routes)).toEqual(["root", "map-tile", "layout-default", "board-list"]);
    expect(Object.keys(korean.assets.routes)).toEqual(Object.keys(korean.routes));
    expect(Object.keys(english.routes)).toEqual(["root", "en/layout-default", "en/board-list"]);
    expect(Object.keys(english.assets.routes)).toEqual(Object.keys(english.routes));
    // The whole build is left as it is, for the route manifest.
    expect(Object.keys(build.routes)).toHaveLength(ids.length);
  });

  test("an English page or its data is English; a path that only begins with the letters is not", () => {
    for (const path of ["/en", "/en/", "/en.data", "/en/board/free", "/en/board/free.data"])
      expect(isEnglishPath(path), path).toBe(true);
    for (const path of ["/", "/_root.data", "/board/free", "/english", "/enroll", "/map-tiles/1/2/3"])
      expect(isEnglishPath(path), path).toBe(false);
  });

  test("a request goes to its language's handler, and the route manifest to the one of all routes", () => {
    const answered: string[] = [];
    const handler = pagesByLanguage(build, (of) => {
      const name =
        Object.keys(of.routes).length === ids.length ? "all" : of.routes["en/board-list"] ? "en" : "ko";
      return ((req: { path: string }) => answered.push(`${req.path} ${name}`)) as unknown as RequestHandler;
    });
    for (const path of ["/board/free", "/en/board/free", "/en.data", "/__manifest", "/map-tiles/1/2/3"])
      handler({ path } as never, {} as never, () => undefined);
    expect(answered).toEqual([
      "/board/free ko",
      "/en/board/free en",
      "/en.data en",
      "/__manifest all",
      "/map-tiles/1/2/3 ko",
    ]);
  });
});
