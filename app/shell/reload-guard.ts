/** A failed chunk load reloads the page at most once per path in this window. */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "motomate.chunkReloads";

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/**
 * Records a reload of `path` and answers whether it may happen: false when the same path was reloaded less than
 * 10 s ago, which stops a reload loop when a chunk stays unavailable.
 */
export function claimReload(storage: KeyValueStore, path: string, now: number): boolean {
  let history: Record<string, number> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? "{}");
    if (parsed && typeof parsed === "object") history = parsed as Record<string, number>;
  } catch {
    history = {};
  }
  const last = history[path];
  if (typeof last === "number" && now - last < RELOAD_GUARD_MS && now >= last) return false;
  // Forget entries that can no longer block anything, so the record stays small.
  for (const [key, at] of Object.entries(history)) if (now - at >= RELOAD_GUARD_MS) delete history[key];
  history[path] = now;
  storage.setItem(STORAGE_KEY, JSON.stringify(history));
  return true;
}
