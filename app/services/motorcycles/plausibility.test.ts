import { describe, expect, it } from "vitest";
import type { CatalogueRow } from "./catalogue-row";
import { plausibilityProblems } from "./plausibility";

const latestYear = 2026;

const pcx125: CatalogueRow = {
  manufacturer: { slug: "honda", nameEn: "Honda", nameKo: "혼다" },
  model: { slug: "pcx-125", nameEn: "PCX 125", nameKo: "PCX 125", category: "scooter" },
  year: 2024,
  specUrl: "https://www.honda.co.uk/motorcycles/range/scooter/pcx125/specifications.html",
  specs: {
    displacementCc: 125,
    peakPowerHp: 12.3,
    peakPowerPs: 12.5,
    maxTorqueNm: 11.8,
    seatHeightMm: 764,
    weightKg: 132,
    weightType: "wet",
    tankSizeL: 8.1,
    wheelBaseMm: 1313,
    cylinderCount: 1,
    cooling: "liquid",
    engineType: "4-stroke SOHC 4-valve single",
    transmission: "cvt",
    gearCount: null,
    abs: true,
    tractionControl: true,
    frontTyre: "110/70-14",
    rearTyre: "130/70-13",
    frontSuspension: "Telescopic fork",
    rearSuspension: "Twin shock",
    lighting: "LED",
  },
};

const withSpecs = (specs: Partial<CatalogueRow["specs"]>): CatalogueRow => ({
  ...pcx125,
  specs: { ...pcx125.specs, ...specs },
});

describe("catalogue row plausibility", () => {
  it("passes a row with the maker's published figures", () => {
    expect(plausibilityProblems(pcx125, latestYear)).toEqual([]);
  });

  it("passes a row whose unpublished figures are left out", () => {
    const sparse = withSpecs({ peakPowerHp: null, maxTorqueNm: null, seatHeightMm: null, weightKg: null });
    expect(plausibilityProblems(sparse, latestYear)).toEqual([]);
  });

  it("refuses horsepower that disagrees with the metric figure", () => {
    expect(plausibilityProblems(withSpecs({ peakPowerHp: 16, peakPowerPs: 12.5 }), latestYear)).toContain(
      "hp_ps_mismatch",
    );
  });

  it("refuses a seat height, weight, tank or wheelbase outside what a motorcycle can have", () => {
    expect(plausibilityProblems(withSpecs({ seatHeightMm: 3000 }), latestYear)).toEqual([
      "seat_height_range",
    ]);
    expect(plausibilityProblems(withSpecs({ weightKg: 2 }), latestYear)).toEqual(["weight_range"]);
    expect(plausibilityProblems(withSpecs({ tankSizeL: 81 }), latestYear)).toEqual(["tank_range"]);
    expect(plausibilityProblems(withSpecs({ wheelBaseMm: 131 }), latestYear)).toEqual(["wheel_base_range"]);
  });

  it("refuses power a displacement cannot make", () => {
    expect(plausibilityProblems(withSpecs({ peakPowerHp: 49.3, peakPowerPs: 50 }), latestYear)).toEqual([
      "power_per_litre",
    ]);
  });

  it("refuses a model year beyond next year", () => {
    expect(plausibilityProblems({ ...pcx125, year: latestYear + 1 }, latestYear)).toEqual(["year_range"]);
    expect(plausibilityProblems({ ...pcx125, year: latestYear }, latestYear)).toEqual([]);
  });

  it("refuses a spec page that is not an https URL", () => {
    expect(plausibilityProblems({ ...pcx125, specUrl: "http://www.honda.co.uk/pcx125" }, latestYear)).toEqual(
      ["spec_url_invalid"],
    );
    expect(plausibilityProblems({ ...pcx125, specUrl: "honda pcx" }, latestYear)).toEqual([
      "spec_url_invalid",
    ]);
  });

  it("refuses an electric motorcycle with a displacement or cylinders", () => {
    const electric: CatalogueRow = {
      ...pcx125,
      model: { ...pcx125.model, category: "electric" },
      specs: { ...pcx125.specs, cylinderCount: null, peakPowerHp: null, peakPowerPs: null },
    };
    expect(plausibilityProblems(electric, latestYear)).toEqual(["electric_displacement"]);
    expect(
      plausibilityProblems({ ...electric, specs: { ...electric.specs, displacementCc: null } }, latestYear),
    ).toEqual([]);
  });

  it("refuses a slug that is not in its clean form", () => {
    const row = { ...pcx125, model: { ...pcx125.model, slug: "PCX 125" } };
    expect(plausibilityProblems(row, latestYear)).toEqual(["slug_mismatch"]);
  });
});
