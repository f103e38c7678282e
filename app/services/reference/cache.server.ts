import type { Database } from "#app/db/client.server";

/**
 * Reference data every page reads (the menu, filter options, board categories) held in memory per database, so that a
 * page does not ask the database for rows that change a few times a year. The process that changes them forgets its
 * copy when the change commits; other processes of the same database read it again after `REFERENCE_TTL_MS` (ADR 034).
 */
export const REFERENCE_TTL_MS = 30_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

/** The value under `key`, loaded once per `REFERENCE_TTL_MS`; a failed load is not kept. */
export function cachedReference<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = performance.now();
  const held = cache.get(key);
  if (held && held.expires > now) return held.value as Promise<T>;
  // Settled once: a query builder is a thenable that would run again for every reader.
  const value = Promise.resolve(load());
  const entry = { value, expires: now + REFERENCE_TTL_MS };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Drops what this process holds for the database: the next read loads it again. */
export function forgetReferenceData(db: Database): void {
  caches.delete(db);
}
