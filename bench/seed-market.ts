/**
 * Fills a bench database with 100,000 market listings (board_article rows of section `market` and their
 * market_listing rows), all in SQL like seed-community.ts, over the community's 1,000 bench members: run it after
 * `seedBenchCommunity`. The spread is shaped like a used-goods market: more parts and gear than vehicles, a third of
 * the trades over, a few reserved, prices by kind (vehicles in the millions, a few free giveaways), districts from
 * the gazetteer with about 45 % in Seoul and Gyeonggi, one listing in seven bumped, 2 % deleted. Likes, comments,
 * keeps and views are synthetic counters.
 *
 * Besides the seed: the plans of the market list queries (`explainMarketList`), their times
 * (`timeMarketList`), and the /market pages the load part can measure once their routes exist
 * (`marketPageTargets`).
 */
import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle } from "#app/db/client.server";
import { gazetteer } from "#app/services/location/gazetteer-data";
import { listingPath, marketKinds, type MarketKind } from "#app/services/market/kinds";
import { listMarket, marketListQuery, type MarketListParams } from "#app/services/market/list.server";

export const BENCH_LISTINGS = 100_000;
const MEMBERS = 1_000;

/** Out of 100 listings, how many of each kind. */
const kindShares: Record<MarketKind, number> = {
  parts: 30,
  gear: 25,
  buy: 12,
  deliveryGear: 8,
  over125Manual: 7,
  under125Scooter: 7,
  over125Scooter: 6,
  under125Manual: 5,
};

const titles: Record<MarketKind, string[]> = {
  buy: ["포르자 350 구합니다", "중고 헬멧 삽니다", "PCX 배기 구해요", "탑박스 구매 원해요"],
  gear: ["아라이 풀페이스 헬멧 팝니다", "쇼에이 헬멧 L 사이즈", "라이딩 재킷 M 판매", "겨울 장갑 새상품"],
  parts: ["슬립온 머플러 판매", "브레이크 패드 일괄", "LED 헤드라이트 교체품", "순정 리어 쇼바"],
  deliveryGear: ["배달통 90L 판매", "휴대폰 거치대 새것", "핸들 토시 방한용품", "배달 가방 보온"],
  over125Manual: ["MT-07 2021년식 판매", "닌자 650 무사고", "CB650R 관리 잘된 차량", "R3 입문용 판매"],
  over125Scooter: ["포르자 350 2022년식", "XMAX 300 팝니다", "TMAX 560 판매", "버그만 400 급처"],
  under125Manual: ["CB125R 판매합니다", "슈퍼커브 110 팝니다", "듀크 125 입문용", "MSX 125 그롬"],
  under125Scooter: ["PCX 125 2023년식", "NMAX 125 판매", "보이저 125 팝니다", "비전 110 출퇴근용"],
};

const bodies = [
  "실사용 기간이 짧아 상태 좋습니다. 직거래 우선이며 택배도 가능합니다. 궁금한 점은 댓글 주세요.",
  "정비 이력 모두 있고 소모품은 최근 교환했습니다. 시운전 가능하며 네고는 조금 가능합니다.",
  "이사 관계로 급하게 정리합니다. 구성품 모두 있고 박스도 보관하고 있어요.",
  "사진에 보이는 그대로입니다. 생활 기스 조금 있고 기능에는 이상 없습니다.",
];

