import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { boardComment } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { boardArticle } from "#app/db/schema";
import { CounterBuffer } from "#app/platform/counter-buffer.server";
import { eq } from "drizzle-orm";
import {
  createArticle,
  deleteArticle,
  flushArticleViews,
  getArticlePage as readPage,
  listCategories,
} from "./articles.server";
import type { ArticleKind } from "./kinds";
import { listBoardArticles } from "./list.server";
import { listMyArticles, listMyComments } from "./my-activity.server";
import { keepArticle, likeArticle } from "./reactions.server";
import { blindMember, unblindMember } from "#app/services/members/relations.server";

let db: Database;
const views = new CounterBuffer();
/** The post page as its route reads it, with this file's view buffer. */
const getArticlePage = (
  database: Database,
  reader: Actor | null,
  id: number,
  options: { kind?: string } = {},
) => readPage(database, reader, id, { ...options, views });
const storedViews = async (id: number) =>
  (await db.select({ n: boardArticle.viewCount }).from(boardArticle).where(eq(boardArticle.id, id)))[0]!.n;

beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

async function write(author: Actor, kind: ArticleKind = "free", options: { isPrivate?: boolean } = {}) {
  const [category] = kind === "guestbook" ? [] : await listCategories(db, kind);
  const { id } = await createArticle(db, systemClock, author, {
    kind,
    categoryId: category?.id ?? null,
    title: "정비 후기",
    contentHtml: "<h3>소제목</h3><p>본문</p>",
    isPrivate: options.isPrivate ?? false,
  });
  return id;
}

describe("the post page", () => {
  it("reads the reader's like, keep and hidden members with the article, and none for a visitor", async () => {
    const author = await insertMember(db);
    const reader = await insertMember(db);
    const hidden = await insertMember(db);
    const id = await write(author);
    await likeArticle(db, systemClock, reader, id);
    await keepArticle(db, systemClock, reader, id);
    await blindMember(db, systemClock, reader.id, hidden.id);
    await blindMember(db, systemClock, reader.id, author.id);
    await unblindMember(db, systemClock, reader.id, author.id);

    const page = await getArticlePage(db, reader, id);
    expect(page).toMatchObject({ state: "found", marks: { liked: true, kept: true } });
    if (page.state !== "found") return;
    expect([...page.marks.blinded]).toEqual([hidden.id]);

    const other = await getArticlePage(db, hidden, id);
    expect(other).toMatchObject({ marks: { liked: false, kept: false } });
    const visitor = await getArticlePage(db, null, id);
    expect(visitor).toMatchObject({ marks: { liked: false, kept: false } });
    if (visitor.state === "found") expect(visitor.marks.blinded.size).toBe(0);
  });

  it("shows an article with its author and category, and counts views by others only", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const id = await write(author);
    const page = await getArticlePage(db, other, id, { kind: "free" });
    expect(page.state).toBe("found");
    if (page.state !== "found") return;
    expect(page.article).toMatchObject({
      id,
      kind: "free",
      title: "정비 후기",
      contentHtml: "<h3>소제목</h3><p>본문</p>",
      excerpt: "소제목 본문",
      imageUrl: null,
      category: { ko: "잡담", en: "Chat" },
      author: { id: author.id, nickname: author.nickname, avatarUrl: null },
      viewCount: 1,
      mine: false,
      canManage: false,
    });
    expect(await getArticlePage(db, null, id)).toMatchObject({ article: { viewCount: 2 } });
    const own = await getArticlePage(db, author, id);
    expect(own).toMatchObject({ article: { viewCount: 2, mine: true, canManage: true } });
    expect(await getArticlePage(db, other, id)).toMatchObject({ article: { viewCount: 3 } });
  });

  it("writes nothing when a page is read: views gather in memory and are written in one batch", async () => {
    const author = await insertMember(db);
    const readers = [await insertMember(db), await insertMember(db), null];
    const first = await write(author);
    const second = await write(author, "qna");
    await flushArticleViews(db, views);
    for (const reader of readers) await getArticlePage(db, reader, first);
    await getArticlePage(db, readers[0]!, second);
    // The pages show every view, the database has none of them yet.
    expect(await getArticlePage(db, author, first)).toMatchObject({ article: { viewCount: 3 } });
    expect([await storedViews(first), await storedViews(second)]).toEqual([0, 0]);
    expect(await flushArticleViews(db, views)).toBe(2);
    expect([await storedViews(first), await storedViews(second)]).toEqual([3, 1]);
    expect(await getArticlePage(db, author, first)).toMatchObject({ article: { viewCount: 3 } });
    expect(await flushArticleViews(db, views)).toBe(0);
  });

  it("keeps the gathered views when a batch cannot be written", async () => {
    const buffer = new CounterBuffer();
    buffer.add(7);
    buffer.add(7);
    await expect(buffer.drain(() => Promise.reject(new Error("database away")))).rejects.toThrow(
      "database away",
    );
    expect(buffer.pendingFor(7)).toBe(2);
    const written: Array<readonly [number, number]> = [];
    expect(await buffer.drain(async (counts) => void written.push(...counts))).toBe(1);
    expect(written).toEqual([[7, 2]]);
    expect(buffer.size).toBe(0);
  });

  it("answers the board the article is on when the address names another, without counting a view", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const id = await write(author, "qna");
    expect(await getArticlePage(db, other, id, { kind: "total" })).toEqual({
      state: "elsewhere",
      kind: "qna",
      id,
    });
    expect(await getArticlePage(db, other, id, { kind: "guestbook" })).toEqual({
      state: "elsewhere",
      kind: "qna",
      id,
    });
    expect(await getArticlePage(db, other, id, { kind: "qna" })).toMatchObject({ article: { viewCount: 1 } });
  });

  it("says missing for unknown and deleted articles", async () => {
    const author = await insertMember(db);
    const id = await write(author);
    expect(await getArticlePage(db, author, 987654)).toEqual({ state: "missing" });
    expect(await getArticlePage(db, author, -1)).toEqual({ state: "missing" });
    await deleteArticle(db, systemClock, author, id);
    expect(await getArticlePage(db, author, id)).toEqual({ state: "missing" });
  });

  it("refuses another member's private article, but not to its author or an administrator", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const id = await write(author, "free", { isPrivate: true });
    expect(await getArticlePage(db, other, id)).toEqual({ state: "forbidden" });
    expect(await getArticlePage(db, null, id)).toEqual({ state: "forbidden" });
    expect(await getArticlePage(db, author, id)).toMatchObject({ state: "found", article: { viewCount: 0 } });
    expect(await getArticlePage(db, admin, id)).toMatchObject({
      state: "found",
      article: { viewCount: 1, mine: false, canManage: true },
    });
  });
});

