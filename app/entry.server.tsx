import { isbot } from "isbot";
import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { preloadModule } from "react-dom";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { cspNonceContext } from "./platform/csp-nonce.server";
import { getRuntime } from "./platform/runtime.server";
import { languageFromPath } from "./i18n";
import { areaPreloads } from "./shell/area-preloads.server";
import { NonceProvider } from "./shell/nonce";
import { AppServerRouter } from "./shell/server-router";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const crawler = isbot(request.headers.get("user-agent"));
  // Crawlers are told the status of a missing or failed page without the error screen.
  if (crawler && responseStatusCode >= 400) {
    responseHeaders.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`${responseStatusCode}`, { status: responseStatusCode, headers: responseHeaders });
  }
  // Every inline script of the page carries the nonce of this response's Content-Security-Policy.
  const nonce = loadContext.get(cspNonceContext);
  return new Promise<Response>((resolve, reject) => {
    // Errors of a part below the shell: the page is still answered (the browser renders that part again); an error
    // of the shell itself rejects, and the request handler reports it.
    const partErrors: unknown[] = [];
    let shellFailed = false;
    // No page streams a deferred part (ADR 033), so the document is complete once everything is ready; it is
    // answered in one piece (ADR 074): React writes it in chunks of a few kilobytes, and each chunk passed on alone
    // goes through a web stream, the compressor and a thread-pool turn of its own.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ModulePreloads
          hrefs={areaPreloads(routerContext, languageFromPath(new URL(request.url).pathname))}
          nonce={nonce}
        >
          <AppServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ModulePreloads>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          if (shellFailed) return;
          for (const error of partErrors) getRuntime().logger.error({ err: error }, "render failed");
          const chunks: Uint8Array[] = [];
          pipe(
            new Writable({
              write(chunk: Uint8Array, _encoding, done) {
                chunks.push(chunk);
                done();
              },
              final(done) {
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                resolve(
                  new Response(Buffer.concat(chunks), {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  }),
                );
                done();
              },
            }),
          );
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          partErrors.push(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Announces modules the page will import, as `<link rel="modulepreload">` in its head. It wraps the router rather
 * than sitting beside it: a sibling would shift every `useId` of the server's tree away from the browser's.
 */
function ModulePreloads({ hrefs, nonce, children }: { hrefs: string[]; nonce: string; children: ReactNode }) {
  for (const href of hrefs) preloadModule(href, { as: "script", nonce });
  return children;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  getRuntime().logger.error({ err: error, url: request.url }, "request failed");
}
