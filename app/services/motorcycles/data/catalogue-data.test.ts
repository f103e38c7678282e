import { describe, expect, it } from "vitest";
import { slugOf, type CatalogueRow } from "../catalogue-row";
import { plausibilityProblems } from "../plausibility";
import { catalogueRows } from "./index";

/**
 * The shipped catalogue is what riders compare and review against, so every row must be physically plausible, keyed
 * without collisions, named consistently in both languages and traceable to its maker's own spec page.
 */

const latestYear = new Date().getFullYear() + 1;

const label = (row: CatalogueRow) => `${row.manufacturer.slug}/${row.model.slug}/${row.year}`;

/** Where each brand publishes its figures: the maker's own sites and its official Korean importer's. */
const specHosts: Record<string, readonly string[]> = {
  honda: [
    "honda.co.kr",
    "hondakorea.co.kr",
    "hondamotorcycle.co.kr",
    "honda.com",
    "honda.co.uk",
    "honda.co.jp",
    "global.honda",
  ],
  yamaha: [
    "yamaha-motor.co.kr",
    "yamaha-motor.eu",
    "yamaha-motor.com",
    "yamaha-motor.co.jp",
    "yamahamotorsports.com",
  ],
  kawasaki: ["kawasaki.co.kr", "kawasaki.com", "kawasaki.eu", "kawasaki-motors.com", "kawasaki.co.uk"],
  suzuki: ["suzuki.co.kr", "globalsuzuki.com", "suzukicycles.com", "suzuki.co.uk", "suzuki-moto.com"],
  kymco: ["kymco.co.kr", "kymco.com", "kymco.eu"],
  sym: ["sym.co.kr", "sym-global.com", "sym.com.tw"],
  dl: ["dlmotors.co.kr", "daelimmotor.co.kr", "dnamotors.co.kr"],
  "kr-motors": ["krmotors.com", "krmotors.co.kr", "hyosungmotors.com"],
  bmw: ["bmw-motorrad.co.kr", "bmw-motorrad.com", "bmw-motorrad.de", "bmw-motorrad.co.uk", "bmw.co.kr"],
  "harley-davidson": ["harley-davidson.com", "harley-davidson.co.kr"],
  ducati: ["ducati.com", "ducati.co.kr"],
  ktm: ["ktm.com", "ktm.co.kr"],
  triumph: ["triumphmotorcycles.co.kr", "triumphmotorcycles.com", "triumphmotorcycles.co.uk"],
  "royal-enfield": ["royalenfield.com", "royalenfield.co.kr"],
  vespa: ["vespa.com", "vespa.co.kr"],
  piaggio: ["piaggio.com", "piaggio.co.kr"],
  benelli: ["benelli.com", "benelli.co.kr", "benellikorea.com"],
  cfmoto: ["cfmoto.com", "cfmoto.co.kr"],
};

const hostBelongsTo = (host: string, suffixes: readonly string[]) =>
  suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));

const modelsOf = (manufacturerSlug: string) =>
  new Set(
    catalogueRows.filter((row) => row.manufacturer.slug === manufacturerSlug).map((row) => row.model.slug),
  );

const hasModelYear = (manufacturerSlug: string, model: (slug: string) => boolean) =>
  catalogueRows.some((row) => row.manufacturer.slug === manufacturerSlug && model(row.model.slug));

describe("the shipped motorcycle catalogue", () => {
  it("has only rows that pass every plausibility check", () => {
    const failures = catalogueRows
      .map((row) => ({ row: label(row), problems: plausibilityProblems(row, latestYear) }))
      .filter(({ problems }) => problems.length > 0)
      .map(({ row, problems }) => `${row}: ${problems.join(", ")}`);
    expect(failures).toEqual([]);
  });

  it("has no model year twice", () => {
    const counts = new Map<string, number>();
    for (const row of catalogueRows) counts.set(label(row), (counts.get(label(row)) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 1).map(([key]) => key)).toEqual([]);
  });

  it("keys every model by a clean, URL-safe slug", () => {
    const unclean = catalogueRows
      .filter(
        (row) =>
          slugOf(row.model.slug) !== row.model.slug || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(row.model.slug),
      )
      .map(label);
    expect(unclean).toEqual([]);
  });

  it("names each manufacturer and each model one way in Korean and one way in English", () => {
    const names = new Map<string, Set<string>>();
    const note = (key: string, name: string) => names.set(key, (names.get(key) ?? new Set()).add(name));
    for (const row of catalogueRows) {
      const { manufacturer, model } = row;
      note(`${manufacturer.slug} en`, manufacturer.nameEn);
      note(`${manufacturer.slug} ko`, manufacturer.nameKo);
      note(`${manufacturer.slug}/${model.slug} en`, model.nameEn);
      note(`${manufacturer.slug}/${model.slug} ko`, model.nameKo);
      note(`${manufacturer.slug}/${model.slug} category`, model.category);
    }
    const inconsistent = [...names]
      .filter(([, set]) => set.size > 1)
      .map(([key, set]) => `${key}: ${[...set].join(" | ")}`);
    expect(inconsistent).toEqual([]);
  });

  it("takes every row's figures from a page of that row's maker", () => {
    const foreign = catalogueRows
      .filter((row) => {
        const suffixes = specHosts[row.manufacturer.slug];
        return !suffixes || !hostBelongsTo(new URL(row.specUrl).hostname, suffixes);
      })
      .map((row) => `${label(row)}: ${row.specUrl}`);
    expect(foreign).toEqual([]);
  });

  it("covers at least 300 model years of the 17 brands riders in Korea own", () => {
    expect(catalogueRows.length).toBeGreaterThanOrEqual(300);
    const present = new Set(catalogueRows.map((row) => row.manufacturer.slug));
    const required = [
      "honda",
      "yamaha",
      "kawasaki",
      "suzuki",
      "bmw",
      "harley-davidson",
      "ducati",
      "ktm",
      "triumph",
      "royal-enfield",
      "kymco",
      "sym",
      "dl",
      "kr-motors",
      "benelli",
      "cfmoto",
    ];
    expect(required.filter((slug) => !present.has(slug))).toEqual([]);
    expect(present.has("vespa") || present.has("piaggio")).toBe(true);
  });

  it("covers at least 190 model years of the Japanese, Taiwanese and Korean makers", () => {
    const makers = new Set(["honda", "yamaha", "kawasaki", "suzuki", "kymco", "sym", "dl", "kr-motors"]);
    expect(catalogueRows.filter((row) => makers.has(row.manufacturer.slug)).length).toBeGreaterThanOrEqual(
      190,
    );
  });

  it("includes the popular Korean commuters and delivery bikes", () => {
    expect(hasModelYear("honda", (slug) => slug === "pcx-125")).toBe(true);
    expect(hasModelYear("yamaha", (slug) => slug === "nmax-125")).toBe(true);
    expect(hasModelYear("honda", (slug) => slug.startsWith("forza-"))).toBe(true);
    expect(hasModelYear("yamaha", (slug) => slug.startsWith("xmax-"))).toBe(true);
    expect(hasModelYear("honda", (slug) => slug.startsWith("super-cub-"))).toBe(true);
    expect(modelsOf("dl").size).toBeGreaterThanOrEqual(3);
    expect(modelsOf("kr-motors").size).toBeGreaterThanOrEqual(3);
  });

  it("finds popular models by their Korean names", () => {
    const named = (nameKo: string) => catalogueRows.some((row) => row.model.nameKo === nameKo);
    expect(named("포르자 350")).toBe(true);
    expect(named("엔맥스 125")).toBe(true);
    expect(named("슈퍼커브 110")).toBe(true);
  });
});
