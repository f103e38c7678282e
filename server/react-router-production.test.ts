import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const packageDir = path.join(root, "node_modules", "react-router");

/** Every file React Router's exports name, by condition, at any depth. */
function exportTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(exportTargets);
}

describe("React Router's production build for the production server (ADR 073)", () => {
  it("has a production twin of every development module the package exports", () => {
    const { exports } = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
      exports: unknown;
    };
    const development = exportTargets(exports).filter(
      (target) => target.includes("/dist/development/") && /\.m?js$/.test(target),
    );
    expect(development.length).toBeGreaterThan(0);
    for (const target of development)
      expect(
        fs.existsSync(path.join(packageDir, target.replace("/development/", "/production/"))),
        target,
      ).toBe(true);
  });

  it("resolves React Router and what imports it to the production build once the hook is registered", () => {
    const script = `
      import { register } from "node:module";
      import { createRequire } from "node:module";
      register(${JSON.stringify(new URL("./react-router-production.js", import.meta.url).href)});
      const resolved = ["react-router", "react-router/dom"].map((name) => import.meta.resolve(name));
      await import("@react-router/express");
      await import("@react-router/node");
      const required = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes("react-router"));
      console.log(JSON.stringify({ resolved, required }));`;
    const answer = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }),
    ) as { resolved: string[]; required: string[] };
    expect(answer.resolved).toHaveLength(2);
    for (const url of answer.resolved) expect(url).toContain("/node_modules/react-router/dist/production/");
    // Nothing loads the development build through require, which the hook would not see.
    expect(answer.required.filter((file) => file.includes("/dist/development/"))).toEqual([]);
  });

  it("leaves the development build to everything that does not register the hook", () => {
    const url = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", `console.log(import.meta.resolve("react-router"))`],
      { cwd: root, encoding: "utf8" },
    );
    expect(url).toContain("/node_modules/react-router/dist/development/");
  });

  it("keeps a path's matches against the router's branches, a copy for each caller (ADR 074)", () => {
    // A request matches its path three to five times (the request handler, the static handler, and each parent path
    // for the page's route manifest); the patched build walks the branches for a path once.
    const script = `
      import { register } from "node:module";
      register(${JSON.stringify(new URL("./react-router-production.js", import.meta.url).href)});
      const { createStaticHandler } = await import("react-router");
      const handler = createStaticHandler([{ path: "/", children: [{ path: "a" }, { path: "b" }, { path: "items/:id" }] }]);
      const at = async (path) => {
        const context = await handler.query(new Request("http://localhost" + path));
        return { status: context.statusCode, params: context.matches.at(-1)?.params };
      };
      const first = [await at("/a"), await at("/items/1")];
      const changed = await handler.query(new Request("http://localhost/items/1"));
      changed.matches[0].params.id = "changed";
      // Without its branches the router can match only what it has kept.
      handler._internalRouteBranches.length = 0;
      console.log(JSON.stringify({ first, again: [await at("/a"), await at("/items/1"), await at("/b")] }));`;
    const answer = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }),
    ) as { first: unknown[]; again: unknown[] };
    const found = (params: Record<string, string>) => ({ status: 200, params });
    expect(answer.first).toEqual([found({}), found({ id: "1" })]);
    expect(answer.again).toEqual([found({}), found({ id: "1" }), expect.objectContaining({ status: 404 })]);
  });

  it("passes a request without an index or _routes parameter to the loaders as it is, not copied twice for each (ADR 075)", () => {
    const script = `
      import { register } from "node:module";
      register(${JSON.stringify(new URL("./react-router-production.js", import.meta.url).href)});
      const { createRequestHandler } = await import("react-router");
      const seen = [];
      const loader = ({ request }) => { seen.push(request); return null; };
      const component = () => null;
      const handle = createRequestHandler({
        entry: { module: { default: (request, status, headers) => new Response("ok", { status, headers }) } },
        routes: {
          root: { id: "root", path: "", module: { loader, default: component } },
          page: { id: "page", parentId: "root", path: "a", module: { loader, default: component } },
          index: { id: "index", parentId: "root", index: true, module: { loader, default: component } },
        },
        assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
        future: {}, publicPath: "/", assetsBuildDirectory: "/tmp", isSpaMode: false, prerender: [], ssr: true,
        routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" }, basename: "/",
      }, "production");
      const at = async (path) => {
        seen.length = 0;
        const { status } = await handle(new Request("http://localhost" + path));
        return { status, shared: seen.length > 1 && seen.every((request) => request === seen[0]), urls: seen.map((r) => r.url) };
      };
      console.log(JSON.stringify([await at("/a"), await at("/a?sort=popular"), await at("/?index&x=1"), await at("/a.data?_routes=page")]));`;
    const [plain, query, index, data] = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }),
    ) as Array<{ status: number; shared: boolean; urls: string[] }>;
    expect(plain).toEqual({ status: 200, shared: true, urls: ["http://localhost/a", "http://localhost/a"] });
    expect(query).toMatchObject({ status: 200, shared: true });
    // What the loaders must not see is still taken out.
    expect(index).toEqual({
      status: 200,
      shared: false,
      urls: ["http://localhost/?x=1", "http://localhost/?x=1"],
    });
    expect(data).toEqual({ status: 200, shared: false, urls: ["http://localhost/a"] });
  });
});
