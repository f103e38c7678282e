import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while the page hydrates, true once the browser runs the page's scripts. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
