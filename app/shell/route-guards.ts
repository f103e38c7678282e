import { redirect, type MiddlewareFunction } from "react-router";
import { resolveGuards, runGuards, type GuardName, type Viewer } from "./guards";

let currentViewer: Viewer | null = null;

/** The root keeps the signed-in viewer here so that guards can decide without a round trip. */
export function setClientViewer(viewer: Viewer | null) {
  currentViewer = viewer;
}

/** Browser half of a route's guards: runs before each client-side navigation. */
export function clientGuards(names: readonly GuardName[]): MiddlewareFunction {
  resolveGuards(names);
  return async ({ request, params }, next) => {
    const url = new URL(request.url);
    const result = runGuards(names, { side: "client", url, params, viewer: currentViewer });
    if (result.kind === "redirect") throw redirect(result.to);
    // Cancelling keeps the page the visitor is on.
    if (result.kind === "cancel") throw redirect(`${window.location.pathname}${window.location.search}`);
    await next();
  };
}
