import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/db/client.server";
import { boardArticle, marketListing, memberLocation } from "#app/db/schema";
import { FixedClock, systemClock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import { listCategories } from "#app/services/board/articles.server";
import { blindMember } from "#app/services/members/relations.server";
import { insertMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { createTestRuntime } from "#tests/setup/runtime";
import type { MarketKind } from "./kinds";
import { deleteListing } from "./listings.server";
import { homeListings } from "./home.server";
import { listMarket, marketListQuery, type MarketListParams } from "./list.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

/** A listing written at a given minute of a day, so that the latest order is known in advance. */
async function write(
  seller: Actor,
  kind: MarketKind,
  minute: number,
  overrides: Parameters<typeof insertListing>[4] = {},
) {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute));
  return insertListing(db, new FixedClock(at), seller, kind, overrides);
}

const setListing = (id: number, values: Partial<typeof marketListing.$inferInsert>) =>
  db.update(marketListing).set(values).where(eq(marketListing.articleId, id));

const ids = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id);
const list = (params: MarketListParams, blinded: ReadonlySet<string> = new Set()) =>
  listMarket(db, null, blinded, params);

/** Every id of a list, following its cursors to the end. */
async function walk(params: Omit<MarketListParams, "cursor">) {
  const all: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list({ ...params, cursor });
    all.push(...ids(page));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { ids: all, pages };
}

