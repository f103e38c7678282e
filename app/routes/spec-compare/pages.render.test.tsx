import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ratingRows, specRowFields } from "#app/components/motorcycle/spec-text";
import { reviewRatingItems } from "#app/db/schema";
import { specFields, type MotorcycleSpecs } from "#app/services/motorcycles/catalogue-row";
import type { CompareColumn } from "#app/services/motorcycles/compare.server";
import MotorcycleModel from "../motorcycle/model";
import SpecCompareResult from "./result";
import SpecCompareSearch from "./search";
import SpecCompareSelect from "./select";

const specs: MotorcycleSpecs = {
  displacementCc: 330,
  peakPowerHp: 28.8,
  peakPowerPs: 29.2,
  maxTorqueNm: 31.5,
  seatHeightMm: 780,
  weightKg: 184,
  weightType: "wet",
  tankSizeL: 11.5,
  wheelBaseMm: 1510,
  cylinderCount: 1,
  cooling: "liquid",
  engineType: "4-stroke SOHC single",
  transmission: "cvt",
  gearCount: null,
  abs: true,
  tractionControl: true,
  frontTyre: "120/70-15",
  rearTyre: "140/70-14",
  frontSuspension: "Telescopic fork",
  rearSuspension: "Twin shock",
  lighting: "LED",
};

const forza: CompareColumn = {
  motorcycleId: 11,
  modelId: 1,
  year: 2023,
  nameKo: "포르자 350",
  nameEn: "Forza 350",
  category: "scooter",
  manufacturer: { slug: "honda", nameKo: "혼다", nameEn: "Honda" },
  specUrl: "https://www.honda.co.kr/motorcycle/forza350",
  specs,
  ratings: {
    count: 2,
    overall: 7.5,
    averages: {
      performance: 8,
      braking: 7,
      engine: 7,
      durability: 8,
      design: 9,
      finish: 7,
      convenience: 8,
      maintenance: 6,
      value: 7.5,
    },
  },
  askingPrice: { median: 6_500_000, count: 3 },
};
const pcx: CompareColumn = {
  ...forza,
  motorcycleId: 12,
  modelId: 2,
  year: 2024,
  nameKo: "PCX 125",
  nameEn: "PCX 125",
  specs: { ...specs, peakPowerHp: 12.3, tractionControl: false, lighting: null },
  ratings: { count: 0, averages: null, overall: null },
  askingPrice: null,
};

