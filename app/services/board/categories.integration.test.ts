import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { boardArticle } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { createArticle, listCategories } from "./articles.server";
import {
  addCategory,
  categoriesForAdmin,
  deleteCategory,
  renameCategory,
  replaceCategory,
} from "./categories.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: "ok" }),
    (error: unknown) =>
      error instanceof DomainError ? { code: error.code, ...error.params } : { code: String(error) },
  );

const admin = () => insertAdmin(db);

async function fill(categoryId: number, count: number) {
  const author = await insertMember(db);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { id } = await createArticle(db, systemClock, author, {
      kind: "qna",
      categoryId,
      title: `글 ${i}`,
      contentHtml: "<p>본문</p>",
      isPrivate: false,
    });
    ids.push(id);
  }
  return ids;
}

describe("board categories for administrators", () => {
  it("are managed only by administrators with two-step verification", async () => {
    const member = await insertMember(db, { twoFactorEnabled: true });
    const noTwoFactor = await insertMember(db, { role: "admin" });
    const [category] = await listCategories(db, "qna");
    for (const actor of [member, noTwoFactor]) {
      expect(await failure(categoriesForAdmin(db, actor))).toEqual({ code: "admin_only" });
      expect(
        await failure(addCategory(db, systemClock, actor, { kind: "qna", nameKo: "새", nameEn: "New" })),
      ).toEqual({
        code: "admin_only",
      });
      expect(
        await failure(
          renameCategory(db, systemClock, actor, { categoryId: category!.id, nameKo: "x", nameEn: "x" }),
        ),
      ).toEqual({ code: "admin_only" });
      expect(
        await failure(deleteCategory(db, systemClock, actor, { categoryId: category!.id, confirmCount: 0 })),
      ).toEqual({ code: "admin_only" });
    }
  });

  it("adds and renames categories; a rename keeps the articles", async () => {
    const actor = await admin();
    expect(
      await failure(addCategory(db, systemClock, actor, { kind: "qna", nameKo: " ", nameEn: "x" })),
    ).toEqual({
      code: "category_name_required",
    });
    expect(
      await failure(addCategory(db, systemClock, actor, { kind: "nope", nameKo: "가", nameEn: "x" })),
    ).toEqual({
      code: "kind_invalid",
    });
    const { id } = await addCategory(db, systemClock, actor, {
      kind: "qna",
      nameKo: "타이어",
      nameEn: "Tyres",
    });
    expect((await listCategories(db, "qna")).at(-1)).toMatchObject({ id, nameKo: "타이어", nameEn: "Tyres" });
    const [article] = await fill(id, 1);
    await renameCategory(db, systemClock, actor, {
      categoryId: id,
      nameKo: "타이어·휠",
      nameEn: "Tyres & Wheels",
    });
    const board = (await categoriesForAdmin(db, actor)).find((entry) => entry.kind === "qna")!;
    expect(board.categories.find((category) => category.id === id)).toEqual({
      id,
      nameKo: "타이어·휠",
      nameEn: "Tyres & Wheels",
      articleCount: 1,
    });
    const [row] = await db.select().from(boardArticle).where(eq(boardArticle.id, article!));
    expect(row!.deletedAt).toBeNull();
  });

  it("deletes a category with its articles only when the stated count is the current one", async () => {
    const actor = await admin();
    const { id } = await addCategory(db, systemClock, actor, {
      kind: "qna",
      nameKo: "지울 것",
      nameEn: "To delete",
    });
    const ids = await fill(id, 3);
    expect(await failure(deleteCategory(db, systemClock, actor, { categoryId: id }))).toEqual({
      code: "confirm_required",
      count: 3,
    });
    // Another article arrived after the administrator saw "3".
    ids.push(...(await fill(id, 1)));
    expect(
      await failure(deleteCategory(db, systemClock, actor, { categoryId: id, confirmCount: 3 })),
    ).toEqual({
      code: "count_changed",
      count: 4,
    });
    const untouched = await db.select().from(boardArticle).where(eq(boardArticle.categoryId, id));
    expect(untouched.every((row) => row.deletedAt === null)).toBe(true);
    expect(await deleteCategory(db, systemClock, actor, { categoryId: id, confirmCount: 4 })).toEqual({
      deletedArticles: 4,
    });
    const rows = await db.select().from(boardArticle).where(eq(boardArticle.categoryId, id));
    expect(rows.map((row) => row.id).sort()).toEqual(ids.sort());
    expect(rows.every((row) => row.deletedAt !== null)).toBe(true);
    expect((await listCategories(db, "qna")).map((category) => category.id)).not.toContain(id);
    expect(
      await failure(deleteCategory(db, systemClock, actor, { categoryId: id, confirmCount: 0 })),
    ).toEqual({
      code: "category_not_found",
    });
  });

  it("changes a category into a new one in its place, its articles deleted after the same confirmation", async () => {
    const actor = await admin();
    const { id } = await addCategory(db, systemClock, actor, {
      kind: "qna",
      nameKo: "옛 이름",
      nameEn: "Old",
    });
    await fill(id, 2);
    expect(
      await failure(replaceCategory(db, systemClock, actor, { categoryId: id, nameKo: "새", nameEn: "New" })),
    ).toEqual({ code: "confirm_required", count: 2 });
    const replaced = await replaceCategory(db, systemClock, actor, {
      categoryId: id,
      nameKo: "새 이름",
      nameEn: "New",
      confirmCount: 2,
    });
    expect(replaced.deletedArticles).toBe(2);
    const categories = await listCategories(db, "qna");
    expect(categories.map((category) => category.id)).not.toContain(id);
    expect(categories.find((category) => category.id === replaced.id)).toMatchObject({ nameKo: "새 이름" });
  });
});