describe("market lists", () => {
  it("orders by the bump time, so a bump moves a listing to the top, across pages without gaps", async () => {
    const seller = await insertMember(db);
    const area = "gangwon-inje";
    const written: number[] = [];
    // Six minutes apart: ten an hour, the seller's pace.
    for (let minute = 0; minute < 45; minute += 1)
      written.push(await write(seller, "parts", minute * 6, { areaCode: area }));
    await setListing(written[3]!, { bumpedAt: new Date(Date.UTC(2026, 0, 2)), bumpCount: 1 });
    const { ids: listed, pages } = await walk({ kind: "parts", sort: "latest", areaCode: area });
    expect(pages).toBe(3);
    expect(listed).toEqual([written[3], ...[...written].reverse().filter((id) => id !== written[3])]);
    const first = await list({ kind: "parts", sort: "latest", areaCode: area });
    expect(first.rows[0]).toMatchObject({ id: written[3], bumped: true });
    expect(first.rows[1]).toMatchObject({ id: written[44], bumped: false });
  });

  it("orders popular listings by likes, ties by newest id, in a kind and in total", async () => {
    const seller = await insertMember(db);
    const area = "gangwon-yanggu";
    const written: number[] = [];
    for (let i = 0; i < 25; i += 1)
      written.push(await write(seller, i % 2 ? "gear" : "parts", i * 6, { areaCode: area }));
    for (const [position, id] of written.entries())
      await db
        .update(boardArticle)
        .set({ likeCount: 1000 + (position % 3) })
        .where(eq(boardArticle.id, id));
    const expected = written
      .map((id, position) => ({ id, likes: position % 3 }))
      .sort((a, b) => b.likes - a.likes || b.id - a.id)
      .map((row) => row.id);
    expect((await walk({ kind: "total", sort: "popular", areaCode: area })).ids).toEqual(expected);
    const gear = written.filter((_, position) => position % 2);
    expect((await walk({ kind: "gear", sort: "popular", areaCode: area })).ids).toEqual(
      expected.filter((id) => gear.includes(id)),
    );
  });

  it("leaves sold and bought listings out unless asked, and keeps a reserved one with its status", async () => {
    const seller = await insertMember(db);
    const areaCode = "gangwon-hwacheon";
    const selling = await write(seller, "gear", 1, { areaCode });
    const reserved = await write(seller, "gear", 2, { areaCode });
    const sold = await write(seller, "gear", 3, { areaCode });
    const buying = await write(seller, "buy", 4, { areaCode });
    const bought = await write(seller, "buy", 5, { areaCode });
    await setListing(reserved, { status: "reserved" });
    await setListing(sold, { status: "soldOut" });
    await setListing(bought, { status: "bought" });
    const open = await list({ kind: "total", sort: "latest", areaCode });
    expect(ids(open)).toEqual([buying, reserved, selling]);
    expect(open.rows.find((row) => row.id === reserved)!.status).toBe("reserved");
    expect(ids(await list({ kind: "total", sort: "latest", areaCode, hideClosed: false }))).toEqual([
      bought,
      buying,
      sold,
      reserved,
      selling,
    ]);
    expect(ids(await list({ kind: "buy", sort: "latest", areaCode, hideClosed: false }))).toEqual([
      bought,
      buying,
    ]);
  });

  it("filters by type, price (inclusive) and district, and never shows a deleted listing", async () => {
    const seller = await insertMember(db);
    const areaCode = "gangwon-goseong";
    const [helmet, jacket] = await listCategories(db, "gear");
    const cheap = await write(seller, "gear", 1, { areaCode, price: 10_000, categoryId: helmet!.id });
    const middle = await write(seller, "gear", 2, { areaCode, price: 50_000, categoryId: jacket!.id });
    const dear = await write(seller, "gear", 3, { areaCode, price: 90_000, categoryId: helmet!.id });
    const free = await write(seller, "gear", 4, { areaCode, price: 0, categoryId: helmet!.id });
    const elsewhere = await write(seller, "gear", 5, { areaCode: "gangwon-yangyang", price: 50_000 });
    const gone = await write(seller, "gear", 6, { areaCode, price: 50_000 });
    await deleteListing(db, systemClock, seller, gone);
    const base = { kind: "gear", sort: "latest", areaCode } as const;
    expect(ids(await list(base))).toEqual([free, dear, middle, cheap]);
    expect(ids(await list({ ...base, priceMin: 10_000, priceMax: 50_000 }))).toEqual([middle, cheap]);
    expect(ids(await list({ ...base, priceMax: 0 }))).toEqual([free]);
    expect(ids(await list({ ...base, priceMin: -5, priceMax: 1.5 }))).toEqual([free, dear, middle, cheap]);
    expect(ids(await list({ ...base, categoryId: helmet!.id }))).toEqual([free, dear, cheap]);
    // A type is a kind's: the total list ignores it.
    expect(ids(await list({ ...base, kind: "total", categoryId: jacket!.id }))).toEqual([
      free,
      dear,
      middle,
      cheap,
    ]);
    expect(ids(await list({ kind: "gear", sort: "latest", areaCode: "gangwon-yangyang" }))).toEqual([
      elsewhere,
    ]);
    expect(ids(await list({ ...base, sort: "popular" }))).not.toContain(gone);
  });

  it("finds listings within a distance of a point, by their district centre", async () => {
    const seller = await insertMember(db);
    const tag = `거리${Date.now()}`;
    const yeongdeungpo = await write(seller, "parts", 1, { areaCode: "seoul-yeongdeungpo", title: tag });
    const mapo = await write(seller, "parts", 2, { areaCode: "seoul-mapo", title: tag });
    const haeundae = await write(seller, "parts", 3, { areaCode: "busan-haeundae", title: tag });
    // 영등포구's centre; 마포구 is about 5 km away, 해운대구 about 320 km.
    const point = { lat: 37.5264, lng: 126.8962 };
    const near = (radiusKm: number) =>
      list({ kind: "total", sort: "latest", q: tag, near: { ...point, radiusKm } }).then(ids);
    expect(await near(2)).toEqual([yeongdeungpo]);
    expect(await near(10)).toEqual([mapo, yeongdeungpo]);
    // Wider than the widest filter: narrowed to 100 km.
    expect(await near(1000)).toEqual([mapo, yeongdeungpo]);
    expect(await near(-1)).toEqual([haeundae, mapo, yeongdeungpo]);
  });

  it("finds Korean words inside longer words in titles and text, and takes wildcards literally", async () => {
    const seller = await insertMember(db);
    const tag = `${Date.now()}`;
    const titled = await write(seller, "gear", 1, { title: `아라이헬멧판매${tag}` });
    const texted = await write(seller, "gear", 2, {
      title: `장비 정리 ${tag}`,
      contentHtml: "<p>쇼에이풀페이스헬멧 같이 드립니다</p>",
    });
    const search = (q: string) => list({ kind: "gear", sort: "latest", q }).then(ids);
    expect(await search(`헬멧판매${tag}`)).toEqual([titled]);
    expect((await search("풀페이스헬멧")).includes(texted)).toBe(true);
    expect(await search(`%${tag}`)).toEqual([]);
  });

  it("answers the rows a card shows, flags blinded sellers, and ignores cursors it did not make", async () => {
    const seller = await insertMember(db);
    const reader = await insertMember(db);
    const areaCode = "gangwon-jeongseon";
    const scooter = await write(seller, "over125Scooter", 1, {
      areaCode,
      price: 5_200_000,
      contentHtml: '<p>깨끗합니다</p><img src="/uploads/post/cover.webp">',
    });
    const gear = await write(seller, "gear", 2, { areaCode });
    const page = await listMarket(db, reader, new Set([seller.id]), {
      kind: "total",
      sort: "latest",
      areaCode,
    });
    const [category] = await listCategories(db, "over125Scooter");
    expect(page.rows.find((row) => row.id === scooter)).toEqual({
      id: scooter,
      kind: "over125Scooter",
      category: { id: category!.id, ko: category!.nameKo, en: category!.nameEn },
      title: "over125Scooter 매물",
      // The cover as the square thumbnail stored beside it.
      thumbnailUrl: "/uploads/post/cover.thumb.webp",
      price: 5_200_000,
      negotiable: true,
      status: "selling",
      areaCode,
      tradeDirect: true,
      tradeDelivery: false,
      vehicle: { modelYear: 2022, mileageKm: 12_000, displacementCc: 330 },
      likeCount: 0,
      commentCount: 0,
      keepCount: 0,
      bumpedAt: "2026-01-01T00:01:00.000Z",
      createdAt: "2026-01-01T00:01:00.000Z",
      seller: { id: seller.id, nickname: seller.nickname, avatarUrl: null },
      blinded: true,
      bumped: false,
    });
    expect(page.rows.find((row) => row.id === gear)).toMatchObject({ vehicle: null, blinded: true });
    const unblinded = await listMarket(db, reader, new Set(), { kind: "total", sort: "latest", areaCode });
    expect(unblinded.rows.every((row) => !row.blinded)).toBe(true);
    for (const cursor of ["not-a-cursor", Buffer.from('{"s":"popular","l":1,"i":2}').toString("base64url")])
      expect(ids(await list({ kind: "total", sort: "latest", areaCode, cursor }))).toEqual([gear, scooter]);
  });
});

