import { redirect, type MiddlewareFunction } from "react-router";
import { languageFromPath, localizePath } from "#app/i18n";
import { getViewer } from "#app/platform/viewer.server";
import { resolveGuards, runGuards, type GuardName } from "./guards";

/**
 * Server half of a route's guards: runs for the first (document) request and for every data request, so the rules
 * hold even when the browser's half is bypassed. A guarded route needs a loader, so that a client-side navigation
 * to it makes a data request.
 */
export function serverGuards(names: readonly GuardName[]): MiddlewareFunction<Response> {
  resolveGuards(names);
  return async ({ request, params }, next) => {
    const url = new URL(request.url);
    const result = runGuards(names, { side: "server", url, params, viewer: await getViewer(request) });
    if (result.kind === "redirect") throw redirect(result.to);
    // A document request has no page to stay on: cancelling sends the visitor home.
    if (result.kind === "cancel") throw redirect(localizePath(languageFromPath(url.pathname), "/"));
    return next();
  };
}
