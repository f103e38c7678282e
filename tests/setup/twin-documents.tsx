import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type RouterContextProvider, type ServerBuild } from "react-router";
import { cspNonceContext } from "#app/platform/csp-nonce.server";
import { NonceProvider } from "#app/shell/nonce";
import { AppServerRouter, routerBuilds } from "#app/shell/server-router";

/** A document as React Router's `ServerRouter` rendered it and as the app's server router did, from one context. */
export interface TwinDocuments {
  path: string;
  status: number;
  expected: string;
  actual: string;
}

function html(element: ReactElement) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

/**
 * A document renderer rendering every page twice, by `ServerRouter` and by the app's server router, each with its half
 * of the page's data stream; both are kept in `rendered`, the app's is answered. Loaded from the page server's module
 * graph (tests/setup/page-server.ts), so React Router's contexts are the build's.
 */
export function twinDocuments(rendered: TwinDocuments[]): {
  handleRequest: ServerBuild["entry"]["module"]["default"];
  routerBuilds: () => number;
} {
  return {
    routerBuilds,
    async handleRequest(request, status, headers, context, loadContext) {
      const nonce = (loadContext as RouterContextProvider).get(cspNonceContext);
      const [first, second] = context.serverHandoffStream?.tee() ?? [undefined, undefined];
      const render = (Router: typeof ServerRouter, stream: typeof first) =>
        html(
          <NonceProvider value={nonce}>
            <Router
              context={{ ...context, serverHandoffStream: stream, renderMeta: {} }}
              url={request.url}
              nonce={nonce}
            />
          </NonceProvider>,
        );
      const expected = await render(ServerRouter, first);
      const actual = await render(AppServerRouter, second);
      rendered.push({ path: new URL(request.url).pathname, status, expected, actual });
      headers.set("Content-Type", "text/html; charset=utf-8");
      return new Response(actual, { status, headers });
    },
  };
}
