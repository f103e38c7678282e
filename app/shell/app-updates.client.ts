import { claimReload } from "./reload-guard";

interface RouterLike {
  state: { navigation: { state: string; location?: { pathname: string; search: string; hash: string } } };
}

declare global {
  interface Window {
    __reactRouterDataRouter?: RouterLike;
    __motomateCheckBuild?: () => Promise<void>;
  }
}

const PENDING_KEY = "motomate.pendingNavigation";
const BUILD_CHECK_MS = 60_000;

let runningBuildId: string | undefined;
let newBuildAvailable = false;

/** True once builds/latest.json has reported a build other than the one this page runs. */
export function isNewBuildAvailable() {
  return newBuildAvailable;
}

async function checkBuild() {
  if (!runningBuildId) return;
  try {
    const response = await fetch(`/builds/latest.json?timestamp=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return;
    const { id } = (await response.json()) as { id?: unknown };
    if (typeof id === "string" && id !== runningBuildId) newBuildAvailable = true;
  } catch {
    // Offline or restarting: ask again later.
  }
}

function navigationTarget(): string | undefined {
  const navigation = window.__reactRouterDataRouter?.state.navigation;
  if (!navigation || navigation.state === "idle" || !navigation.location) return undefined;
  const { pathname, search, hash } = navigation.location;
  return `${pathname}${search}${hash}`;
}

/** Reloads `target` unless it was reloaded in the last 10 s; answers whether it did. */
function reloadTarget(target: string): boolean {
  const path = target.split(/[?#]/)[0] ?? target;
  if (!claimReload(window.sessionStorage, path, Date.now())) return false;
  window.location.assign(target);
  return true;
}

/**
 * The router reloads the page it is leaving when a route chunk fails to load. The target of the navigation is
 * remembered as the page unloads, and the next page load continues there (once per path in 10 s).
 */
function resumeInterruptedNavigation() {
  const raw = window.sessionStorage.getItem(PENDING_KEY);
  if (!raw) return false;
  window.sessionStorage.removeItem(PENDING_KEY);
  try {
    const pending = JSON.parse(raw) as { from: string; target: string; at: number };
    const here = `${window.location.pathname}${window.location.search}`;
    if (pending.from === here && Date.now() - pending.at < 5_000 && pending.target !== here) {
      return reloadTarget(pending.target);
    }
  } catch {
    // A damaged record is dropped.
  }
  return false;
}

export function startAppUpdates(buildId: string) {
  runningBuildId = buildId;
  if (resumeInterruptedNavigation()) return;

  window.addEventListener("pagehide", () => {
    const target = navigationTarget();
    if (!target) return;
    window.sessionStorage.setItem(
      PENDING_KEY,
      JSON.stringify({
        from: `${window.location.pathname}${window.location.search}`,
        target,
        at: Date.now(),
      }),
    );
  });
  // Chunks imported by components (not route modules) report through Vite's preload error event.
  window.addEventListener("vite:preloadError", (event) => {
    const target = navigationTarget() ?? `${window.location.pathname}${window.location.search}`;
    if (reloadTarget(target)) event.preventDefault();
  });

  window.__motomateCheckBuild = checkBuild;
  setInterval(() => void checkBuild(), BUILD_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void checkBuild();
  });
}
