import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { FixedClock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import {
  clearRecentSearches,
  listRecentSearches,
  recordSearch,
  RECENT_SEARCH_LIMIT,
  removeRecentSearch,
} from "./history.server";

let db: Database;
const clock = new FixedClock(new Date("2026-04-01T00:00:00.000Z"));
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

async function record(memberId: string, query: string) {
  clock.advance(1000);
  await recordSearch(db, clock, memberId, query);
}
const queries = async (memberId: string) => (await listRecentSearches(db, memberId)).map((row) => row.query);

describe("recent searches", () => {
  it(
    "lists a member's searches newest first, the same words once and moved to the top",
    { tags: ["concurrency"] },
    async () => {
      const { id } = await insertMember(db);
      await record(id, "엔진오일");
      await record(id, "  헬멧   추천 ");
      await record(id, "라이더");
      expect(await queries(id)).toEqual(["라이더", "헬멧 추천", "엔진오일"]);
      await record(id, "엔진오일");
      expect(await queries(id)).toEqual(["엔진오일", "라이더", "헬멧 추천"]);
      await Promise.all([recordSearch(db, clock, id, "동시"), recordSearch(db, clock, id, "동시")]);
      expect((await queries(id)).filter((query) => query === "동시")).toHaveLength(1);
    },
  );

  it("keeps only the newest 20", async () => {
    const { id } = await insertMember(db);
    for (let i = 1; i <= RECENT_SEARCH_LIMIT + 2; i += 1) await record(id, `검색어${i}`);
    const kept = await queries(id);
    expect(kept).toHaveLength(RECENT_SEARCH_LIMIT);
    expect(kept[0]).toBe(`검색어${RECENT_SEARCH_LIMIT + 2}`);
    expect(kept.at(-1)).toBe("검색어3");
    // Searching an old one again keeps it and forgets the oldest of the rest.
    await record(id, "검색어3");
    await record(id, "새 검색어");
    expect(await queries(id)).not.toContain("검색어4");
    expect((await queries(id)).slice(0, 2)).toEqual(["새 검색어", "검색어3"]);
  });

  it("refuses a query the search itself refuses", async () => {
    const { id } = await insertMember(db);
    await expect(recordSearch(db, clock, id, "   ")).rejects.toBeInstanceOf(DomainError);
    await expect(recordSearch(db, clock, id, "가".repeat(51))).rejects.toBeInstanceOf(DomainError);
    expect(await queries(id)).toEqual([]);
  });

  it("removes one entry or all of them, only the member's own", async () => {
    const owner = await insertMember(db);
    const other = await insertMember(db);
    await record(owner.id, "하나");
    await record(owner.id, "둘째");
    await record(other.id, "남의 검색");
    const [second, first] = await listRecentSearches(db, owner.id);
    const [others] = await listRecentSearches(db, other.id);

    expect(await removeRecentSearch(db, owner.id, others!.id)).toBe(false);
    expect(await queries(other.id)).toEqual(["남의 검색"]);
    expect(await removeRecentSearch(db, owner.id, first!.id)).toBe(true);
    expect(await queries(owner.id)).toEqual([second!.query]);

    await record(owner.id, "셋째");
    expect(await clearRecentSearches(db, owner.id)).toBe(2);
    expect(await queries(owner.id)).toEqual([]);
    expect(await queries(other.id)).toEqual(["남의 검색"]);
  });
});
