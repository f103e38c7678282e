import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { boardArticle } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { createArticle, getArticleForEdit, listCategories, updateArticle } from "./articles.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

describe("writing articles", () => {
  it("stores sanitised content with its plain text and first image", async () => {
    const author = await insertMember(db);
    const [category] = await listCategories(db, "free");
    const { id } = await createArticle(db, systemClock, author, {
      kind: "free",
      categoryId: category!.id,
      title: "  첫 글  ",
      contentHtml: '<p onclick="x()">안녕하세요<script>alert(1)</script></p><img src="/uploads/post/a.webp">',
      isPrivate: false,
    });
    const [row] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));
    expect(row!.title).toBe("첫 글");
    expect(row!.contentHtml).toBe('<p>안녕하세요</p><img src="/uploads/post/a.webp" alt="" />');
    expect(row!.contentText).toBe("안녕하세요");
    expect(row!.thumbnailUrl).toBe("/uploads/post/a.webp");
  });

  it("requires a category of the same board, a title and content", async () => {
    const author = await insertMember(db);
    const [qna] = await listCategories(db, "qna");
    const base = {
      kind: "free",
      categoryId: null,
      title: "제목",
      contentHtml: "<p>내용</p>",
      isPrivate: false,
    };
    expect(await code(createArticle(db, systemClock, author, base))).toBe("category_required");
    expect(await code(createArticle(db, systemClock, author, { ...base, categoryId: qna!.id }))).toBe(
      "category_required",
    );
    expect(await code(createArticle(db, systemClock, author, { ...base, kind: "nope" }))).toBe(
      "kind_invalid",
    );
    const [free] = await listCategories(db, "free");
    const ok = { ...base, categoryId: free!.id };
    expect(await code(createArticle(db, systemClock, author, { ...ok, title: " " }))).toBe("title_required");
    expect(await code(createArticle(db, systemClock, author, { ...ok, contentHtml: "<p> </p>" }))).toBe(
      "content_required",
    );
    const twoVideos = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'.repeat(2);
    expect(await code(createArticle(db, systemClock, author, { ...ok, contentHtml: twoVideos }))).toBe(
      "youtube_already_registered",
    );
  });

  it("lets only the author or an administrator edit", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const [free] = await listCategories(db, "free");
    const input = { categoryId: free!.id, title: "원래", contentHtml: "<p>본문</p>", isPrivate: true };
    const { id } = await createArticle(db, systemClock, author, { ...input, kind: "free" });
    expect(await code(updateArticle(db, systemClock, other, id, input))).toBe("not_author");
    expect(await code(getArticleForEdit(db, other, id))).toBe("not_author");
    expect(await code(updateArticle(db, systemClock, adminWithoutTwoFactor, id, input))).toBe("not_author");
    await updateArticle(db, systemClock, admin, id, { ...input, title: "고침" });
    expect((await getArticleForEdit(db, author, id)).title).toBe("고침");
  });
});
