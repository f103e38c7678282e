import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import { garageBike, marketListingFit, notification } from "#app/db/schema";
import { FixedClock, systemClock, type Clock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { insertMember } from "#tests/setup/members";
import { insertListing, listingInput } from "#tests/setup/market";
import { insertMotorcycle, testCatalogue } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import { FIT_LIMIT, type FitInput } from "./fits";
import { fitsField } from "./fits.schema";
import { garageFitFilter, listingFits } from "./fits.server";
import { marketJobs, saveKeyword } from "./keywords.server";
import type { MarketKind } from "./kinds";
import { listMarket, marketListQuery, type MarketListParams } from "./list.server";
import { getListingForEdit, updateListing } from "./listings.server";

let db: Database;
const clock = systemClock;
/** Model ids of the test catalogue: Forza 350 in 2019, 2021 and 2023; PCX 125 in 2024; MT-07 in 2024. */
let forza: number;
let forza2023: number;
let forza2019: number;
let pcx: number;
let pcx2024: number;
let mt07: number;

beforeAll(async () => {
  ({ db } = await createTestRuntime());
  const row = testCatalogue.forza350;
  ({ id: forza2023, modelId: forza } = await insertMotorcycle(db, clock, "forza350"));
  ({ id: forza2019 } = await insertMotorcycle(db, clock, { ...row, year: 2019 }));
  await insertMotorcycle(db, clock, { ...row, year: 2021 });
  ({ id: pcx2024, modelId: pcx } = await insertMotorcycle(db, clock, "pcx125"));
  ({ modelId: mt07 } = await insertMotorcycle(db, clock, "mt07"));
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const fit = (modelId: number, yearFrom: number | null = null, yearTo: number | null = null): FitInput => ({
  modelId,
  yearFrom,
  yearTo,
});

/** Puts a model year into a member's garage (the garage's own rules are tested with the garage). */
async function park(member: Actor, motorcycleId: number) {
  await db.insert(garageBike).values({
    memberId: member.id,
    motorcycleId,
    ownedSince: "2024-01-01",
    createdAt: new Date(),
  });
}

const storedFits = async (id: number) =>
  (await db.select().from(marketListingFit).where(eq(marketListingFit.articleId, id))).map(
    ({ modelId, yearFrom, yearTo }) => ({ modelId, yearFrom, yearTo }),
  );

describe("the models a listing fits", () => {
  it("are stored with a parts listing, shown by model and read back for its edit form", async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "parts", { fits: [fit(forza, 2021, 2023), fit(pcx)] });
    expect(await storedFits(id)).toEqual(expect.arrayContaining([fit(forza, 2021, 2023), fit(pcx)]));
    expect(await listingFits(db, id)).toEqual([
      {
        modelId: forza,
        model: { ko: "포르자 350", en: "Forza 350" },
        manufacturer: { ko: "혼다", en: "Honda" },
        yearFrom: 2021,
        yearTo: 2023,
      },
      expect.objectContaining({ modelId: pcx, yearFrom: null, yearTo: null }),
    ]);
    expect((await getListingForEdit(db, clock, seller, id)).fits).toEqual([fit(forza, 2021, 2023), fit(pcx)]);
  });

  it("are refused unless every model is in the catalogue with a year in range, once each, at most the limit", async () => {
    const seller = await insertMember(db);
    const attempt = (fits: FitInput[]) => code(insertListing(db, clock, seller, "gear", { fits }));
    expect(await attempt([fit(999_999)])).toBe("partsFit.fit_model_unknown");
    expect(await attempt([fit(forza), fit(forza, 2021)])).toBe("partsFit.fit_duplicate");
    expect(await attempt([fit(forza, 2023, 2021)])).toBe("partsFit.fit_years_invalid");
    expect(await attempt([fit(forza, 1899)])).toBe("partsFit.fit_years_invalid");
    expect(await attempt([fit(forza, 2030, 2030)])).toBe("partsFit.fit_years_invalid");
    // The catalogue has Forza 350 of 2019, 2021 and 2023 only.
    expect(await attempt([fit(forza, 2020, 2020)])).toBe("partsFit.fit_years_outside");
    expect(await attempt([fit(pcx, null, 2020)])).toBe("partsFit.fit_years_outside");
    const many = Array.from({ length: FIT_LIMIT + 1 }, (_, index) => fit(index + 1));
    expect(await attempt(many)).toBe("partsFit.fit_limit");
    expect(await attempt([fit(forza, 2022, 2022), fit(mt07, 2024)])).toBe("partsFit.fit_years_outside");
    expect(await attempt([fit(forza, 2020, 2022), fit(mt07, 2024)])).toBe("ok");
  });

  it("are replaced by an edit, and dropped outside parts and gear", async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "parts", { fits: [fit(forza)] });
    await updateListing(db, clock, seller, id, await listingInput(db, "parts", { fits: [fit(pcx, 2024)] }));
    expect(await storedFits(id)).toEqual([fit(pcx, 2024, null)]);
    await updateListing(db, clock, seller, id, await listingInput(db, "deliveryGear", { fits: [fit(pcx)] }));
    expect(await storedFits(id)).toEqual([]);
    const vehicle = await insertListing(db, clock, seller, "over125Scooter", { fits: [fit(forza)] });
    expect(await storedFits(vehicle)).toEqual([]);
  });

  it("come from the form's rows, a row without a model left out and an empty year no bound", () => {
    expect(
      fitsField.parse([
        { modelId: String(forza), yearFrom: "2021", yearTo: undefined },
        { modelId: undefined, yearFrom: "2020" },
        undefined,
        { modelId: String(pcx) },
      ]),
    ).toEqual([fit(forza, 2021), fit(pcx)]);
    expect(fitsField.safeParse([{ modelId: String(forza), yearFrom: "21" }]).success).toBe(false);
  });
});

