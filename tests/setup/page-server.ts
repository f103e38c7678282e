import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type * as ReactRouterExpress from "@react-router/express";
import type * as ReactRouter from "react-router";
import { createServer } from "vite";
import { cspNonceContext } from "#app/platform/csp-nonce.server";
import type { Runtime } from "#app/platform/runtime.server";
import { createHttpApp } from "../../server/app";
import { cspNonce } from "../../server/security-headers";

/**
 * The whole page stack on a test's own runtime: the edge (server/app.ts) in front of the real route modules (root
 * loader, guards, page loaders), compiled by Vite from the sources. Answers its address, its HTTP server and how to
 * close it.
 */
export async function startPageServer(
  runtime: Runtime,
  options: {
    /** Changes the build before it serves (a test's own document renderer, say); `load` imports from its graph. */
    mapBuild?: (
      build: ReactRouter.ServerBuild,
      load: (id: string) => Promise<Record<string, unknown>>,
    ) => Promise<ReactRouter.ServerBuild>;
  } = {},
): Promise<{ base: string; server: http.Server; close(): Promise<void> }> {
  const vite = await createServer({
    root: fileURLToPath(new URL("../..", import.meta.url)),
    configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  // React Router checks its context by class: the handler and the context come from the module graph of the build.
  const loaded = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ReactRouter.ServerBuild;
  const build = options.mapBuild ? await options.mapBuild(loaded, (id) => vite.ssrLoadModule(id)) : loaded;
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
  const server = http.createServer(createHttpApp({ runtime, pages }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}
