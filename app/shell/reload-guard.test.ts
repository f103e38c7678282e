import { describe, expect, it } from "vitest";
import { claimReload, RELOAD_GUARD_MS } from "./reload-guard";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe("chunk reload guard", () => {
  it("reloads a path at most once in 10 seconds", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, "/policy", 1_000)).toBe(true);
    expect(claimReload(storage, "/policy", 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimReload(storage, "/policy/terms", 2_000)).toBe(true);
    expect(claimReload(storage, "/policy", 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it("survives a damaged record", () => {
    const storage = memoryStorage();
    storage.setItem("motomate.chunkReloads", "{not json");
    expect(claimReload(storage, "/", 5)).toBe(true);
    expect(claimReload(storage, "/", 6)).toBe(false);
  });
});