describe("the fits-my-garage filter", () => {
  /** A listing of the filter's test at a minute of a day, so that the latest order is known. */
  const write = (seller: Actor, kind: MarketKind, minute: number, fits: FitInput[], title = "부품") =>
    insertListing(db, new FixedClock(new Date(Date.UTC(2026, 1, 1, 0, minute))), seller, kind, {
      fits,
      title,
      areaCode: "jeju-seogwipo",
    });
  const list = (params: Omit<MarketListParams, "sort">) =>
    listMarket(db, null, new Set(), { sort: "latest", areaCode: "jeju-seogwipo", ...params });

  it("shows only listings fitting a garage bike's model and year, year bounds inclusive, with other filters and pages", async () => {
    const rider = await insertMember(db);
    await park(rider, forza2023);
    const seller = await insertMember(db);
    const sellerTwo = await insertMember(db);
    const allYears = await write(seller, "parts", 0, [fit(forza)]);
    const upTo2023 = await write(seller, "parts", 6, [fit(forza, 2019, 2023)]);
    const from2023 = await write(seller, "parts", 12, [fit(pcx), fit(forza, 2023)]);
    await write(seller, "parts", 18, [fit(forza, 2019, 2021)]);
    const pcxAllYears = await write(seller, "parts", 24, [fit(pcx)]);
    await write(seller, "parts", 30, []);
    const gear = await write(seller, "gear", 36, [fit(forza)]);
    const expensive = await write(seller, "parts", 42, [fit(forza)], "비싼 부품");

    const fitting = await list({ kind: "parts", fitsGarageOf: rider.id });
    expect(fitting.rows.map((row) => row.id)).toEqual([expensive, from2023, upTo2023, allYears]);
    expect((await list({ kind: "gear", fitsGarageOf: rider.id })).rows.map((row) => row.id)).toEqual([gear]);
    expect((await list({ kind: "parts" })).rows).toHaveLength(7);
    const { rows: cheap } = await list({ kind: "parts", fitsGarageOf: rider.id, q: "비싼" });
    expect(cheap.map((row) => row.id)).toEqual([expensive]);

    // A removed bike no longer counts.
    await db.update(garageBike).set({ deletedAt: new Date() }).where(eq(garageBike.memberId, rider.id));
    expect((await list({ kind: "parts", fitsGarageOf: rider.id })).rows).toEqual([]);

    // Across pages: 21 fitting listings among others, each once, newest first.
    const pager = await insertMember(db);
    await park(pager, pcx2024);
    const fittingIds: number[] = [];
    for (let index = 0; index < 24; index += 1) {
      const owner = index % 2 ? seller : sellerTwo;
      const minute = 100 + index * 6;
      const id = await write(owner, "parts", minute, index % 8 === 7 ? [fit(mt07)] : [fit(pcx, 2024, 2024)]);
      if (index % 8 !== 7) fittingIds.push(id);
    }
    const walked: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list({ kind: "parts", fitsGarageOf: pager.id, cursor });
      walked.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    // The pager's PCX 2024 also fits the earlier listings that fit every PCX year.
    expect(walked.slice(0, fittingIds.length)).toEqual([...fittingIds].reverse());
    expect(walked.slice(fittingIds.length)).toEqual([pcxAllYears, from2023]);
  });

  it("is offered to a visitor and to a member without bikes with the way to use it, and filters nothing for them", async () => {
    expect(await garageFitFilter(db, "parts", null, true)).toEqual({
      filter: { state: "visitor", on: false },
      fitsGarageOf: null,
    });
    const bikeless = await insertMember(db);
    expect(await garageFitFilter(db, "gear", bikeless.id, true)).toEqual({
      filter: { state: "noBikes", on: false },
      fitsGarageOf: null,
    });
    const rider = await insertMember(db);
    await park(rider, forza2019);
    expect(await garageFitFilter(db, "parts", rider.id, true)).toEqual({
      filter: {
        state: "ready",
        on: true,
        bikes: [{ ko: "혼다 포르자 350 2019", en: "Honda Forza 350 2019" }],
      },
      fitsGarageOf: rider.id,
    });
    expect((await garageFitFilter(db, "parts", rider.id, false)).fitsGarageOf).toBeNull();
    expect(await garageFitFilter(db, "over125Manual", rider.id, true)).toEqual({
      filter: null,
      fitsGarageOf: null,
    });
  });
});

