import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  garageBike,
  motorcycleReview,
  reviewRatingItems,
  reviewSpark,
  reviewTags,
  type ReviewTag,
} from "#app/db/schema";
import { AdjustableClock, systemClock } from "#app/platform/clock.server";
import { DAY_MS, HOUR_MS } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { insertMotorcycle, insertTestCatalogue, testCatalogue } from "#tests/setup/motorcycles";
import { readReviewImages, signReviewImage } from "./images.server";
import { ratingItems, tagChoices } from "./items";
import { getReviewDetail, listHotReviews, listMyReviews, listReviews, REVIEW_PAGE_SIZE } from "./list.server";
import {
  createReview,
  deleteReview,
  getReviewForEdit,
  setOwnerMeeting,
  updateReview,
  type ReviewInput,
} from "./reviews.server";
import { reviewSchema } from "./review.schema";
import { searchByTags } from "./tags.server";

let db: Database;
let bikes: Awaited<ReturnType<typeof insertTestCatalogue>>;

beforeAll(async () => {
  ({ db } = await createTestRuntime());
  bikes = await insertTestCatalogue(db, systemClock);
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

const image = (n: number) => ({
  url: `/uploads/post/2026/11/r${n}.webp`,
  thumbnailUrl: `/uploads/post/2026/11/r${n}.thumb.webp`,
});

function input(motorcycleId: number, overrides: Partial<ReviewInput> = {}): ReviewInput {
  const ratings = Object.fromEntries(
    ratingItems.map((item, index) => [item, (index % 10) + 1]),
  ) as ReviewInput["ratings"];
  const texts = Object.fromEntries(ratingItems.map((item) => [item, `${item} 소감`])) as ReviewInput["texts"];
  return {
    motorcycleId,
    ratings,
    texts,
    disadvantage: "수납공간이 좁습니다",
    images: [image(1)],
    tags: ["commuting", "fuelEfficient"],
    ownerMeeting: false,
    ...overrides,
  };
}

async function stored(id: number) {
  const [row] = await db.select().from(motorcycleReview).where(eq(motorcycleReview.id, id));
  return row!;
}

describe("the lists the pages use", () => {
  it("name the same rated items and characteristics as the database schema", () => {
    expect([...ratingItems]).toEqual([...reviewRatingItems]);
    expect([...tagChoices]).toEqual([...reviewTags]);
  });
});

describe("writing a review", () => {
  it("stores the nine ratings, their average, the texts, images, tags and the model of the model year", async () => {
    const author = await insertMember(db);
    const { id } = await createReview(
      db,
      systemClock,
      author,
      input(bikes.forza350.id, { ownerMeeting: true }),
    );
    const row = await stored(id);
    expect(row).toMatchObject({
      authorId: author.id,
      motorcycleId: bikes.forza350.id,
      modelId: bikes.forza350.modelId,
      ratingPerformance: 1,
      ratingValue: 9,
      ratingAverage: 5,
      disadvantage: "수납공간이 좁습니다",
      images: [image(1)],
      tags: ["commuting", "fuelEfficient"],
      ownerMeeting: true,
      sparkCount: 0,
      deletedAt: null,
    });
    expect(row.itemTexts.braking).toBe("braking 소감");
  });

  it("refuses each broken rule with its own code, storing nothing", async () => {
    const author = await insertMember(db);
    const bike = bikes.pcx125.id;
    const attempt = (overrides: Partial<ReviewInput>) =>
      code(createReview(db, systemClock, author, input(bike, overrides)));
    const ratings = input(bike).ratings;
    expect(await attempt({ ratings: { ...ratings, braking: 0 } })).toBe("rating_invalid");
    expect(await attempt({ ratings: { ...ratings, value: 11 } })).toBe("rating_invalid");
    expect(await attempt({ ratings: { ...ratings, design: 7.5 } })).toBe("rating_invalid");
    expect(await attempt({ texts: { ...input(bike).texts, engine: "가".repeat(501) } })).toBe("text_length");
    expect(await attempt({ disadvantage: "   " })).toBe("disadvantage_required");
    expect(await attempt({ disadvantage: "나".repeat(501) })).toBe("disadvantage_length");
    expect(await attempt({ images: [] })).toBe("images_required");
    expect(await attempt({ images: [1, 2, 3, 4, 5].map(image) })).toBe("images_max");
    expect(await attempt({ tags: ["commuting", "flying"] })).toBe("tags_invalid");
    expect(await attempt({ tags: reviewTags.slice(0, 9) })).toBe("tags_max");
    expect(await attempt({ motorcycleId: 987_654 })).toBe("motorcycle_required");
    const rows = await db.select().from(motorcycleReview).where(eq(motorcycleReview.authorId, author.id));
    expect(rows).toHaveLength(0);
    // Exactly the limits pass: 500 characters, 4 images, 8 tags.
    expect(
      await attempt({
        disadvantage: "나".repeat(500),
        images: [1, 2, 3, 4].map(image),
        tags: reviewTags.slice(0, 8),
      }),
    ).toBe("ok");
  });

  it("allows one live review per member and model year, and another once it is deleted", async () => {
    const author = await insertMember(db);
    const first = await createReview(db, systemClock, author, input(bikes.xmax300.id));
    expect(await code(createReview(db, systemClock, author, input(bikes.xmax300.id)))).toBe(
      "already_reviewed",
    );
    await deleteReview(db, systemClock, author, first.id);
    expect(await code(createReview(db, systemClock, author, input(bikes.xmax300.id)))).toBe("ok");
  });

  it("refuses in the form's schema what the service refuses, with catalogue messages", () => {
    const form = new FormData();
    form.set("motorcycleId", String(bikes.forza350.id));
    for (const item of ratingItems) form.set(`rating_${item}`, "7");
    form.set("rating_braking", "11");
    form.set("disadvantage", "");
    form.append("tags", "commuting");
    form.append("tags", "flying");
    const result = reviewSchema.safeParse(
      Object.fromEntries(
        [...form.keys()].map((key) => {
          const values = form.getAll(key);
          return [key, values.length > 1 ? values : values[0]];
        }),
      ),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toMatchObject({
      rating_braking: "review.error.rating_invalid",
      disadvantage: "review.error.disadvantage_required",
      tags: "review.error.tags_invalid",
      photos: "review.error.images_required",
    });
  });
});

describe("the 24-hour edit window", () => {
  it("lets the author edit until 24 hours after posting, then refuses naming when it locked", async () => {
    const clock = new AdjustableClock();
    const author = await insertMember(db);
    const { id } = await createReview(db, clock, author, input(bikes.mt07.id));
    const createdAt = (await stored(id)).createdAt;
    clock.advance(23 * HOUR_MS);
    await updateReview(db, clock, author, id, input(bikes.mt07.id, { disadvantage: "시트가 딱딱합니다" }));
    expect((await stored(id)).disadvantage).toBe("시트가 딱딱합니다");
    expect((await getReviewForEdit(db, clock, author, id)).editableUntil).toEqual(
      new Date(createdAt.getTime() + DAY_MS),
    );

    clock.advance(HOUR_MS);
    const refused = await updateReview(
      db,
      clock,
      author,
      id,
      input(bikes.mt07.id, { disadvantage: "늦었다" }),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: "locked",
      details: { params: { lockedAt: new Date(createdAt.getTime() + DAY_MS).toISOString() } },
    });
    expect(await code(getReviewForEdit(db, clock, author, id))).toBe("locked");
    expect((await stored(id)).disadvantage).toBe("시트가 딱딱합니다");
  });

  it("is the author's alone: another member and an administrator cannot edit", async () => {
    const author = await insertMember(db);
    const { id } = await createReview(db, systemClock, author, input(bikes.forza350.id));
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    expect(await code(updateReview(db, systemClock, other, id, input(bikes.forza350.id)))).toBe("not_author");
    expect(await code(updateReview(db, systemClock, admin, id, input(bikes.forza350.id)))).toBe("not_author");
    expect(await code(updateReview(db, systemClock, author, 987_654, input(bikes.forza350.id)))).toBe(
      "not_found",
    );
  });
});

describe("deleting a review", () => {
  it("is for its author or an acting administrator, irreversible, and keeps the sparks already given", async () => {
    const author = await insertMember(db);
    const other = await insertMember(db);
    const fan = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoStep = await insertMember(db, { role: "admin" });
    const { id } = await createReview(db, systemClock, author, input(bikes.pcx125.id));
    await db.insert(reviewSpark).values({
      reviewId: id,
      giverId: fan.id,
      receiverId: author.id,
      amount: 3,
      seoulDay: "2026-11-23",
      createdAt: new Date(),
    });
    await db.update(motorcycleReview).set({ sparkCount: 3 }).where(eq(motorcycleReview.id, id));

    expect(await code(deleteReview(db, systemClock, other, id))).toBe("not_author");
    expect(await code(deleteReview(db, systemClock, adminWithoutTwoStep, id))).toBe("not_author");
    expect(await code(deleteReview(db, systemClock, admin, id))).toBe("ok");
    expect((await stored(id)).deletedAt).not.toBeNull();
    expect(await code(deleteReview(db, systemClock, author, id))).toBe("not_found");
    expect(await code(updateReview(db, systemClock, author, id, input(bikes.pcx125.id)))).toBe("not_found");
    expect(await code(setOwnerMeeting(db, systemClock, author, id, true))).toBe("not_found");

    expect(await getReviewDetail(db, author, id, new Date())).toBeNull();
    const page = await listReviews(db, { sort: "latest", modelId: bikes.pcx125.modelId });
    expect(page.items.map((row) => row.id)).not.toContain(id);
    const sparks = await db.select().from(reviewSpark).where(eq(reviewSpark.reviewId, id));
    expect(sparks).toHaveLength(1);
    expect((await stored(id)).sparkCount).toBe(3);
  });
});

describe("the owner-meeting switch", () => {
  it("is switched by the author at any time, also after the review locked, and by nobody else", async () => {
    const clock = new AdjustableClock();
    const author = await insertMember(db);
    const { id } = await createReview(db, clock, author, input(bikes.xmax300.id));
    clock.advance(3 * DAY_MS);
    await setOwnerMeeting(db, clock, author, id, true);
    expect((await stored(id)).ownerMeeting).toBe(true);
    await setOwnerMeeting(db, clock, author, id, false);
    expect((await stored(id)).ownerMeeting).toBe(false);
    expect(await code(setOwnerMeeting(db, clock, await insertMember(db), id, true))).toBe("not_author");
    expect(await code(setOwnerMeeting(db, clock, await insertAdmin(db), id, true))).toBe("not_author");
    expect((await stored(id)).ownerMeeting).toBe(false);
  });
});

describe("review lists", () => {
  it("orders by latest or by sparks, by model, a page at a time without repeats", async () => {
    const cub = await insertMotorcycle(db, systemClock, {
      ...testCatalogue.pcx125,
      model: { slug: "super-cub-110", nameEn: "Super Cub 110", nameKo: "슈퍼커브 110", category: "cub" },
      year: 2022,
    });
    const clock = new AdjustableClock();
    const ids: number[] = [];
    for (let n = 0; n < REVIEW_PAGE_SIZE + 5; n++) {
      clock.advance(1000);
      const { id } = await createReview(db, clock, await insertMember(db), input(cub.id));
      ids.push(id);
      await db
        .update(motorcycleReview)
        .set({ sparkCount: (n * 7) % 11 })
        .where(eq(motorcycleReview.id, id));
    }
    const first = await listReviews(db, { sort: "latest", modelId: cub.modelId });
    expect(first.items).toHaveLength(REVIEW_PAGE_SIZE);
    expect(first.items[0]!.id).toBe(ids.at(-1));
    expect(first.nextCursor).not.toBeNull();
    const second = await listReviews(db, { sort: "latest", modelId: cub.modelId, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((row) => row.id)).toEqual([...ids].reverse());

    const byModel = await listReviews(db, { sort: "latest", modelId: bikes.mt07.modelId });
    expect(byModel.items.every((row) => row.motorcycle.modelId === bikes.mt07.modelId)).toBe(true);

    const sparked1 = await listReviews(db, { sort: "sparked", modelId: cub.modelId });
    const sparked2 = await listReviews(db, {
      sort: "sparked",
      modelId: cub.modelId,
      cursor: sparked1.nextCursor,
    });
    const sparked = [...sparked1.items, ...sparked2.items];
    expect(new Set(sparked.map((row) => row.id)).size).toBe(ids.length);
    const keys = sparked.map((row) => [row.sparkCount, row.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    // A cursor of the other order is not used: the list starts again.
    const mixed = await listReviews(db, { sort: "sparked", modelId: cub.modelId, cursor: first.nextCursor });
    expect(mixed.items[0]!.id).toBe(sparked1.items[0]!.id);
  });

  it("lists a member's own reviews with when each locks", async () => {
    const clock = new AdjustableClock();
    const author = await insertMember(db);
    const old = await createReview(db, clock, author, input(bikes.forza350.id));
    clock.advance(2 * DAY_MS);
    const recent = await createReview(db, clock, author, input(bikes.pcx125.id));
    const mine = await listMyReviews(db, author, { now: clock.now() });
    expect(mine.items.map((row) => [row.id, row.locked])).toEqual([
      [recent.id, false],
      [old.id, true],
    ]);
    expect(mine.items[1]!.editableUntil).toBe(
      new Date((await stored(old.id)).createdAt.getTime() + DAY_MS).toISOString(),
    );
  });

  it("ranks the hot reviews by sparks of the last 7 days, then tops up with the most sparked of all time", async () => {
    const now = new Date();
    const giver = await insertMember(db);
    const hotBike = await insertMotorcycle(db, systemClock, {
      ...testCatalogue.mt07,
      model: { slug: "mt-09", nameEn: "MT-09", nameKo: "MT-09", category: "naked" },
    });
    const make = async (sparkCount: number, recent: number) => {
      const author = await insertMember(db);
      const { id } = await createReview(db, systemClock, author, input(hotBike.id));
      await db.update(motorcycleReview).set({ sparkCount }).where(eq(motorcycleReview.id, id));
      if (recent > 0)
        await db.insert(reviewSpark).values({
          reviewId: id,
          giverId: giver.id,
          receiverId: author.id,
          amount: recent,
          seoulDay: "2026-11-23",
          createdAt: new Date(now.getTime() - HOUR_MS),
        });
      return id;
    };
    const allTimeFavourite = await make(500, 0);
    const risingStar = await make(6, 6);
    const steady = await make(40, 2);
    const hot = await listHotReviews(db, now, 3);
    expect(hot.map((row) => row.id)).toEqual([risingStar, steady, allTimeFavourite]);
  });
});

describe("the owner badge", () => {
  it("shows when the author has the model (any year) in the garage, not once it is taken out", async () => {
    const author = await insertMember(db);
    const stranger = await insertMember(db);
    const older = await insertMotorcycle(db, systemClock, { ...testCatalogue.forza350, year: 2021 });
    const { id } = await createReview(db, systemClock, author, input(bikes.forza350.id));
    const other = await createReview(db, systemClock, stranger, input(bikes.forza350.id));
    const [bike] = await db
      .insert(garageBike)
      .values({
        memberId: author.id,
        motorcycleId: older.id,
        ownedSince: "2021-05-01",
        createdAt: new Date(),
      })
      .returning();
    expect((await getReviewDetail(db, null, id, new Date()))!.owner).toBe(true);
    const page = await listReviews(db, { sort: "latest", modelId: bikes.forza350.modelId });
    const badges = new Map(page.items.map((row) => [row.id, row.owner]));
    expect(badges.get(id)).toBe(true);
    expect(badges.get(other.id)).toBe(false);
    await db.update(garageBike).set({ deletedAt: new Date() }).where(eq(garageBike.id, bike!.id));
    expect((await getReviewDetail(db, null, id, new Date()))!.owner).toBe(false);
  });
});

describe("the review page", () => {
  it("tells the reader what they may do: the author edits while editable, an administrator deletes", async () => {
    const clock = new AdjustableClock();
    const author = await insertMember(db);
    const admin = await insertAdmin(db);
    const { id } = await createReview(db, clock, author as TestMember, input(bikes.xmax300.id));
    const asAuthor = await getReviewDetail(db, author, id, clock.now());
    expect(asAuthor).toMatchObject({ mine: true, canEdit: true, canDelete: true, images: [image(1)] });
    expect(await getReviewDetail(db, admin, id, clock.now())).toMatchObject({
      mine: false,
      canEdit: false,
      canDelete: true,
    });
    expect(await getReviewDetail(db, null, id, clock.now())).toMatchObject({
      canEdit: false,
      canDelete: false,
    });
    clock.advance(DAY_MS);
    expect(await getReviewDetail(db, author, id, clock.now())).toMatchObject({
      canEdit: false,
      canDelete: true,
    });
  });
});

describe("search by characteristics", () => {
  it("needs at least 3 tags, finds the reviews having all of them and ranks models by how many do", async () => {
    expect(await code(searchByTags(db, ["track", "powerful"]))).toBe("tags_min");
    const tags: ReviewTag[] = ["track", "powerful", "soundsGreat"];
    const write = async (motorcycleId: number, reviewTagsOf: ReviewTag[]) =>
      (
        await createReview(
          db,
          systemClock,
          await insertMember(db),
          input(motorcycleId, { tags: reviewTagsOf }),
        )
      ).id;
    const a = await write(bikes.mt07.id, [...tags, "agile"]);
    const b = await write(bikes.mt07.id, tags);
    const c = await write(bikes.xmax300.id, [...tags, "storage"]);
    await write(bikes.pcx125.id, ["track", "powerful"]);
    const result = await searchByTags(db, tags);
    expect(result.items.map((row) => row.id).sort()).toEqual([a, b, c].sort());
    expect(result.models.map((model) => [model.modelId, model.reviews])).toEqual([
      [bikes.mt07.modelId, 2],
      [bikes.xmax300.modelId, 1],
    ]);
  });
});

describe("image references", () => {
  it("give back only images the server signed for the same member", () => {
    const secret = "a-test-secret-that-is-long-enough-0123";
    const reference = signReviewImage(secret, "member-a", image(7));
    expect(readReviewImages(secret, "member-a", [reference])).toEqual([image(7)]);
    expect(() => readReviewImages(secret, "member-b", [reference])).toThrow(DomainError);
    const [payload, signature] = reference.split(".");
    const forged = Buffer.from(
      JSON.stringify(["https://evil.example/x.png", "https://evil.example/x.png"]),
    ).toString("base64url");
    expect(() => readReviewImages(secret, "member-a", [`${forged}.${signature}`])).toThrow(DomainError);
    expect(() => readReviewImages(secret, "member-a", [`${payload}`])).toThrow(DomainError);
  });
});