describe("deleting an article", () => {
  it("is for its author or an administrator, and takes it out of the lists", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const first = await write(author, "business");
    const second = await write(author, "business");
    expect(await code(deleteArticle(db, systemClock, other, first))).toBe("not_author");
    expect(await code(deleteArticle(db, systemClock, adminWithoutTwoFactor, first))).toBe("not_author");
    expect(await deleteArticle(db, systemClock, author, first)).toEqual({ id: first, kind: "business" });
    expect(await code(deleteArticle(db, systemClock, author, first))).toBe("not_found");
    await deleteArticle(db, systemClock, admin, second);
    const page = await listBoardArticles(db, null, new Set(), { kind: "business", sort: "latest" });
    expect(page.rows.map((row) => row.id)).not.toContain(first);
    expect(page.rows.map((row) => row.id)).not.toContain(second);
    expect(await code(deleteArticle(db, systemClock, author, 987654))).toBe("not_found");
  });
});

describe("my articles and comments", () => {
  it("lists my board and guestbook articles, newest first, without deleted ones", async () => {
    const me = await insertMember(db);
    const board = await write(me, "free");
    const guestbook = await write(me, "guestbook");
    const gone = await write(me, "free");
    await deleteArticle(db, systemClock, me, gone);
    const ids: number[] = [];
    for (let i = 0; i < 21; i += 1) ids.push(await write(me, "riding"));
    const first = await listMyArticles(db, me, null);
    expect(first.rows).toHaveLength(20);
    const second = await listMyArticles(db, me, first.nextCursor);
    expect(second.nextCursor).toBeNull();
    const listed = [...first.rows, ...second.rows].map((row) => row.id);
    expect(listed).toEqual([...ids.reverse(), guestbook, board]);
  });

  it("lists my comments with the article each is on, and hides titles that can no longer be read", async () => {
    const me = await insertMember(db);
    const author = await insertMember(db);
    const open = await write(author, "free");
    const closed = await write(author, "free", { isPrivate: true });
    const deleted = await write(author, "free");
    for (const articleId of [open, closed, deleted])
      await db.insert(boardComment).values({
        articleId,
        authorId: me.id,
        content: `댓글 ${articleId}`,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    await db.insert(boardComment).values({
      articleId: open,
      authorId: author.id,
      content: "남의 댓글",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await deleteArticle(db, systemClock, author, deleted);
    const page = await listMyComments(db, me, null);
    expect(page.rows.map((row) => [row.preview, row.article])).toEqual([
      [`댓글 ${deleted}`, { id: deleted, kind: "free", title: null, deleted: true, locked: false }],
      [`댓글 ${closed}`, { id: closed, kind: "free", title: null, deleted: false, locked: true }],
      [`댓글 ${open}`, { id: open, kind: "free", title: "정비 후기", deleted: false, locked: false }],
    ]);
  });
});