describe("the fits-my-garage query", () => {
  it("reads the fit table by its indexes, never a sequential scan of the listing or fit tables", async () => {
    const rider = await insertMember(db);
    await park(rider, forza2023);
    const seller = await insertMember(db);
    const plans: string[] = [];
    // Twenty thousand parts and gear listings (rolled back afterwards), one in ten naming one of 300 models, give
    // the planner real statistics.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          with articles as (
            insert into board_article (section, kind, author_id, title, content_html, content_text, created_at,
              updated_at)
            select 'market', (array['parts','gear'])[1 + g % 2], ${seller.id}, '부품 ' || g, '<p>부품</p>', '부품',
              now() - g * interval '1 minute', now() - g * interval '1 minute'
            from generate_series(1, 20000) g order by g
            returning id, kind, created_at
          ),
          listings as (
            insert into market_listing (article_id, kind, seller_id, status, price, area_code, latitude, longitude,
              bumped_at)
            select id, kind, ${seller.id}, 'selling', 10000, 'seoul-mapo', 37.5, 126.9, created_at from articles
            returning article_id
          ),
          models as (
            insert into motorcycle_model (manufacturer_id, slug, name_en, name_ko, category, search_text, created_at)
            select (select manufacturer_id from motorcycle_model where id = ${forza}), 'bench-' || m, 'Bench ' || m,
              '벤치 ' || m, 'naked', 'bench', now()
            from generate_series(1, 300) m
            returning id
          ),
          numbered as (select row_number() over () as n, id from models)
          insert into market_listing_fit (article_id, model_id)
          select l.article_id, case when l.article_id % 1000 = 0 then ${forza} else n.id end
          from listings l join numbered n on n.n = 1 + l.article_id % 300 where l.article_id % 10 = 0`);
        for (const table of ["board_article", "market_listing", "market_listing_fit", "motorcycle_model"])
          await tx.execute(sql`analyze ${sql.identifier(table)}`);
        for (const sort of ["latest", "popular"] as const) {
          const rows = await queryRows<Record<string, string>>(
            tx as unknown as Database,
            sql`explain ${marketListQuery(db, { kind: "parts", sort, fitsGarageOf: rider.id })}`,
          );
          plans.push(rows.map((row) => Object.values(row)[0]).join("\n"));
        }
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan, plan).toMatch(/market_listing_fit_(model_idx|pkey|article_id_model_id_pk)/);
      expect(plan, plan).not.toMatch(/Seq Scan on (market_listing|market_listing_fit|board_article)\b/);
    }
  });
});

describe("keyword alerts limited to parts that fit", () => {
  const runJobs = (at: Clock = clock) =>
    new JobWorker({
      db,
      clock: at,
      logger: createLogger("silent"),
      registry: composeJobRegistry(marketJobs),
      pollIntervalMs: 1000,
    }).drain();

  it("tell a member with the option only of listings that fit one of their bikes when the alert is made", async () => {
    const tag = String(Date.now() % 100_000);
    const keyword = `머플러${tag}`;
    const fitting = await insertMember(db);
    await park(fitting, forza2023);
    const otherYear = await insertMember(db);
    await park(otherYear, forza2019);
    const bikeless = await insertMember(db);
    const everything = await insertMember(db);
    const late = await insertMember(db);
    for (const member of [fitting, otherYear, bikeless, late])
      await saveKeyword(db, clock, member, { keyword, onlyFitting: true });
    await saveKeyword(db, clock, everything, { keyword });
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "parts", {
      title: `포르자 ${keyword} 팝니다`,
      fits: [fit(forza, 2021, 2023)],
    });
    // A bike added before the alert is made counts: the fit is read at notify time.
    await park(late, forza2023);
    await runJobs();
    const told = await db
      .select({ memberId: notification.recipientId })
      .from(notification)
      .where(eq(notification.dedupeKey, `market-keyword:${id}`));
    expect(told.map((row) => row.memberId).sort()).toEqual([fitting.id, everything.id, late.id].sort());

    const unfitted = await insertListing(db, clock, seller, "parts", { title: `${keyword} 범용` });
    await runJobs();
    const toldOfUnfitted = await db
      .select({ memberId: notification.recipientId })
      .from(notification)
      .where(eq(notification.dedupeKey, `market-keyword:${unfitted}`));
    expect(toldOfUnfitted.map((row) => row.memberId)).toEqual([everything.id]);
  });
});
