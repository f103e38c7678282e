import { createContext, type RouterContext } from "react-router";

// The HTTP edge and the SSR bundle are separate module graphs, so the one key both use lives on globalThis.
const KEY = Symbol.for("motomate.cspNonceContext");
type Holder = { [KEY]?: RouterContext<string> };

/** The Content-Security-Policy nonce the HTTP edge chose for this response, handed to the page render. */
export const cspNonceContext: RouterContext<string> = ((globalThis as Holder)[KEY] ??= createContext(""));