function render(Page: ComponentType<never>, path: string, loaderData: unknown) {
  const Component = Page as ComponentType<{ loaderData: unknown }>;
  // A data router, as the app's: the search page's GET form needs one.
  const router = createMemoryRouter([{ path: "*", element: <Component loaderData={loaderData} /> }], {
    initialEntries: [path],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const result = {
  columns: [forza, pcx],
  unknownIds: [],
  better: { peakPowerHp: [0], tractionControl: [0] },
  ids: "11,12",
  problem: null,
  max: 3,
};

describe("the comparison result page", () => {
  it("shows figures with units, dashes for missing values and marks the better value for screen readers", () => {
    const html = render(SpecCompareResult, "/specCompare/result?ids=11,12", result);
    expect(html).toContain("28.8hp");
    expect(html).toContain("184kg (주행중량)");
    expect(html).toContain("무단변속(CVT)");
    expect(html).toContain("수랭");
    expect(html).toContain('<span aria-hidden="true">—</span><span class="sr-only">정보 없음</span>');
    expect(html.match(/data-better="true"/g)).toHaveLength(2);
    expect(html.match(/\(더 나은 값\)/g)).toHaveLength(2);
    expect(html).toContain("6,500,000원");
    expect(html).toContain("현재 매물 없음");
    expect(html).toContain("아직 리뷰 없음");
    expect(html).toContain('href="/motorcycle/1?ids=11,12"');
    expect(html).toContain("sticky left-0");
  });

  it("is complete in English", () => {
    const html = render(SpecCompareResult, "/en/specCompare/result?ids=11,12", result);
    expect(html).toContain("28.8 hp");
    expect(html).toContain("184 kg (wet)");
    expect(html).toContain("(better)");
    expect(html).toContain("₩6,500,000");
    expect(html).toContain("No reviews yet");
    expect(html).toContain('href="/en/motorcycle/1?ids=11,12"');
  });

  it("explains a selection that had to be cut", () => {
    const html = render(SpecCompareResult, "/specCompare/result", { ...result, problem: "tooMany" });
    expect(html).toContain("최대 3대까지 비교할 수 있습니다");
  });
});

describe("the selection page", () => {
  it("refuses a fourth with the max-3 message and links removals and the result", () => {
    const items = [forza, pcx, { ...pcx, motorcycleId: 13, year: 2022 }];
    const html = render(SpecCompareSelect, "/specCompare/select?ids=11,12,13&add=14", {
      items,
      ids: "11,12,13",
      problem: "full",
      unknownCount: 0,
      max: 3,
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain("최대 3대까지 비교할 수 있습니다.");
    expect(html).toContain('href="/specCompare/select?ids=12,13"');
    expect(html).toContain('href="/specCompare/result?ids=11,12,13"');
    expect(html).not.toContain("모델 더 찾기");
  });

  it("has an empty state", () => {
    const html = render(SpecCompareSelect, "/en/specCompare/select", {
      items: [],
      ids: "",
      problem: null,
      unknownCount: 0,
      max: 3,
    });
    expect(html).toContain("No model chosen yet.");
  });
});

describe("the search page", () => {
  const base = {
    q: "",
    maker: null,
    year: null,
    manufacturers: [{ slug: "honda", nameKo: "혼다", nameEn: "Honda" }],
    searched: false,
    models: [],
    selection: [],
    max: 3,
  };

  it("is a GET form with an empty state", () => {
    const html = render(SpecCompareSearch, "/specCompare/search", base);
    expect(html).toContain('method="get"');
    expect(html).toContain("모델 이름(한글 또는 영문)");
  });

  it("lists models in the page's language with the other small, and carries the selection", () => {
    const models = [
      {
        modelId: 1,
        modelSlug: "forza-350",
        nameKo: "포르자 350",
        nameEn: "Forza 350",
        category: "scooter",
        manufacturer: { slug: "honda", nameKo: "혼다", nameEn: "Honda" },
        years: [
          { id: 11, year: 2023 },
          { id: 10, year: 2021 },
        ],
      },
    ];
    const html = render(SpecCompareSearch, "/specCompare/search?q=forza&ids=11", {
      ...base,
      q: "forza",
      searched: true,
      models,
      selection: [11],
    });
    expect(html).toContain('포르자 350<span lang="en"');
    expect(html).toContain("2023년식 (선택됨)");
    expect(html).toContain('href="/specCompare/select?add=10&amp;ids=11"');
    expect(html).toContain('<input type="hidden" name="ids" value="11"/>');
    const none = render(SpecCompareSearch, "/en/specCompare/search?q=zzz", {
      ...base,
      q: "zzz",
      searched: true,
    });
    expect(none).toContain("No model matches.");
  });
});

describe("the model page", () => {
  it("shows names, years, ratings, reviews, listings and the links out", () => {
    const html = render(MotorcycleModel, "/motorcycle/1", {
      modelId: 1,
      nameKo: "포르자 350",
      nameEn: "Forza 350",
      category: "scooter",
      manufacturer: forza.manufacturer,
      years: [{ id: 11, year: 2023, specs, specUrl: forza.specUrl }],
      ratings: forza.ratings,
      latestReviews: [
        {
          id: 77,
          year: 2023,
          author: { id: "m1", nickname: "포르자오너", avatarUrl: null },
          ratingAverage: 7.6,
          disadvantage: "시트가 높아요",
          sparkCount: 3,
          createdAt: "2026-04-30T00:00:00.000Z",
        },
      ],
      listings: [
        {
          articleId: 501,
          kind: "over125Scooter",
          title: "포르자 팝니다",
          price: 6_500_000,
          status: "reserved",
          year: 2023,
          bumpedAt: "2026-04-30T00:00:00.000Z",
        },
      ],
      askingPrice: { median: 6_500_000, count: 1 },
      selection: [],
      max: 3,
      now: "2026-05-01T00:00:00.000Z",
    });
    expect(html).toContain("제조사 제원 보기");
    expect(html).toContain(`href="${forza.specUrl}"`);
    expect(html).toContain('href="/review/motorcycle/detail?id=77"');
    expect(html).toContain('href="/review/motorcycle/write?motorcycleId=11"');
    expect(html).toContain('href="/market/over125Scooter/501"');
    expect(html).toContain('href="/specCompare/select?add=11"');
    expect(html).toContain("호가 중간값 6,500,000원 (매물 1건)");
    expect(html).toContain("예약중");
  });
});

describe("the rows of the tables", () => {
  it("show every figure of the catalogue (the weight's kind beside the weight) and all nine ratings", () => {
    expect([...specRowFields]).toEqual(specFields.filter((field) => field !== "weightType"));
    expect([...ratingRows]).toEqual([...reviewRatingItems]);
  });
});
