import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { FixedClock } from "#app/platform/clock.server";
import { insertMember } from "#tests/setup/members";
import { insertModelListing, insertRatedReview } from "#tests/setup/model-reviews";
import { insertMotorcycle, testCatalogue } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import { getModelPage, MODEL_PAGE_REVIEWS } from "./model-page.server";

let db: Database;
const clock = new FixedClock(new Date("2026-05-01T03:00:00.000Z"));
beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

const forzaYear = (year: number) => insertMotorcycle(db, clock, { ...testCatalogue.forza350, year });

describe("a model page", () => {
  it("shows every model year, owner ratings, the latest five reviews and current listings", async () => {
    const newer = await forzaYear(2024);
    const older = await forzaYear(2021);
    const reviews: number[] = [];
    for (let i = 0; i < MODEL_PAGE_REVIEWS + 2; i += 1) {
      const author = await insertMember(db, { nickname: `포르자오너${i}` });
      reviews.push(
        await insertRatedReview(db, clock, author.id, i % 2 ? older : newer, {
          createdAt: new Date(Date.UTC(2026, 3, 1 + i)),
          ratings: { design: 10 },
        }),
      );
    }
    const deletedAuthor = await insertMember(db);
    await insertRatedReview(db, clock, deletedAuthor.id, newer, {
      createdAt: new Date(Date.UTC(2026, 4, 1)),
      deleted: true,
    });
    const selling = await insertModelListing(db, clock, await insertMember(db), newer.id, {
      price: 7_000_000,
      title: "포르자 350 2024 팝니다",
    });
    const reserved = await insertModelListing(db, clock, await insertMember(db), older.id, {
      price: 5_000_000,
      status: "reserved",
    });
    await insertModelListing(db, clock, await insertMember(db), older.id, {
      price: 4_000_000,
      status: "soldOut",
    });

    const page = (await getModelPage(db, newer.modelId))!;
    expect(page).toMatchObject({
      nameKo: "포르자 350",
      nameEn: "Forza 350",
      category: "scooter",
      manufacturer: { nameKo: "혼다", nameEn: "Honda" },
    });
    expect(page.years.map((year) => year.year)).toEqual([2024, 2021]);
    expect(page.years[0]).toMatchObject({ id: newer.id, specUrl: testCatalogue.forza350.specUrl });
    expect(page.years[0]!.specs.displacementCc).toBe(330);
    expect(page.ratings).toMatchObject({
      count: MODEL_PAGE_REVIEWS + 2,
      averages: { design: 10, braking: 7 },
    });
    expect(page.latestReviews.map((review) => review.id)).toEqual(reviews.slice(2).reverse());
    expect(page.latestReviews[0]).toMatchObject({ author: { nickname: "포르자오너6" }, year: 2024 });
    expect(page.listings.map((listing) => [listing.articleId, listing.status])).toEqual(
      expect.arrayContaining([
        [selling, "selling"],
        [reserved, "reserved"],
      ]),
    );
    expect(page.listings).toHaveLength(2);
    expect(page.listings.find((listing) => listing.articleId === selling)).toMatchObject({
      kind: "over125Scooter",
      title: "포르자 350 2024 팝니다",
      price: 7_000_000,
      year: 2024,
    });
    expect(page.askingPrice).toEqual({ median: 6_000_000, count: 2 });
  });

  it("shows the empty states of a model without reviews or listings", async () => {
    const bike = await insertMotorcycle(db, clock, "mt07");
    const page = (await getModelPage(db, bike.modelId))!;
    expect(page.ratings).toEqual({ count: 0, averages: null, overall: null });
    expect(page.latestReviews).toEqual([]);
    expect(page.listings).toEqual([]);
    expect(page.askingPrice).toBeNull();
  });

  it("answers nothing for an unknown model", async () => {
    expect(await getModelPage(db, 424_242)).toBeUndefined();
  });
});
