/**
 * Fills a bench database with the shipped motorcycle catalogue and 100,000 owner reviews by the community's 1,000
 * bench members, in SQL like the other seeds: run it after `seedBenchCommunity`. Reviews spread over the catalogue's
 * model years with a long tail (a tenth of the model years get half the reviews, as popular commuters do), one every
 * three minutes, ratings 3–10, two to four characteristics each, synthetic spark counts (no spark rows), 1 % deleted.
 *
 * Besides the seed: the plans of the review list queries (`explainReviewList`) and the review and comparison pages
 * the load part measures (`reviewPageTargets`).
 */
import { sql } from "drizzle-orm";
import { systemClock } from "#app/platform/clock.server";
import { queryRows, type DatabaseHandle } from "#app/db/client.server";
import { reviewTags } from "#app/db/schema";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { listReviews, reviewListQuery, type ReviewListParams } from "#app/services/reviews/list.server";

export const BENCH_REVIEWS = 100_000;
const MEMBERS = 1_000;

const disadvantages = [
  "시트가 딱딱해서 장거리에서는 엉덩이가 아픕니다.",
  "연비는 좋은데 탱크가 작아 주유를 자주 해야 합니다.",
  "순정 타이어 그립이 비 오는 날 아쉽습니다.",
  "수납공간이 좁아 헬멧이 안 들어갑니다.",
];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[]`);

export async function seedBenchReviews(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await seedCatalogue(db, systemClock);
  const rating = (salt: string) => sql.raw(`3 + abs(hashtext(g || ':${salt}')) % 8`);
  await db.execute(sql`
    with years as (
      select m.id, m.model_id, row_number() over (order by m.id) - 1 as n, count(*) over () as total
      from motorcycle m
    ),
    src as (
      select g,
        case when g % 2 = 0 then abs(hashtext(g || ':popular')) % greatest(1, (select max(total) from years) / 10)
          else abs(hashtext(g || ':any')) % (select max(total) from years) end as pick,
        now() - ((${BENCH_REVIEWS} - g) * interval '3 minutes') as at
      from generate_series(1, ${BENCH_REVIEWS}) g
    ),
    rated as (
      select s.*, y.id as motorcycle_id, y.model_id,
        ${rating("p")} as r1, ${rating("b")} as r2, ${rating("e")} as r3, ${rating("d")} as r4, ${rating("s")} as r5,
        ${rating("f")} as r6, ${rating("c")} as r7, ${rating("m")} as r8, ${rating("v")} as r9
      from src s join years y on y.n = s.pick
    )
    insert into motorcycle_review (author_id, motorcycle_id, model_id, rating_performance, rating_braking, rating_engine,
      rating_durability, rating_design, rating_finish, rating_convenience, rating_maintenance, rating_value,
      rating_average, item_texts, disadvantage, images, tags, owner_meeting, spark_count, created_at, updated_at,
      deleted_at)
    select 'bench-' || (1 + (g * 17) % ${MEMBERS}), motorcycle_id, model_id, r1, r2, r3, r4, r5, r6, r7, r8, r9,
      (r1 + r2 + r3 + r4 + r5 + r6 + r7 + r8 + r9) / 9.0, '{}'::jsonb,
      (${textArray(disadvantages)})[1 + g % ${disadvantages.length}],
      jsonb_build_array(jsonb_build_object('url', '/uploads/post/bench-' || (g % 50) || '.webp',
        'thumbnailUrl', '/uploads/post/bench-' || (g % 50) || '.thumb.webp')),
      array(select (${textArray(reviewTags)})[1 + abs(hashtext(g || ':t' || t)) % ${reviewTags.length}]
        from generate_series(1, 2 + g % 3) t),
      g % 4 = 0, case when g % 100 = 0 then 20 + (g * 7919) % 200 else (g * 7919) % 12 end, at, at,
      case when g % 100 = 1 then at + interval '1 hour' end
    from rated
    -- One live review per member and model year: later duplicates of the synthetic spread are dropped.
    on conflict do nothing`);
  await db.execute(sql`analyze motorcycle_review`);
}

/** A page the load part of the bench can measure: the same shape as run.ts's targets. */
interface ReviewPageTarget {
  page: string;
  path: string;
  role: "visitor" | "member";
}

/**
 * The review list (latest and most sparked), the most reviewed model's list, and the comparison of the three most
 * reviewed model years, for a visitor and a member each.
 */
export async function reviewPageTargets(handle: DatabaseHandle): Promise<ReviewPageTarget[]> {
  const top = await queryRows<{ motorcycle_id: number; model_id: number }>(
    handle.db,
    sql`select motorcycle_id, model_id from motorcycle_review where deleted_at is null
        group by motorcycle_id, model_id order by count(*) desc, motorcycle_id limit 3`,
  );
  const pages = [
    { page: "/review/motorcycle/list", path: "/review/motorcycle/list" },
    { page: "review list, most sparked", path: "/review/motorcycle/list?sort=sparked" },
    ...(top[0]
      ? [{ page: "review list, one model", path: `/review/motorcycle/list?modelId=${top[0].model_id}` }]
      : []),
    ...(top.length === 3
      ? [
          {
            page: "compare result, 3 bikes",
            path: `/specCompare/result?ids=${top.map((row) => row.motorcycle_id).join(",")}`,
          },
        ]
      : []),
  ];
  return pages.flatMap((page) => (["visitor", "member"] as const).map((role) => ({ ...page, role })));
}

/**
 * The plans of the review list queries on the seeded reviews, first page and next page: latest, most sparked, and
 * one model's latest. Each must read its partial index, never scan motorcycle_review whole.
 */
export async function explainReviewList(handle: DatabaseHandle): Promise<string> {
  const { db } = handle;
  const [top] = await queryRows<{ model_id: number }>(
    db,
    sql`select model_id from motorcycle_review where deleted_at is null group by model_id order by count(*) desc limit 1`,
  );
  const variants: [string, ReviewListParams][] = [
    ["latest", { sort: "latest" }],
    ["most sparked", { sort: "sparked" }],
    ["one model, latest", { sort: "latest", modelId: top?.model_id ?? null }],
  ];
  const out: string[] = [];
  for (const [label, params] of variants) {
    const first = await listReviews(db, params);
    for (const [page, cursor] of [
      ["first page", null],
      ["next page", first.nextCursor],
    ] as const) {
      const rows = await queryRows<Record<string, string>>(
        db,
        sql`explain (analyze, costs off, timing off) ${reviewListQuery(db, { ...params, cursor })}`,
      );
      const plan = rows.map((row) => Object.values(row)[0]).join("\n");
      const verdict = /Seq Scan on motorcycle_review\b/.test(plan) ? "SEQUENTIAL SCAN" : "index";
      out.push(`-- reviews ${label}, ${page} → ${verdict}\n${plan}`);
    }
  }
  return out.join("\n");
}