describe("the home page's listings", () => {
  it("are a member's latest open ones within 10 km of their main area without hidden sellers; else the latest anywhere", async () => {
    const seller = await insertMember(db);
    const hidden = await insertMember(db);
    const reader = await insertMember(db);
    await db.insert(memberLocation).values({
      userId: reader.id,
      position: 0,
      isMain: true,
      simpleAddress: "제주시",
      areaCode: "jeju-jeju",
      latitude: 33.4996,
      longitude: 126.5312,
    });
    await blindMember(db, systemClock, reader.id, hidden.id);
    const later = (minute: number) => new FixedClock(new Date(Date.UTC(2030, 0, 1, 0, minute)));
    const jeju = await insertListing(db, later(1), seller, "gear", { areaCode: "jeju-jeju" });
    const jejuSold = await insertListing(db, later(2), seller, "gear", { areaCode: "jeju-jeju" });
    await setListing(jejuSold, { status: "soldOut" });
    await insertListing(db, later(3), hidden, "gear", { areaCode: "jeju-jeju" });
    const seogwipo = await insertListing(db, later(4), seller, "gear", { areaCode: "jeju-seogwipo" });
    const near = await homeListings(db, reader);
    expect(near.near).toBe(true);
    expect(near.rows.map((row) => row.id)).toEqual([jeju]);
    // A visitor sees the latest open listings anywhere (held for half a minute: the first read decides).
    const anywhere = await homeListings(db, null);
    expect(anywhere.near).toBe(false);
    expect(anywhere.rows[0]!.id).toBe(seogwipo);
    expect(anywhere.rows.map((row) => row.id)).not.toContain(jejuSold);
  });
});

