import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server";
import { cachedReference, forgetReferenceData, REFERENCE_TTL_MS } from "./cache.server";

const database = () => ({}) as Database;

afterEach(() => {
  vi.useRealTimers();
});

describe("reference data held in memory", () => {
  it("loads once for every reader within the time it is kept, then again", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const db = database();
    const load = vi.fn(async () => ["menu"]);
    await Promise.all([cachedReference(db, "menu", load), cachedReference(db, "menu", load)]);
    await cachedReference(db, "menu", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFERENCE_TTL_MS + 1);
    await cachedReference(db, "menu", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("settles a thenable once, however many read it", async () => {
    const db = database();
    let runs = 0;
    const query = {
      then(resolve: (rows: string[]) => void) {
        runs += 1;
        resolve(["row"]);
      },
    };
    const load = () => query as unknown as Promise<string[]>;
    expect(await cachedReference(db, "filter", load)).toEqual(["row"]);
    expect(await cachedReference(db, "filter", load)).toEqual(["row"]);
    expect(runs).toBe(1);
  });

  it("keeps no failed load, holds each database apart, and drops a database's copy on demand", async () => {
    const db = database();
    await expect(cachedReference(db, "menu", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cachedReference(db, "menu", async () => "fresh")).toBe("fresh");
    expect(await cachedReference(database(), "menu", async () => "other")).toBe("other");
    forgetReferenceData(db);
    expect(await cachedReference(db, "menu", async () => "again")).toBe("again");
  });
});
