import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type * as ReactRouterExpress from "@react-router/express";
import type * as ReactRouter from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonceContext } from "#app/platform/csp-nonce.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpMember, startRouteRuntime, type SignedInMember } from "../tests/setup/route-actions";
import { createHttpApp } from "./app";
import { cspNonce } from "./security-headers";

/**
 * Whole page requests through the edge and the real route modules (root loader, route guards, page loaders), with
 * the session store's lookups counted.
 */
let runtime: Runtime;
let vite: ViteDevServer;
let server: http.Server;
let base: string;
let rider: SignedInMember;
let lookups = 0;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  const getSession = runtime.auth.api.getSession.bind(runtime.auth.api);
  runtime.auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
    lookups += 1;
    return getSession(...args);
  }) as typeof getSession;
  rider = await signUpMember(runtime);
  vite = await createServer({
    root: fileURLToPath(new URL("..", import.meta.url)),
    configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  // React Router checks its context by class: the handler and the context come from the module graph of the build.
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ReactRouter.ServerBuild;
  const { RouterContextProvider } = (await vite.ssrLoadModule("react-router")) as typeof ReactRouter;
  const { createRequestHandler } = (await vite.ssrLoadModule(
    "@react-router/express",
  )) as typeof ReactRouterExpress;
  const pages = createRequestHandler({
    build,
    getLoadContext: (_req, res) => {
      const context = new RouterContextProvider();
      context.set(cspNonceContext, cspNonce(res));
      return context;
    },
  });
  server = http.createServer(createHttpApp({ runtime, pages }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await vite.close();
});

async function lookupsOf(path: string, cookie: string) {
  lookups = 0;
  const response = await fetch(`${base}${path}`, {
    headers: { cookie: `${cookie}; i18n_redirected=ko` },
    redirect: "manual",
  });
  const body = await response.text();
  if (response.status >= 500) throw new Error(body.slice(0, 2000));
  return { status: response.status, lookups };
}

describe("a signed-in page request", () => {
  it("looks the session up once, though the root loader, the guards and the page all ask for the viewer", async () => {
    expect(await lookupsOf("/my", rider.cookie)).toEqual({ status: 200, lookups: 1 });
    expect(await lookupsOf("/setting/alarm", rider.cookie)).toEqual({ status: 200, lookups: 1 });
  });

  it("does so for the page's data request too", async () => {
    expect(await lookupsOf("/my.data", rider.cookie)).toEqual({ status: 200, lookups: 1 });
  });

  it("looks the session up for every request, never across requests", async () => {
    await lookupsOf("/my", rider.cookie);
    expect(await lookupsOf("/my", rider.cookie)).toEqual({ status: 200, lookups: 1 });
  });
});