describe("the list query's plans", () => {
  it("read an index for every variant, never a sequential scan of the listing tables", async () => {
    const seller = await insertMember(db);
    const [category] = await listCategories(db, "gear");
    const plans: Record<string, string> = {};
    const variants: Record<string, MarketListParams> = {
      "kind, status, price and district, latest": {
        kind: "gear",
        sort: "latest",
        priceMin: 10_000,
        priceMax: 200_000,
        areaCode: "seoul-mapo",
      },
      "total, latest": { kind: "total", sort: "latest" },
      "total, latest, next page": {
        kind: "total",
        sort: "latest",
        cursor: Buffer.from('{"s":"latest","t":"2026-01-01T00:00:00.000000Z","i":9}').toString("base64url"),
      },
      "kind, popular": { kind: "gear", sort: "popular" },
      "total, popular": { kind: "total", sort: "popular" },
      "near a point": { kind: "total", sort: "latest", near: { lat: 37.5661, lng: 126.9015, radiusKm: 3 } },
    };
    // Twenty thousand listings (rolled back afterwards) over eight kinds and 250 districts give the planner real
    // statistics, so that the plans are the ones a real database chooses; sequential scans stay allowed.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          with areas as (
            select * from (values ('seoul-mapo', 37.5661, 126.9015), ('busan-haeundae', 35.1632, 129.1636)) a(code, lat, lng)
            union all select 'bench-' || i, 34 + (i % 40) * 0.1, 126 + (i / 40) * 0.5 from generate_series(1, 248) i
          ),
          numbered as (select row_number() over () - 1 as n, * from areas),
          src as (select g, (array['buy','gear','parts','deliveryGear','over125Manual','over125Scooter',
            'under125Manual','under125Scooter'])[1 + g % 8] as kind from generate_series(1, 20000) g),
          articles as (
            insert into board_article (section, kind, category_id, author_id, title, content_html, content_text,
              like_count, created_at, updated_at)
            select 'market', kind, ${category!.id}, ${seller.id}, '매물 ' || g, '<p>상태 좋아요</p>', '상태 좋아요',
              (g * 7919) % 200, now() - g * interval '1 minute', now() - g * interval '1 minute'
            from src order by g
            returning id, kind, created_at
          )
          insert into market_listing (article_id, kind, seller_id, status, price, area_code, latitude, longitude,
            bumped_at)
          select a.id, a.kind, ${seller.id},
            case when a.id % 5 = 0 then (case when a.kind = 'buy' then 'bought' else 'soldOut' end)
                 when a.kind = 'buy' then 'buying' else 'selling' end,
            (a.id * 7717) % 1000 * 1000, n.code, n.lat, n.lng, a.created_at
          from articles a join numbered n on n.n = a.id % 250`);
        await tx.execute(sql`analyze board_article`);
        await tx.execute(sql`analyze market_listing`);
        for (const [name, params] of Object.entries(variants)) {
          const rows = await queryRows<Record<string, string>>(
            tx as unknown as Database,
            sql`explain ${marketListQuery(db, params)}`,
          );
          plans[name] = rows.map((row) => Object.values(row)[0]).join("\n");
        }
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    const expected: Record<string, RegExp> = {
      "kind, status, price and district, latest": /market_listing_(area|kind|kind_area)_latest_idx/,
      "total, latest": /market_listing_total_latest_idx/,
      "total, latest, next page": /market_listing_total_latest_idx/,
      "kind, popular": /board_article_kind_popular_idx/,
      "total, popular": /board_article_market_popular_idx/,
      "near a point": /market_listing_(area|total)_latest_idx/,
    };
    for (const [name, index] of Object.entries(expected)) {
      expect(plans[name], `${name}\n${plans[name]}`).toMatch(index);
      expect(plans[name], `${name}\n${plans[name]}`).not.toMatch(
        /Seq Scan on (market_listing|board_article)/,
      );
    }
  });
});
