/**
 * Fills a bench database with 100,000 expert skills around Korea (repair, coaching, rescue and pickup; each by its
 * own bench expert), three in five around the capital region and the rest spread over the peninsula, as riders are.
 *
 * Besides the seed: the plan of the finder's query (`explainExpertFinder`) and its time against the same query with
 * index and bitmap scans turned off, as a ratio. Run alone with `tsx bench/seed-experts.ts` (PGlite in memory).
 */
import { sql } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import { openPglite, queryRows, type Database, type DatabaseHandle } from "#app/db/client.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { systemClock } from "#app/platform/clock.server";
import { finderQuery, type FinderParams } from "#app/services/meetings/finder/finder.server";
import { shownPositionKey } from "#app/services/meetings/finder/shown-position.server";
import { seedReferenceData } from "#app/services/reference/seed.server";

const BENCH_EXPERTS = 100_000;
const RUNS = 20;
/** The secret the shown points are drawn from: any fixed one, as in a deployment. */
const BENCH_SECRET = "bench-shown-position-secret-0123456789";

/**
 * Two searches a member runs: in Yeongdeungpo-gu, the product's default origin, where a 10 km circle holds a fifth
 * of all skills (the index's worst case), and in Daejeon, as most of the country is.
 */
const searches: { label: string; params: FinderParams }[] = [
  {
    label: "repair within 10 km of Yeongdeungpo-gu",
    params: {
      kind: "repair",
      latitude: 37.526618,
      longitude: 126.919666,
      radiusKm: 10,
      filter: { code: "engineOil" },
    },
  },
  {
    label: "repair within 10 km of Daejeon",
    params: {
      kind: "repair",
      latitude: 36.3504,
      longitude: 127.3845,
      radiusKm: 10,
      filter: { code: "engineOil" },
    },
  },
];

export async function seedBenchExperts(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await seedReferenceData(db, systemClock);
  const unit = (salt: string) => sql.raw(`(abs(hashtext(g || ':${salt}')) % 100000) / 100000.0`);
  await db.execute(sql`
    insert into member (id, name, email, nickname, role, onboarding, member_type, created_at, updated_at)
    select 'bench-expert-' || g, '벤치전문가' || g, 'expert' || g || '@bench.motomate.kr', '벤치전문가' || g,
      'member', 'welcomed', case when g % 10 = 0 then 'business' else 'individual' end, now(), now()
    from generate_series(1, ${BENCH_EXPERTS}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into member_skill (member_id, kind, codes, entries, area_name, latitude, longitude, price_guide,
      created_at, updated_at, active)
    select 'bench-expert-' || g,
      (array['repair','coaching','rescue','pickup'])[1 + g % 4],
      case g % 4
        when 0 then (array['["engineOil","tire"]','["chainCare"]','["engineOil"]','["battery","brakePad"]'])[1 + (g / 4) % 4]
        when 2 then (array['["towing"]','["jumpStart","tirePuncture"]'])[1 + (g / 4) % 2]
        when 3 then (array['["under125"]','["over125","parts"]','["over500"]'])[1 + (g / 4) % 3]
        else '[]' end::jsonb,
      '["벤치 기술"]'::jsonb, '벤치 지역',
      case when g % 5 < 3 then 37.45 + ${unit("a")} * 0.2 else 34.8 + ${unit("a")} * 3.1 end,
      case when g % 5 < 3 then 126.8 + ${unit("o")} * 0.35 else 126.3 + ${unit("o")} * 3.0 end,
      (g % 5) * 10000, now(), now(), g % 20 <> 0
    from generate_series(1, ${BENCH_EXPERTS}) g`);
  await db.execute(sql`analyze member_skill`);
  await db.execute(sql`analyze member`);
}

async function median(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let n = 0; n < RUNS; n++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export interface ExpertFinderFigures {
  label: string;
  plan: string;
  usesIndex: boolean;
  indexedMs: number;
  scanMs: number;
  /** How many times slower the sequential scan is. */
  ratio: number;
}

/**
 * The finder's query on the seeded skills: its plan, and its median time through its kind's index (member_skill_{kind}_earth_idx) against
 * the same query forced to a sequential scan (index and bitmap scans off, inside a transaction rolled back).
 */
export async function explainExpertFinder(handle: DatabaseHandle): Promise<ExpertFinderFigures[]> {
  const figures: ExpertFinderFigures[] = [];
  for (const { label, params } of searches) figures.push(await measure(handle, label, params));
  return figures;
}

async function measure(
  handle: DatabaseHandle,
  label: string,
  params: FinderParams,
): Promise<ExpertFinderFigures> {
  const { db } = handle;
  const query = await finderQuery(db, systemClock, null, params, shownPositionKey(BENCH_SECRET));
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`explain (analyze, costs off, timing off) ${query}`,
  );
  const plan = rows.map((row) => Object.values(row)[0]).join("\n");
  await queryRows(db, query);
  const indexedMs = await median(() => queryRows(db, query));
  let scanMs = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const scanned = await queryRows<Record<string, string>>(tx as unknown as Database, sql`explain ${query}`);
    if (!scanned.some((row) => /Seq Scan on member_skill/.test(String(Object.values(row)[0]))))
      throw new Error("The forced plan still avoids a sequential scan of member_skill");
    scanMs = await median(() => queryRows(tx as unknown as Database, query));
  });
  return {
    label,
    plan,
    usesIndex: /member_skill_\w+_earth_idx/.test(plan) && !/Seq Scan on member_skill/.test(plan),
    indexedMs,
    scanMs,
    ratio: scanMs / indexedMs,
  };
}

export function printExpertFinder(all: ExpertFinderFigures[], engine: string) {
  for (const figures of all) {
    console.log(
      `\nPlan of the expert finder on ${engine} (${BENCH_EXPERTS} skills, ${figures.label})` +
        ` → ${figures.usesIndex ? "index" : "SEQUENTIAL SCAN"}:\n${figures.plan}`,
    );
    console.log(
      `Expert finder on ${engine}, ${figures.label}: ${figures.indexedMs.toFixed(2)} ms through ` +
        `its kind's index, ${figures.scanMs.toFixed(2)} ms by sequential scan (median of ${RUNS}): ` +
        `the scan is ${figures.ratio.toFixed(1)}× slower`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const handle = await openPglite();
  await migrateDatabase(handle);
  console.log(`Seeding ${BENCH_EXPERTS} expert skills on PGlite…`);
  await seedBenchExperts(handle);
  printExpertFinder(await explainExpertFinder(handle), "PGlite");
  await handle.close();
}
