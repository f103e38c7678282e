import { redirect, type MiddlewareFunction } from "react-router";
import { resolveGuards, runGuards, type GuardName } from "./guards";

/** Browser half of a route's guards: runs before each client-side navigation. */
export function clientGuards(names: readonly GuardName[]): MiddlewareFunction {
  resolveGuards(names);
  return async ({ request, params }, next) => {
    const url = new URL(request.url);
    const result = runGuards(names, { side: "client", url, params, viewer: undefined });
    if (result.kind === "redirect") throw redirect(result.to);
    // Cancelling keeps the page the visitor is on.
    if (result.kind === "cancel") throw redirect(`${window.location.pathname}${window.location.search}`);
    await next();
  };
}
