import { containsPattern } from "#app/services/search/query";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { boardArticle } from "#app/db/schema";
import { FixedClock, systemClock } from "#app/platform/clock.server";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { createArticle, listCategories } from "./articles.server";
import type { ArticleKind } from "./kinds";
import { boardListQuery, decodeCursor, listBoardArticles, type BoardListParams } from "./list.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

async function write(
  author: Actor,
  kind: ArticleKind,
  options: { title?: string; html?: string; isPrivate?: boolean; categoryIndex?: number; at?: Date } = {},
) {
  const categories = kind === "guestbook" ? [] : await listCategories(db, kind);
  const clock = options.at ? new FixedClock(options.at) : systemClock;
  const { id } = await createArticle(db, clock, author, {
    kind,
    categoryId: categories[options.categoryIndex ?? 0]?.id ?? null,
    title: options.title ?? "제목",
    contentHtml: options.html ?? "<p>본문입니다</p>",
    isPrivate: options.isPrivate ?? false,
  });
  return id;
}

/** Every id of a list, following its cursors to the end. */
async function walk(reader: Actor | null, params: Omit<BoardListParams, "cursor">) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await listBoardArticles(db, reader, new Set(), { ...params, cursor });
    ids.push(...page.rows.map((row) => row.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { ids, pages };
}

describe("board lists", () => {
  it("pages through the latest articles without duplicates or gaps, also among equal times", async () => {
    const author = await insertMember(db);
    const ids: number[] = [];
    // Three groups of 15 articles written at the same instant.
    for (const minute of [1, 2, 3])
      for (let i = 0; i < 15; i += 1)
        ids.push(await write(author, "route", { at: new Date(`2026-01-01T00:0${minute}:00Z`) }));
    // Two written in the same millisecond, apart only in microseconds.
    const stamp = { createdAt: new Date(), updatedAt: new Date() };
    const [micro] = await db
      .insert(boardArticle)
      .values([
        {
          kind: "route",
          authorId: author.id,
          title: "a",
          contentHtml: "<p>a</p>",
          contentText: "a",
          ...stamp,
        },
        {
          kind: "route",
          authorId: author.id,
          title: "b",
          contentHtml: "<p>b</p>",
          contentText: "b",
          ...stamp,
        },
      ])
      .returning({ id: boardArticle.id });
    await db.execute(
      sql`update board_article set created_at = '2026-01-01 00:00:30.000123+00' where id = ${micro!.id}`,
    );
    await db.execute(
      sql`update board_article set created_at = '2026-01-01 00:00:30.000456+00' where id = ${micro!.id + 1}`,
    );
    const { ids: listed, pages } = await walk(null, { kind: "route", sort: "latest" });
    const expected = [
      ...ids.slice(30).reverse(),
      ...ids.slice(15, 30).reverse(),
      ...ids.slice(0, 15).reverse(),
    ];
    expect(listed).toEqual([...expected, micro!.id + 1, micro!.id]);
    expect(pages).toBe(3);
  });

  it("orders popular articles by likes, ties by newest id, across pages", async () => {
    const author = await insertMember(db);
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1) ids.push(await write(author, "riding"));
    // Likes 0, 1, 2 in turn: many ties that straddle page boundaries.
    for (const [position, id] of ids.entries())
      await db
        .update(boardArticle)
        .set({ likeCount: position % 3 })
        .where(eq(boardArticle.id, id));
    const { ids: listed } = await walk(null, { kind: "riding", sort: "popular" });
    const expected = [...ids]
      .map((id, position) => ({ id, likes: position % 3 }))
      .sort((a, b) => b.likes - a.likes || b.id - a.id)
      .map((row) => row.id);
    expect(listed).toEqual(expected);
    expect(new Set(listed).size).toBe(25);
  });

  it("filters by category and leaves deleted articles out", async () => {
    const author = await insertMember(db);
    const first = await write(author, "tuning", { categoryIndex: 0 });
    const second = await write(author, "tuning", { categoryIndex: 1 });
    const gone = await write(author, "tuning", { categoryIndex: 1 });
    await db.update(boardArticle).set({ deletedAt: new Date() }).where(eq(boardArticle.id, gone));
    const [, secondCategory] = await listCategories(db, "tuning");
    const page = await listBoardArticles(db, null, new Set(), {
      kind: "tuning",
      sort: "latest",
      categoryId: secondCategory!.id,
    });
    expect(page.rows.map((row) => row.id)).toEqual([second]);
    expect(page.rows[0]!.category).toEqual({
      id: secondCategory!.id,
      ko: "엔진·배기",
      en: "Engine & Exhaust",
    });
    const all = await listBoardArticles(db, null, new Set(), { kind: "tuning", sort: "latest" });
    expect(all.rows.map((row) => row.id)).toEqual([second, first]);
  });

  it("finds Korean words inside longer words, in titles and text, with wildcards taken literally", async () => {
    const author = await insertMember(db);
    const titled = await write(author, "vehicleCare", { title: "엔진오일정비후기" });
    const texted = await write(author, "vehicleCare", { title: "후기", html: "<p>체인 정비를 했어요</p>" });
    await write(author, "vehicleCare", { title: "세차 이야기", html: "<p>광택 100점</p>" });
    const search = (q: string) =>
      listBoardArticles(db, null, new Set(), { kind: "vehicleCare", sort: "latest", q }).then((page) =>
        page.rows.map((row) => row.id),
      );
    expect(await search("정비")).toEqual([texted, titled]);
    expect(await search("  오일정비 ")).toEqual([titled]);
    expect(await search("100%")).toEqual([]);
    expect(await search("_")).toEqual([]);
    expect(containsPattern("a%b_c\\")).toBe("%a\\%b\\_c\\\\%");
  });

  it("lists every topic board in total, never the guestbook", async () => {
    const author = await insertMember(db);
    const onBoard = await write(author, "free", { title: "전체 목록 확인" });
    const guestbook = await write(author, "guestbook", { title: "전체 목록 확인" });
    const total = await listBoardArticles(db, null, new Set(), {
      kind: "total",
      sort: "latest",
      q: "전체 목록",
    });
    expect(total.rows.map((row) => row.id)).toEqual([onBoard]);
    expect(total.rows[0]!.kind).toBe("free");
    const book = await listBoardArticles(db, author, new Set(), { kind: "guestbook", sort: "latest" });
    expect(book.rows.map((row) => row.id)).toContain(guestbook);
    expect(book.rows.every((row) => row.kind === "guestbook")).toBe(true);
  });

  it("shows others' private articles locked, and to their author and administrators in full", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await write(author, "issue", {
      title: "비밀 제목",
      html: '<p>비밀 내용</p><img src="/uploads/post/s.webp">',
      isPrivate: true,
    });
    const row = async (reader: Actor | null) =>
      (await listBoardArticles(db, reader, new Set(), { kind: "issue", sort: "latest" })).rows.find(
        (item) => item.id === id,
      )!;
    for (const reader of [other, adminWithoutTwoFactor, null]) {
      expect(await row(reader)).toMatchObject({
        locked: true,
        title: null,
        preview: null,
        thumbnailUrl: null,
      });
    }
    for (const reader of [author, admin]) {
      expect(await row(reader)).toMatchObject({
        locked: false,
        title: "비밀 제목",
        preview: "비밀 내용",
        thumbnailUrl: "/uploads/post/s.webp",
      });
    }
    // Its words do not find it for others, not even as a locked row.
    const search = (reader: Actor) =>
      listBoardArticles(db, reader, new Set(), { kind: "issue", sort: "latest", q: "비밀" }).then((page) =>
        page.rows.map((item) => item.id),
      );
    expect(await search(other)).toEqual([]);
    expect(await search(adminWithoutTwoFactor)).toEqual([]);
    expect(await search(author)).toEqual([id]);
    expect(await search(admin)).toEqual([id]);
  });

  it("flags rows of hidden members as blinded", async () => {
    const blindedAuthor = await insertMember(db);
    const author = await insertMember(db);
    const blinded = await write(blindedAuthor, "gallery");
    const plain = await write(author, "gallery");
    const page = await listBoardArticles(db, author, new Set([blindedAuthor.id]), {
      kind: "gallery",
      sort: "latest",
    });
    const flags = Object.fromEntries(page.rows.map((row) => [row.id, row.blinded]));
    expect(flags).toMatchObject({ [blinded]: true, [plain]: false });
    expect(page.rows.find((row) => row.id === plain)!.author).toEqual({
      id: author.id,
      nickname: author.nickname,
      avatarUrl: null,
    });
  });

  it("ignores cursors it did not make or made for the other order", async () => {
    expect(decodeCursor("not-a-cursor", "latest")).toBeNull();
    expect(
      decodeCursor(Buffer.from('{"s":"popular","l":1,"i":2}').toString("base64url"), "latest"),
    ).toBeNull();
    expect(
      decodeCursor(Buffer.from('{"s":"latest","t":"x","i":2}').toString("base64url"), "latest"),
    ).toBeNull();
  });

  it("runs each list order on its partial index", async () => {
    const cases: [BoardListParams, string][] = [
      [{ kind: "free", sort: "latest" }, "board_article_kind_latest_idx"],
      [{ kind: "free", sort: "popular" }, "board_article_kind_popular_idx"],
      [{ kind: "total", sort: "latest" }, "board_article_total_latest_idx"],
      [{ kind: "total", sort: "popular" }, "board_article_total_popular_idx"],
      [
        {
          kind: "total",
          sort: "latest",
          cursor: Buffer.from('{"s":"latest","t":"2026-01-01T00:00:00.000000Z","i":9}').toString("base64url"),
        },
        "board_article_total_latest_idx",
      ],
    ];
    for (const [params, index] of cases) {
      const plan = await db.transaction(async (tx) => {
        // On a tiny table a scan is cheaper; forbidding it shows whether the index can serve the query at all.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const result = (await tx.execute(sql`explain ${boardListQuery(db, params)}`)) as { rows: object[] };
        return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join("\n");
      });
      expect(plan, JSON.stringify(params)).toContain(`Index Scan using ${index}`);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });

  it("reads a list without search words through a statement prepared once per shape, with the same rows", async () => {
    const author = await insertMember(db);
    for (const kind of ["free", "tuning"] as const)
      for (let i = 0; i < 25; i += 1)
        await write(author, kind, { categoryIndex: i % 2, at: new Date(Date.UTC(2026, 2, 1, 0, i)) });
    const [tuningCategory] = await listCategories(db, "tuning");
    const cases: Array<Omit<BoardListParams, "cursor">> = [
      { kind: "free", sort: "latest" },
      { kind: "tuning", sort: "popular" },
      { kind: "tuning", sort: "latest", categoryId: tuningCategory!.id },
      { kind: "total", sort: "latest" },
      { kind: "total", sort: "popular" },
    ];
    // Each shape's first page and the page after it, so that every statement is prepared.
    for (const params of cases) {
      const first = await listBoardArticles(db, null, new Set(), params);
      await listBoardArticles(db, null, new Set(), { ...params, cursor: first.nextCursor });
    }
    const built = vi.spyOn(db, "select");
    try {
      for (const params of [...cases, { kind: "route", sort: "latest" } as const]) {
        let cursor: string | null = null;
        for (let page = 0; page < 3; page++) {
          const listed = await listBoardArticles(db, null, new Set(), { ...params, cursor });
          const expected = await boardListQuery(db, { ...params, cursor });
          expect(
            listed.rows.map((row) => row.id),
            JSON.stringify(params),
          ).toEqual(expected.slice(0, 20).map((row) => row.id));
          cursor = listed.nextCursor;
          if (!cursor) break;
        }
      }
      // Only the expected rows above were built by the query builder: one per page read.
      const listsBuilt = built.mock.calls.length;
      built.mockClear();
      await listBoardArticles(db, null, new Set(), { kind: "free", sort: "latest" });
      await listBoardArticles(db, null, new Set(), { kind: "guestbook", sort: "popular" });
      expect(built.mock.calls.length).toBe(0);
      expect(listsBuilt).toBeGreaterThan(0);
      // A search is built each time.
      await listBoardArticles(db, null, new Set(), { kind: "free", sort: "latest", q: "제목" });
      expect(built.mock.calls.length).toBe(1);
    } finally {
      built.mockRestore();
    }
  });
});