/** The districts listings are in: every 시/군/구 except cities divided into 구 (their 구 are listed instead). */
function districts() {
  const sigungu = gazetteer.filter((area) => area.level === "sigungu");
  const divided = new Set(
    sigungu
      .filter((city) => sigungu.some((area) => area.code.startsWith(`${city.code}-`)))
      .map((city) => city.code),
  );
  return sigungu.filter((area) => !divided.has(area.code));
}

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[]`);
const numberArray = (values: readonly number[]) => sql.raw(`array[${values.join(",")}]::float8[]`);

export async function seedBenchMarket(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  // The kind of the n-th listing (its index in marketKinds, by n % 100 and the shares above) and four titles a kind.
  const kindByPercent = marketKinds.flatMap((kind, index) => Array<number>(kindShares[kind]).fill(index));
  const titleList = marketKinds.flatMap((kind) => titles[kind]);
  const areas = districts();
  const metro = areas.filter((area) => area.parent === "seoul" || area.parent === "gyeonggi");
  const anywhere = areas;

  // Articles: one every three minutes (about seven months), newest last; 2 % deleted a day after.
  await db.execute(sql`
    with cats as (select kind, array_agg(id order by id) ids from board_category group by kind),
    src as (
      select g, k, (${textArray(marketKinds)})[1 + k] as kind,
        (${textArray(titleList)})[1 + k * 4 + g % 4] as title,
        (${textArray(bodies)})[1 + g % ${bodies.length}] as body,
        now() - ((${BENCH_LISTINGS} - g) * interval '3 minutes') as at
      from generate_series(1, ${BENCH_LISTINGS}) g,
        lateral (select (${sql.raw(`array[${kindByPercent.join(",")}]`)})[1 + abs(hashtext(g || ':kind')) % 100] as k) picked
    )
    insert into board_article (section, kind, category_id, author_id, title, content_html, content_text,
      thumbnail_url, like_count, comment_count, keep_count, view_count, created_at, updated_at, deleted_at)
    select 'market', s.kind, c.ids[1 + (s.g / 7) % array_length(c.ids, 1)], 'bench-' || (1 + (s.g * 17) % ${MEMBERS}),
      s.title || ' ' || s.g, '<p>' || s.body || '</p>', s.body,
      case when s.g % 5 <> 0 then '/uploads/post/bench-' || (s.g % 50) || '.webp' end,
      case when s.g % 100 = 0 then 50 + (s.g * 7919) % 150 else (s.g * 7919) % 20 end,
      (s.g * 13) % 9, (s.g * 11) % 15, (s.g * 31) % 3000,
      s.at, s.at, case when s.g % 50 = 0 then s.at + interval '1 day' end
    from src s join cats c on c.kind = s.kind
    order by s.g`);

  // Listings, derived from their articles' ids (one hash per trait, so that traits are independent) so that the
  // spread is the same from run to run.
  await db.execute(sql`
    with a as (
      select id, kind, author_id, created_at, deleted_at,
        kind in ('over125Manual', 'over125Scooter', 'under125Manual', 'under125Scooter') as vehicle,
        abs(hashtext(id || ':status')) % 100 as s, abs(hashtext(id || ':price')) % 100000 as r,
        abs(hashtext(id || ':area')) as h, abs(hashtext(id || ':bump')) % 100 as b
      from board_article a
      where section = 'market' and not exists (select 1 from market_listing l where l.article_id = a.id)
    ),
    placed as (
      select a.*, case when h % 4 = 0 then 1 + (h / 10) % ${metro.length} end as metro_at,
        1 + (h / 10) % ${anywhere.length} as anywhere_at
      from a
    )
    insert into market_listing (article_id, kind, seller_id, status, price, negotiable, trade_direct, trade_delivery,
      area_code, latitude, longitude, model_name, model_year, mileage_km, displacement_cc, bumped_at, bump_count,
      sold_at, deleted_at)
    select p.id, p.kind, p.author_id,
      case
        when p.kind = 'buy' then case when p.s < 30 then 'bought' else 'buying' end
        when p.s < 30 then 'soldOut' when p.s < 38 then 'reserved' else 'selling'
      end,
      case
        when p.kind like 'under125%' then (50 + p.r % 450) * 10000
        when p.vehicle then (200 + p.r % 2300) * 10000
        when p.r % 37 = 0 then 0
        when p.kind = 'gear' then (1 + p.r % 800) * 1000
        when p.kind = 'parts' then (1 + p.r % 1500) * 1000
        when p.kind = 'deliveryGear' then (1 + p.r % 300) * 1000
        else (1 + p.r % 5000) * 1000
      end,
      p.r % 3 <> 0 and (p.vehicle or p.r % 37 <> 0), true, not p.vehicle and p.b % 2 = 0,
      coalesce((${textArray(metro.map((area) => area.code))})[p.metro_at],
        (${textArray(anywhere.map((area) => area.code))})[p.anywhere_at]),
      coalesce((${numberArray(metro.map((area) => area.lat))})[p.metro_at],
        (${numberArray(anywhere.map((area) => area.lat))})[p.anywhere_at]),
      coalesce((${numberArray(metro.map((area) => area.lng))})[p.metro_at],
        (${numberArray(anywhere.map((area) => area.lng))})[p.anywhere_at]),
      case when p.vehicle then '벤치 모델 ' || (p.r % 40) end,
      case when p.vehicle then 2010 + p.r % 16 end,
      case when p.vehicle then (p.r * 7) % 80000 end,
      case when p.kind like 'under125%' then 50 + (p.r % 4) * 25 when p.vehicle then 150 + (p.r % 12) * 100 end,
      case when p.b < 15 then least(p.created_at + (24 + p.b * 5) * interval '1 hour', now()) else p.created_at end,
      case when p.b < 15 then 1 + p.b % 3 else 0 end,
      case when p.s < 30 then p.created_at + interval '2 days' end,
      p.deleted_at
    from placed p
    order by p.id`);
  await db.execute(sql`analyze board_article`);
  await db.execute(sql`analyze market_listing`);
}

/** The point the distance variant looks around: Seoul City Hall, in the densest part of the seed. */
const SEOUL_CITY_HALL = { lat: 37.5665, lng: 126.978 };

/** The list queries measured: what the /market pages will run most. */
function variants(areaCode: string): [string, MarketListParams][] {
  return [
    [
      "gear, open, 50,000–300,000 won, one district (latest)",
      { kind: "gear", sort: "latest", priceMin: 50_000, priceMax: 300_000, areaCode },
    ],
    ["total (latest)", { kind: "total", sort: "latest" }],
    ["total, including closed (latest)", { kind: "total", sort: "latest", hideClosed: false }],
    ["parts (popular)", { kind: "parts", sort: "popular" }],
    ["total (popular)", { kind: "total", sort: "popular" }],
    [
      "within 10 km of Seoul City Hall (latest)",
      { kind: "total", sort: "latest", near: { ...SEOUL_CITY_HALL, radiusKm: 10 } },
    ],
    ["words '머플러' (latest)", { kind: "total", sort: "latest", q: "머플러" }],
  ];
}

async function busiestDistrict(handle: DatabaseHandle): Promise<string> {
  const [row] = await queryRows<{ area_code: string }>(
    handle.db,
    sql`select area_code from market_listing where deleted_at is null and area_code like 'seoul-%'
        group by area_code order by count(*) desc, area_code limit 1`,
  );
  return row?.area_code ?? "seoul-gangnam";
}

/** The indexes a plan reads, and whether it scans a listing table whole. */
function indexesOf(plan: string) {
  const indexes = [
    ...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g),
  ].map((match) => match[1]!);
  const seqScan = /Seq Scan on (market_listing|board_article)\b/.test(plan);
  return { indexes: [...new Set(indexes)], seqScan };
}

/**
 * The plans PostgreSQL chooses for the market list queries, first page and next page (keyset cursor), each with a
 * note of the indexes it reads and whether it scans market_listing or board_article sequentially (it must not).
 */
export async function explainMarketList(handle: DatabaseHandle): Promise<string> {
  const { db } = handle;
  const area = await busiestDistrict(handle);
  const out: string[] = [];
  for (const [label, params] of variants(area)) {
    const first = await listMarket(db, null, new Set(), params);
    for (const [page, cursor] of [
      ["first page", null],
      ["next page", first.nextCursor],
    ] as const) {
      if (page === "next page" && !cursor) continue;
      const rows = await queryRows<Record<string, string>>(
        db,
        sql`explain (analyze, costs off, timing off) ${marketListQuery(db, { ...params, cursor })}`,
      );
      const plan = rows.map((row) => Object.values(row)[0]).join("\n");
      const { indexes, seqScan } = indexesOf(plan);
      const verdict = seqScan
        ? "SEQUENTIAL SCAN of a listing table"
        : indexes.length > 0
          ? `index: ${indexes.join(", ")}`
          : "no index";
      out.push(`-- ${label}, ${page} → ${verdict}\n${plan}`);
    }
  }
  return out.join("\n");
}

export interface MarketListTiming {
  query: string;
  /** Median and worst of the runs, in milliseconds, through `listMarket` (query and mapping). */
  medianMs: number;
  maxMs: number;
}

/** Each list variant's first page, run `runs` times after one warm-up run. */
export async function timeMarketList(handle: DatabaseHandle, runs = 20): Promise<MarketListTiming[]> {
  const { db } = handle;
  const area = await busiestDistrict(handle);
  const timings: MarketListTiming[] = [];
  for (const [label, params] of variants(area)) {
    await listMarket(db, null, new Set(), params);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await listMarket(db, null, new Set(), params);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    timings.push({ query: label, medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)! });
  }
  return timings;
}

export function printMarketTimings(timings: readonly MarketListTiming[], where: string): void {
  console.log(
    `\nMarket list queries on ${where} (${BENCH_LISTINGS} listings), median / worst ms per first page:`,
  );
  for (const timing of timings)
    console.log(
      `  ${timing.query.padEnd(58)} ${timing.medianMs.toFixed(2).padStart(7)} ${timing.maxMs.toFixed(2).padStart(7)}`,
    );
}

/** A page the load part of the bench can measure: the same shape as run.ts's targets. */
interface MarketPageTarget {
  page: string;
  path: string;
  role: "visitor" | "member";
}

/**
 * The /market pages the load part measures: the total list, a kind's list with every filter and the newest open
 * listing's page, for a visitor and a member each. Read on the seeded database, before it is closed.
 */
export async function marketPageTargets(handle: DatabaseHandle): Promise<MarketPageTarget[]> {
  const [newest] = await queryRows<{ id: number; kind: MarketKind }>(
    handle.db,
    sql`select article_id as id, kind from market_listing where deleted_at is null and status = 'selling'
        order by bumped_at desc, article_id desc limit 1`,
  );
  const pages = [
    { page: "/market/total", path: "/market/total" },
    // Kind, status (sold hidden, the default), price range and district together.
    { page: "/market/gear filtered", path: "/market/gear?min=10000&max=500000&area=seoul-gangnam" },
    ...(newest ? [{ page: "listing page", path: listingPath(newest.kind, newest.id) }] : []),
  ];
  return pages.flatMap((page) => (["visitor", "member"] as const).map((role) => ({ ...page, role })));
}
