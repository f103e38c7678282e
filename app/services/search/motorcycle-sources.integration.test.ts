import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { FixedClock } from "#app/platform/clock.server";
import { blindMember } from "#app/services/members/relations.server";
import { insertMember } from "#tests/setup/members";
import { insertRatedReview } from "#tests/setup/model-reviews";
import { insertMotorcycle, insertTestCatalogue, testCatalogue } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import { searchAll, searchArea } from "./search.server";
import type { ModelHit, ReviewHit } from "./types";

let db: Database;
const clock = new FixedClock(new Date("2026-05-01T03:00:00.000Z"));
let bikes: Awaited<ReturnType<typeof insertTestCatalogue>>;
beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  bikes = await insertTestCatalogue(db, clock);
});

const modelArea = async (query: string) =>
  (await searchArea(db, await insertMember(db), query, "motorcycleModel", null)).group;
const reviewArea = async (query: string, reader?: Awaited<ReturnType<typeof insertMember>>) =>
  (await searchArea(db, reader ?? (await insertMember(db)), query, "motorcycleReview", null)).group;

describe("motorcycle models in the integrated search", () => {
  it("finds a model by Korean or English parts of its names and links to its page", async () => {
    for (const query of ["포르자", "forza", "Forza 350", "혼다 포르자"]) {
      const group = await modelArea(query);
      expect(group.items.map((hit) => (hit as ModelHit).nameEn)).toEqual(["Forza 350"]);
    }
    const [hit] = (await modelArea("포르자")).items as ModelHit[];
    expect(hit).toEqual({
      layout: "model",
      id: String(bikes.forza350.modelId),
      path: `/motorcycle/${bikes.forza350.modelId}`,
      nameKo: "포르자 350",
      nameEn: "Forza 350",
      manufacturer: { ko: "혼다", en: "Honda" },
      category: "scooter",
      years: [2023],
      blinded: false,
    });
    expect((await modelArea("야마하")).total).toBe(2);
    expect((await modelArea("없는모델")).total).toBe(0);
  });

  it("lists a model's years newest first and pages by manufacturer and name", async () => {
    await insertMotorcycle(db, clock, { ...testCatalogue.mt07, year: 2021 });
    const reader = await insertMember(db);
    const first = await searchArea(db, reader, "yamaha", "motorcycleModel", null, { limit: 1 });
    expect(first.group.total).toBe(2);
    expect((first.group.items[0] as ModelHit).years).toEqual([2024, 2021]);
    const second = await searchArea(db, reader, "yamaha", "motorcycleModel", first.group.nextCursor, {
      limit: 1,
    });
    expect(second.group.items.map((hit) => (hit as ModelHit).nameEn)).toEqual(["XMAX 300"]);
    expect(second.group.nextCursor).toBeNull();
  });
});

describe("owner reviews in the integrated search", () => {
  it("finds reviews by their model's name, their disadvantage or an item text, deleted ones left out", async () => {
    const author = await insertMember(db, { nickname: "엑스맥스오너" });
    const other = await insertMember(db);
    const byText = await insertRatedReview(db, clock, author.id, bikes.xmax300, {
      itemTexts: { convenience: "시트 밑 수납공간에 풀페이스 헬멧이 두 개 들어갑니다" },
      createdAt: new Date("2026-04-01T00:00:00.000Z"),
    });
    const byDisadvantage = await insertRatedReview(db, clock, other.id, bikes.xmax300, {
      disadvantage: "겨울에는 방풍이 아쉽습니다",
      createdAt: new Date("2026-04-02T00:00:00.000Z"),
    });
    const deletedAuthor = await insertMember(db);
    await insertRatedReview(db, clock, deletedAuthor.id, bikes.xmax300, {
      disadvantage: "겨울에는 방풍이 아쉽습니다",
      deleted: true,
    });

    const byModel = await reviewArea("엑스맥스");
    expect(byModel.items.map((hit) => hit.id)).toEqual([String(byDisadvantage), String(byText)]);
    const helmet = await reviewArea("풀페이스 헬멧");
    expect(helmet.items.map((hit) => hit.id)).toEqual([String(byText)]);
    expect(helmet.items[0] as ReviewHit).toMatchObject({
      layout: "review",
      path: `/review/motorcycle/detail?id=${byText}`,
      model: { ko: "엑스맥스 300", en: "XMAX 300" },
      manufacturer: { ko: "야마하", en: "Yamaha" },
      year: 2023,
      author: { id: author.id, nickname: "엑스맥스오너" },
      ratingAverage: 7,
      blinded: false,
    });
    expect((helmet.items[0] as ReviewHit).snippet).toContain("풀페이스 헬멧");
    const windscreen = await reviewArea("방풍");
    expect(windscreen.total).toBe(1);
    expect((windscreen.items[0] as ReviewHit).snippet).toBe("겨울에는 방풍이 아쉽습니다");
  });

  it("does not match the names of the rated items, only what owners wrote", async () => {
    expect((await reviewArea("convenience")).total).toBe(0);
  });

  it("flags a hidden member's review instead of leaving it out", async () => {
    const author = await insertMember(db);
    const review = await insertRatedReview(db, clock, author.id, bikes.mt07, {
      disadvantage: "클러치가 무거운편입니다",
    });
    const reader = await insertMember(db);
    await blindMember(db, clock, reader.id, author.id);
    const group = await reviewArea("클러치가 무거운", reader);
    expect(group.items).toMatchObject([{ id: String(review), blinded: true }]);
  });

  it("shows both areas among the grouped results", async () => {
    const result = await searchAll(db, await insertMember(db), "MT-07");
    const areas = Object.fromEntries(result.groups.map((group) => [group.area, group.total]));
    expect(areas.motorcycleModel).toBe(1);
    expect(areas.motorcycleReview).toBeGreaterThanOrEqual(1);
  });
});
