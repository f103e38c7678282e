import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** Makes the response's script nonce available to the inline scripts of the document (server render only). */
export const NonceProvider = NonceContext.Provider;

/** The script nonce while rendering on the server; empty in the browser, which hides nonces from the DOM anyway. */
export function useNonce() {
  return useContext(NonceContext);
}
