import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { boardArticle, upload } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { HOUR_MS } from "#app/platform/seoul-calendar";
import type { FileStorage } from "#app/platform/storage/types";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { createArticle, listCategories, updateArticle } from "#app/services/board/articles.server";
import { DomainError } from "#app/services/errors";
import { ratingItems } from "#app/services/reviews/items";
import { createReview, type ReviewInput } from "#app/services/reviews/reviews.server";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { insertMotorcycle } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import { attachUploads, collectUnattachedUploads, recordUploads } from "./ownership.server";
import { jpeg } from "./test-images";
import { storeImage, thumbnailPath } from "./uploads.server";

let db: Database;
let storage: FileStorage;
const clock = new FixedClock(new Date("2026-11-02T03:00:00Z"));

beforeAll(async () => {
  ({ db, storage } = await createTestRuntime({ clock }));
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

/** A post image stored and recorded for `owner`, as the editor's upload stores it. */
async function editorImage(owner: TestMember) {
  const stored = await storeImage(storage, await jpeg(64, 48), { kind: "post", clock });
  await recordUploads(db, clock, owner.id, [
    { key: stored.key, url: stored.url, thumbnailKey: thumbnailPath(stored.key), bytes: stored.bytes },
  ]);
  return stored;
}

const rowOf = async (url: string) => (await db.select().from(upload).where(eq(upload.url, url)))[0];

async function article(author: TestMember, html: string) {
  const [category] = await listCategories(db, "free");
  return createArticle(db, clock, author, {
    kind: "free",
    categoryId: category!.id,
    title: "정비 후기",
    contentHtml: html,
    isPrivate: false,
  });
}

describe("attaching uploads", () => {
  it("refuses another member's upload in a post, and stores nothing", async () => {
    const owner = await insertMember(db);
    const other = await insertMember(db);
    const image = await editorImage(owner);
    const html = `<p>제 사진</p><img src="${image.url}">`;

    const before = await db.select({ id: boardArticle.id }).from(boardArticle);
    expect(await code(article(other, html))).toBe("upload.not_owner");
    expect(await db.select({ id: boardArticle.id }).from(boardArticle)).toHaveLength(before.length);
    expect(await rowOf(image.url)).toMatchObject({ ownerId: owner.id, attachedTo: null });

    const { id } = await article(owner, html);
    expect(await rowOf(image.url)).toMatchObject({ attachedTo: `article:${id}` });
    // Published, it still is not the other member's to use.
    expect(await code(article(other, html))).toBe("upload.not_owner");
  });

  it("refuses another member's photo in a review, whatever reached the service", async () => {
    const owner = await insertMember(db);
    const other = await insertMember(db);
    const photo = await editorImage(owner);
    const { id: motorcycleId } = await insertMotorcycle(db, clock, "forza350");
    const review = (images: ReviewInput["images"]): ReviewInput => ({
      motorcycleId,
      ratings: Object.fromEntries(ratingItems.map((item) => [item, 7])) as ReviewInput["ratings"],
      texts: Object.fromEntries(ratingItems.map((item) => [item, "무난합니다"])) as ReviewInput["texts"],
      disadvantage: "시트가 높습니다",
      images,
      tags: ["commuting"],
      ownerMeeting: false,
    });
    const images = [{ url: photo.url, thumbnailUrl: storage.url(thumbnailPath(photo.key)) }];
    expect(await code(createReview(db, clock, other, review(images)))).toBe("upload.not_owner");
    expect(await rowOf(photo.url)).toMatchObject({ attachedTo: null });
    const { id } = await createReview(db, clock, owner, review(images));
    expect(await rowOf(photo.url)).toMatchObject({ attachedTo: `review:${id}` });
  });

  it("lets an administrator edit a member's post with the member's pictures, adding their own", async () => {
    const author = await insertMember(db);
    const admin = await insertAdmin(db);
    const mine = await editorImage(author);
    const theirs = await editorImage(admin);
    const { id } = await article(author, `<img src="${mine.url}">`);
    expect(
      await code(
        updateArticle(db, clock, admin, id, {
          categoryId: (await listCategories(db, "free"))[0]!.id,
          title: "정비 후기",
          contentHtml: `<img src="${mine.url}"><img src="${theirs.url}">`,
          isPrivate: false,
        }),
      ),
    ).toBe("ok");
    expect(await rowOf(mine.url)).toMatchObject({ ownerId: author.id, attachedTo: `article:${id}` });
    expect(await rowOf(theirs.url)).toMatchObject({ ownerId: admin.id, attachedTo: `article:${id}` });
  });

  it("leaves addresses without a row (files stored before uploads were recorded) alone", async () => {
    const author = await insertMember(db);
    await runInTransaction(db, clock, (uow) =>
      attachUploads(uow, author.id, ["/uploads/post/2020/01/old.webp"], "article:1"),
    );
    expect(await rowOf("/uploads/post/2020/01/old.webp")).toBeUndefined();
  });
});

describe("collecting uploads", () => {
  it("deletes the files and rows of uploads attached to nothing for a day, and only those", async () => {
    const owner = await insertMember(db);
    const abandoned = await editorImage(owner);
    const used = await editorImage(owner);
    await article(owner, `<img src="${used.url}">`);
    clock.advance(12 * HOUR_MS);
    const recent = await editorImage(owner);

    clock.advance(12 * HOUR_MS);
    const removed = await runInTransaction(db, clock, (uow) => collectUnattachedUploads(uow, storage));
    expect(removed).toBe(1);
    expect(await storage.get(abandoned.key)).toBeUndefined();
    expect(await storage.get(thumbnailPath(abandoned.key))).toBeUndefined();
    expect(await rowOf(abandoned.url)).toBeUndefined();
    for (const kept of [used, recent]) {
      expect(await storage.get(kept.key)).toBeDefined();
      expect(await storage.get(thumbnailPath(kept.key))).toBeDefined();
      expect(await rowOf(kept.url)).toBeDefined();
    }
  });
});
