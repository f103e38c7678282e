import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { systemClock } from "#app/platform/clock.server";
import { listCategories, seedBoardCategories } from "#app/services/board/articles.server";
import { SEARCH_QUERY_MAX } from "#app/services/search/query";
import { createTestDatabase } from "#tests/setup/database";
import { readListQuery } from "./list-query.server";

let db: Database;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await seedBoardCategories(db, systemClock);
});

const address = (query: string) => new URLSearchParams(query);

describe("a post list's address", () => {
  it("reads as the first page of the latest posts, in every category, when it says nothing", async () => {
    expect(await readListQuery(db, address(""), null)).toEqual({
      sort: "latest",
      category: null,
      categories: [],
      q: null,
      cursor: null,
    });
  });

  it("reads an order it does not know as the latest, and keeps the popular one", async () => {
    expect((await readListQuery(db, address("sort=popular"), null)).sort).toBe("popular");
    for (const sort of ["POPULAR", "oldest", ""]) {
      expect((await readListQuery(db, address(`sort=${sort}`), null)).sort, sort).toBe("latest");
    }
  });

  it("trims the search words, cuts them to the search's length, and reads blank ones as none", async () => {
    expect((await readListQuery(db, address("q=%20%20헬멧%20"), null)).q).toBe("헬멧");
    expect((await readListQuery(db, address(`q=${"가".repeat(SEARCH_QUERY_MAX + 5)}`), null)).q).toBe(
      "가".repeat(SEARCH_QUERY_MAX),
    );
    expect((await readListQuery(db, address("q=%20%20"), null)).q).toBeNull();
  });

  it("passes the page's cursor on as it came", async () => {
    expect((await readListQuery(db, address("cursor=abc.123"), null)).cursor).toBe("abc.123");
  });

  it("chooses among the kind's own categories, and ignores another kind's or a list's without any", async () => {
    const [free] = await listCategories(db, "free");
    const [gear] = await listCategories(db, "gear");
    const onFree = await readListQuery(db, address(`category=${free!.code}`), "free");
    expect(onFree.category).toMatchObject({ id: free!.id, code: free!.code });
    expect(onFree.categories).toContainEqual({ code: free!.code, ko: free!.nameKo, en: free!.nameEn });
    expect((await readListQuery(db, address(`category=${gear!.code}`), "free")).category).toBeNull();
    const total = await readListQuery(db, address(`category=${free!.code}`), null);
    expect(total).toMatchObject({ category: null, categories: [] });
  });
});
