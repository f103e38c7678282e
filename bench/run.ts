/**
 * `npm run bench`: the figures that matter, measured side by side in one run on this machine, and never asserted.
 *
 * - `/`, `/board/free` and a post page, for a visitor and a signed-in member, on a database of the bench's size:
 *   req/s, p50/p99, the server's CPU milliseconds per request (from /proc), and the ratio to a bare node:http server
 *   replaying the exact bytes and headers the app answered — on PGlite, and on PostgreSQL when DATABASE_URL or
 *   TEST_DATABASE_URL names one (with the PostgreSQL ÷ PGlite ratio);
 * - statements per page (the statement-count test's counts), cold start to /healthz on an existing data directory,
 *   resident memory after the load, first-visit bytes per route (JS, CSS, font) in Chromium, the sanitiser's worst
 *   inputs, and Lighthouse mobile scores when the `lighthouse` package is installed;
 * - the plans of the board, market and review list queries on the seeded data (100,000 articles, 100,000
 *   listings, 100,000 reviews), and the market list queries' times on each database;
 * - the review lists and the comparison of three motorcycles, loaded like the pages above.
 *
 * - the meeting chat under load (bench/chat-load.ts): 2,000 Socket.IO clients in rooms of two sending one message a
 *   second each for 60 s over their sockets (`chat:send`), on one PGlite process and on two processes sharing a
 *   PostgreSQL database: messages delivered to the other side, delivery p50/p95/p99, the servers' resident memory
 *   (BENCH_CHAT_CLIENTS, BENCH_CHAT_SECONDS, BENCH_CHAT_DRAIN change the size).
 * - the pay path under load (bench/pay-path.ts): BENCH_PAYERS (200) requesters paying at once through the local
 *   gateway (open the checkout, authorise, confirm), p50/p95 of the whole path and of the confirmation, the ratio to a
 *   bare baseline of the payment's essential writes in raw SQL on the same database, and statements per payment; on
 *   PGlite, and on PostgreSQL when it is named.
 * - a visitor's `/`, `/board/free` and post page against their CPU targets, each loaded once more on a server started
 *   with `--cpu-prof`, the profile summed by part of the stack, beside the previous run's (bench/pages.ts).
 *
 * One table is printed and the figures are written to bench/results/latest.json; the previous run's file, when
 * there is one, is shown beside (so a change is measured before and after on the same machine).
 *
 * `npm run bench -- --plans` seeds the same data and prints only the list queries' plans and times (no build, no
 * server, no load): the quick check of a query or index change. `npm run bench -- --chat` runs only the chat load,
 * `npm run bench -- --pages` only the visitor pages' CPU and profiles, `npm run bench -- --pay` only the pay path (no
 * build, no server).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createClient as createRedisClient } from "redis";
import { openPglite, openPostgres, queryRows, type DatabaseHandle } from "#app/db/client.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { measurePageWeights, printPageWeights, type PageWeight } from "./page-weight";
import { benchPayPath, printPayPath, type PayPathFigures } from "./pay-path";
import { benchRichText, type RichTextFigure } from "./rich-text";
import {
  BENCH_CHAT_CLIENTS,
  printChatLoad,
  runChatLoad,
  seedBenchChat,
  type ChatLoadFigures,
  type ChatPair,
} from "./chat-load";
import { BENCH_ARTICLES, BENCH_COMMENTS, explainBoardList, seedBenchCommunity } from "./seed-community";
import { BENCH_REVIEWS, explainReviewList, reviewPageTargets, seedBenchReviews } from "./seed-reviews";
import { explainExpertFinder, printExpertFinder, seedBenchExperts } from "./seed-experts";
import {
  BENCH_LISTINGS,
  explainMarketList,
  marketPageTargets,
  printMarketTimings,
  seedBenchMarket,
  timeMarketList,
  type MarketListTiming,
} from "./seed-market";
import {
  capture,
  load,
  memoryMb,
  startProcess,
  stopProcess,
  waitUntilAnswering,
  type Captured,
  type Load,
} from "./server-load";
import { printPageProfiles, profilePages, type PageProfile, type PageTarget } from "./pages";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const resultsDir = path.join(root, "bench", "results");
/** Where the page profiles of the previous run are kept, for "before". */
const pagesFile = path.join(resultsDir, "pages.json");
/** Lighthouse runs per page; the median is reported, with every run's score beside it. */
const LIGHTHOUSE_RUNS = 5;
const postgresUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || "";
/** Redis for the chat across processes, when one is named; the bench's stream names are its own. */
const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || "";
/** The app's server, the bare replay server beside it, and the app on PostgreSQL. */
const appPort = 3402;
const barePort = 3401;
const pgPort = 3403;
/** The chat load's servers: this port, and the next for the second process on PostgreSQL. */
const chatPort = 3404;
/** This run's secrets, shared by its servers (a server on PostgreSQL refuses to start without them). */
const secrets = {
  SESSION_SECRET: randomBytes(24).toString("hex"),
  ENCRYPTION_KEY: randomBytes(32).toString("base64"),
};

/** The production server as `npm start` runs it, with the same Node options (the build is made before any start). */
function appArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const [node, ...args] = scripts.start.split(" ");
  if (node !== "node") throw new Error(`npm start runs ${node}, not node`);
  return args;
}

if (process.argv.includes("--plans")) {
  await printListPlans();
  process.exit(0);
}

if (process.argv.includes("--pay")) {
  printPayPath(await benchPay());
  process.exit(0);
}

if (!fs.existsSync(path.join(root, "build", "server.js"))) {
  console.log("Building the app first…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.argv.includes("--chat")) {
  printChatLoad(await benchChat());
  process.exit(0);
}

if (process.argv.includes("--pages")) {
  await benchPagesAlone();
  process.exit(0);
}

// In this process, before any server competes for the cores.
const richText: RichTextFigure[] = benchRichText();

async function seeded(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedBenchCommunity(handle);
  await seedBenchMarket(handle);
  await seedBenchReviews(handle);
  await seedBenchExperts(handle);
  const plan = await explainBoardList(handle);
  const market = {
    plan: await explainMarketList(handle),
    timings: await timeMarketList(handle),
    pages: await marketPageTargets(handle),
  };
  const reviews = { plan: await explainReviewList(handle), pages: await reviewPageTargets(handle) };
  const experts = await explainExpertFinder(handle);
  const [newest] = await queryRows<{ id: number; comments: number }>(
    handle.db,
    sql`select id, comment_count as comments from board_article
        where kind = 'free' and not is_private and deleted_at is null order by created_at desc, id desc limit 1`,
  );
  await handle.close();
  return { plan, market, reviews, experts, post: newest! };
}

/** The quick mode: the list queries' plans and times on PGlite, and on PostgreSQL when one is named. */
async function printListPlans() {
  console.log(`Seeding ${BENCH_ARTICLES} articles and ${BENCH_LISTINGS} listings on PGlite…`);
  const pglite = await seeded(await openPglite());
  console.log(`\nPlan of the /board/free list query (${BENCH_ARTICLES} articles):\n${pglite.plan}`);
  console.log(
    `\nPlans of the market list queries on PGlite (${BENCH_LISTINGS} listings):\n${pglite.market.plan}`,
  );
  printMarketTimings(pglite.market.timings, "PGlite");
  console.log(
    `\nPlans of the review list queries on PGlite (${BENCH_REVIEWS} reviews):\n${pglite.reviews.plan}`,
  );
  printExpertFinder(pglite.experts, "PGlite");
  if (!postgresUrl) return;
  const postgres = await onPostgres(async (url) => {
    console.log(`\nSeeding the same data on PostgreSQL (${new URL(url).host})…`);
    const database = await openPostgres(url, 2);
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    return seeded(database);
  });
  console.log(`\nPlans of the market list queries on PostgreSQL:\n${postgres.market.plan}`);
  printMarketTimings(postgres.market.timings, "PostgreSQL");
  console.log(`\nPlans of the review list queries on PostgreSQL:\n${postgres.reviews.plan}`);
  printExpertFinder(postgres.experts, "PostgreSQL");
}

/** Runs `work` on a new database of the PostgreSQL server named, dropped afterwards. */
async function onPostgres<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `motomate_bench_${Date.now().toString(36)}`;
  const adminUrl = new URL(postgresUrl);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
    await cleanup.connect();
    // A pool's `end()` resolves before its connections have closed: a connection the forced drop terminated would
    // fail its pool with "terminating connection due to administrator command" (tests/setup/database.ts waits too).
    for (let waited = 0; waited < 5_000; waited += 50) {
      const { rows } = await cleanup.query<{ open: number }>(
        "select count(*)::int as open from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0]!.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

function appEnv(port: number, dataDir: string, databaseUrl = ""): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    DEMO_DATA: "false",
    // The test seeding endpoint makes the signed-in member the member pages are measured with.
    OUTBOX_PAGE: "true",
    ...secrets,
  };
}

/** A member with a complete profile, signed in through the sign-in page: the session cookie. */
async function signedInCookie(base: string): Promise<string> {
  const seeded = await fetch(`${base}/test/seed/member`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ role: "member" }),
  });
  if (seeded.status !== 201) throw new Error(`Seeding a member answered ${seeded.status}`);
  const member = (await seeded.json()) as { email: string; password: string };
  const signedIn = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "password", identifier: member.email, password: member.password }),
    redirect: "manual",
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`Signing in answered ${signedIn.status} without a session`);
  return cookie;
}

interface Target {
  page: string;
  path: string;
  role: "visitor" | "member";
}

function headersOf(role: Target["role"], cookie: string) {
  return {
    cookie: role === "member" ? `${cookie}; i18n_redirected=ko` : "i18n_redirected=ko",
    "accept-encoding": "gzip, deflate, br",
  };
}

interface PageRow extends Target {
  app: Load;
  bare: Load;
  /** Compressed bytes of the answer. */
  bytes: number;
  postgres?: Load;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-bench-"));

console.log(
  `Seeding ${BENCH_ARTICLES} articles, ${BENCH_COMMENTS} comments and ${BENCH_LISTINGS} listings on PGlite…`,
);
const { plan, market, reviews, experts, post } = await seeded(
  await openPglite({ dataDir: path.join(dataDir, "pglite") }),
);
let postgresMarket: MarketListTiming[] | undefined;
const targets: Target[] = [
  { page: "/", path: "/", role: "visitor" },
  { page: "/", path: "/", role: "member" },
  { page: "/board/free", path: "/board/free", role: "visitor" },
  { page: "/board/free", path: "/board/free", role: "member" },
  { page: `post (${post.comments} comments)`, path: `/board/free/${post.id}`, role: "visitor" },
  { page: `post (${post.comments} comments)`, path: `/board/free/${post.id}`, role: "member" },
  ...market.pages,
  ...reviews.pages,
];

// The first start migrates nothing new but seeds reference data; the second is the cold start measured.
let app = startProcess(root, appArgs(), appEnv(appPort, dataDir));
await waitUntilAnswering(`http://127.0.0.1:${appPort}/healthz`, 120_000);
await stopProcess(app);
app = startProcess(root, appArgs(), appEnv(appPort, dataDir));
const coldStartMs = await waitUntilAnswering(`http://127.0.0.1:${appPort}/healthz`, 120_000);
const appBase = `http://127.0.0.1:${appPort}`;

const rows: PageRow[] = [];
let memory = { rss: 0, peak: 0 };
let weights: PageWeight[] = [];
let bare: ReturnType<typeof startProcess> | undefined;
try {
  const cookie = await signedInCookie(appBase);
  const captured: Captured[] = [];
  for (const target of targets) {
    const answer = await capture(appBase, target.path, target.role, headersOf(target.role, cookie));
    if (answer.status !== 200) throw new Error(`${target.role} ${target.path} answered ${answer.status}`);
    captured.push(answer);
  }
  const replayFile = path.join(dataDir, "replay.json");
  fs.writeFileSync(replayFile, JSON.stringify(captured));
  bare = startProcess(
    root,
    [path.join(root, "bench", "replay-server.mjs"), replayFile, String(barePort)],
    {},
  );
  await waitUntilAnswering(`http://127.0.0.1:${barePort}/`, 10_000).catch(() => undefined);

  for (const [index, target] of targets.entries()) {
    const headers = headersOf(target.role, cookie);
    const options = { headers, duration, connections };
    console.log(`Loading ${target.role} ${target.path}…`);
    rows.push({
      ...target,
      app: await load(`${appBase}${target.path}`, app.pid!, options),
      bare: await load(`http://127.0.0.1:${barePort}${target.path}`, bare.pid!, options),
      bytes: Buffer.from(captured[index]!.body, "base64").length,
    });
  }
  memory = memoryMb(app.pid!);
  weights = await measurePageWeights(appBase, [
    { name: "/", path: "/" },
    { name: "/board/free", path: "/board/free" },
    { name: "post page", path: `/board/free/${post.id}` },
    { name: "/board/write (sign-in page)", path: "/board/write" },
    { name: "/announce", path: "/announce" },
    { name: "/login", path: "/login" },
  ]);
} finally {
  if (bare) await stopProcess(bare);
  await stopProcess(app);
}

const pageProfiles = await visitorPageProfiles(dataDir, post.id);

const lighthouse = await runLighthouse(dataDir);

if (postgresUrl) await benchPostgres();

const chat = await benchChat();

const pay = await benchPay();

const statements = countStatements();

printTable();
fs.rmSync(dataDir, { recursive: true, force: true });

/** The visitor's `/`, `/board/free` and post page against their CPU targets, each with its profile (bench/pages.ts). */
function visitorPageProfiles(dir: string, postId: number): Promise<PageProfile[]> {
  const against = process.env.BENCH_PAGES_AGAINST ? path.resolve(process.env.BENCH_PAGES_AGAINST) : undefined;
  const targets: PageTarget[] = [
    { page: "/", path: "/", targetMs: 4, issueMs: 5.6 },
    { page: "/board/free", path: "/board/free", targetMs: 5, issueMs: 7.3 },
    { page: "post", path: `/board/free/${postId}`, targetMs: 4.5, issueMs: 6.6 },
  ];
  return profilePages(targets, {
    base: `http://127.0.0.1:${appPort}`,
    start: (args) => startProcess(root, [...args, ...appArgs()], appEnv(appPort, dir)),
    // BENCH_PAGES_AGAINST=<a built checkout of another commit> loads the pages on it too, in turn with this one.
    against: against
      ? (args) => startProcess(against, [...args, ...appArgs()], appEnv(appPort, dir))
      : undefined,
    headers: headersOf("visitor", ""),
    duration,
    connections,
    // BENCH_PAGES_PROFILE=<dir> keeps the profiles there, to open in a profiler.
    dir: process.env.BENCH_PAGES_PROFILE || path.join(dir, "cpu-profile"),
  });
}

/** Prints the page profiles beside the previous run's and keeps them for the next. */
function printAndKeepPageProfiles(profiles: PageProfile[]) {
  const before = fs.existsSync(pagesFile)
    ? (JSON.parse(fs.readFileSync(pagesFile, "utf8")) as { when: string; profiles: PageProfile[] })
    : undefined;
  if (before) console.log(`\n"before" is the page profiles of ${before.when}`);
  printPageProfiles(profiles, before?.profiles);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(pagesFile, JSON.stringify({ when: new Date().toISOString(), profiles }, null, 2));
}

/**
 * `--pages`: the bench's data on PGlite, then only the visitor pages' CPU and profiles. `BENCH_PAGES_DATA=<dir>` keeps
 * the seeded data there and reuses it on the next run (seeding takes minutes; a change measured before and after
 * needs it once).
 */
async function benchPagesAlone() {
  const kept = process.env.BENCH_PAGES_DATA;
  const dir = kept || fs.mkdtempSync(path.join(os.tmpdir(), "motomate-bench-pages-"));
  if (kept) fs.mkdirSync(kept, { recursive: true });
  const postFile = path.join(dir, "post.json");
  try {
    if (!fs.existsSync(postFile)) {
      console.log(
        `Seeding ${BENCH_ARTICLES} articles, ${BENCH_COMMENTS} comments and ${BENCH_LISTINGS} listings…`,
      );
      const { post } = await seeded(await openPglite({ dataDir: path.join(dir, "pglite") }));
      fs.writeFileSync(postFile, JSON.stringify(post));
    }
    const post = JSON.parse(fs.readFileSync(postFile, "utf8")) as { id: number };
    printAndKeepPageProfiles(await visitorPageProfiles(dir, post.id));
  } finally {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres() {
  await onPostgres(async (url) => {
    console.log(`Seeding the same data on PostgreSQL (${new URL(url).host})…`);
    const database = await openPostgres(url, 2);
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    postgresMarket = (await seeded(database)).market.timings;
    const server = startProcess(root, appArgs(), appEnv(pgPort, dataDir, url));
    try {
      const base = `http://127.0.0.1:${pgPort}`;
      await waitUntilAnswering(`${base}/healthz`, 120_000);
      const cookie = await signedInCookie(base);
      for (const row of rows) {
        const postPath = row.path.startsWith("/board/free/") ? await newestPostPath(url) : row.path;
        console.log(`Loading ${row.role} ${postPath} on PostgreSQL…`);
        row.postgres = await load(`${base}${postPath}`, server.pid!, {
          headers: headersOf(row.role, cookie),
          duration,
          connections,
        });
      }
    } finally {
      await stopProcess(server);
    }
  });
}

/**
 * The chat load on one PGlite process, then on two processes sharing a PostgreSQL database when one is named: rooms
 * across them through the PostgreSQL adapter, and through Redis when one is named (REDIS_URL or TEST_REDIS_URL).
 */
async function benchChat(): Promise<(ChatLoadFigures | string)[]> {
  const figures: (ChatLoadFigures | string)[] = [];
  const meetings = BENCH_CHAT_CLIENTS / 2;
  const chatDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-bench-chat-"));
  try {
    console.log(`Seeding ${BENCH_CHAT_CLIENTS} members and ${meetings} meetings on PGlite…`);
    const handle = await openPglite({ dataDir: path.join(chatDir, "pglite") });
    const pairs = await seedBenchChat(handle, BENCH_CHAT_CLIENTS, secrets.SESSION_SECRET);
    await handle.close();
    const only = process.env.BENCH_CHAT_ONLY ?? "";
    if ("1 process, PGlite".includes(only))
      figures.push(await chatOn("1 process, PGlite", pairs, [path.join(chatDir)]));
    const acrossProcesses = [
      { mode: "2 processes, PostgreSQL adapter", env: {} as Record<string, string>, missing: "" },
      {
        mode: "2 processes, Redis adapter",
        // Keys of this run only: a product or another run on the same Redis never hears the bench.
        env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `motomate-bench-${Date.now().toString(36)}` },
        missing: redisUrl ? "" : "no Redis",
      },
    ];
    for (const { mode, env, missing } of acrossProcesses) {
      if (!mode.includes(only)) continue;
      if (!postgresUrl || missing) {
        figures.push(`${mode}: skipped: ${postgresUrl ? missing : "no PostgreSQL"}`);
        continue;
      }
      figures.push(
        await onPostgres(async (url) => {
          console.log(`Seeding ${BENCH_CHAT_CLIENTS} members and ${meetings} meetings on PostgreSQL…`);
          const database = await openPostgres(url, 2);
          await database.db.execute(sql`create extension if not exists pg_trgm`);
          const onPostgresPairs = await seedBenchChat(database, BENCH_CHAT_CLIENTS, secrets.SESSION_SECRET);
          await database.close();
          const dirs = ["a", "b"].map((name) => path.join(chatDir, `${mode.replace(/\W+/g, "-")}-${name}`));
          try {
            return await chatOn(mode, onPostgresPairs, dirs, url, env);
          } finally {
            if (env.REDIS_KEY_PREFIX) await dropRedisKeys(env.REDIS_KEY_PREFIX);
          }
        }),
      );
    }
    return figures;
  } finally {
    fs.rmSync(chatDir, { recursive: true, force: true });
  }
}

/** Removes the keys a chat run left in Redis (its stream). */
async function dropRedisKeys(prefix: string) {
  const redis = await createRedisClient({ url: redisUrl }).connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(keys);
  } finally {
    await redis.close();
  }
}

/** The pay path in this process, on PGlite, then on PostgreSQL when one is named. */
async function benchPay(): Promise<(PayPathFigures | string)[]> {
  const figures: (PayPathFigures | string)[] = [];
  const payDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-bench-pay-"));
  try {
    figures.push(
      await benchPayPath("PGlite", (logger) => openPglite({ dataDir: path.join(payDir, "pglite"), logger })),
    );
  } finally {
    fs.rmSync(payDir, { recursive: true, force: true });
  }
  if (!postgresUrl) figures.push("PostgreSQL: skipped: no PostgreSQL");
  else
    figures.push(
      await onPostgres((url) => benchPayPath("PostgreSQL", (logger) => openPostgres(url, 10, logger))),
    );
  return figures;
}

/** Starts one server per data directory (on PostgreSQL when `url` is given) and runs the chat load across them. */
async function chatOn(
  mode: string,
  pairs: ChatPair[],
  dirs: string[],
  url = "",
  env: Record<string, string> = {},
) {
  const servers = dirs.map((dir, index) => {
    const port = chatPort + index;
    const profile = process.env.BENCH_CHAT_PROFILE
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CHAT_PROFILE}`]
      : [];
    return {
      base: `http://127.0.0.1:${port}`,
      child: startProcess(root, [...profile, ...appArgs()], { ...appEnv(port, dir, url), ...env }),
    };
  });
  try {
    for (const server of servers) await waitUntilAnswering(`${server.base}/healthz`, 120_000);
    return await runChatLoad(
      mode,
      pairs,
      servers.map((server) => ({ base: server.base, pid: server.child.pid! })),
    );
  } finally {
    for (const server of servers) await stopProcess(server.child);
  }
}

async function newestPostPath(url: string) {
  const database = await openPostgres(url, 1);
  try {
    const [newest] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from board_article where kind = 'free' and not is_private and deleted_at is null
          order by created_at desc, id desc limit 1`,
    );
    return `/board/free/${newest!.id}`;
  } finally {
    await database.close();
  }
}

/** The statement-count test's counts per page (a count, the same on any machine). */
function countStatements(): Record<string, number> {
  const report = path.join(dataDir, "statements.json");
  spawnSync("npx", ["vitest", "run", "server/statements.integration.test.ts"], {
    cwd: root,
    env: { ...process.env, STATEMENTS_REPORT: report, TEST_DATABASE_URL: "" },
    stdio: "ignore",
  });
  // Written even when a count is over its budget: the bench shows the count either way.
  if (!fs.existsSync(report)) return {};
  return JSON.parse(fs.readFileSync(report, "utf8")) as Record<string, number>;
}

interface LighthouseFigures {
  page: string;
  /** The median run's score. */
  performance: number;
  /** Every run's score, lowest first. */
  scores?: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse's mobile run of `/` and `/board/free` in the system Chromium, when the package is installed. */
async function runLighthouse(dir: string): Promise<LighthouseFigures[] | "not installed"> {
  // Optional: a variable specifier keeps it out of the install and the type check.
  const lighthousePackage = "lighthouse";
  const launcherPackage = "chrome-launcher";
  let lighthouseRun: (url: string, flags: object) => Promise<{ lhr: LighthouseResult } | undefined>;
  let launch: (options: object) => Promise<{ port: number; kill: () => void | Promise<void> }>;
  try {
    lighthouseRun = ((await import(lighthousePackage)) as { default: typeof lighthouseRun }).default;
    launch = ((await import(launcherPackage)) as { launch: typeof launch }).launch;
  } catch {
    return "not installed";
  }
  const server = startProcess(root, appArgs(), appEnv(appPort, dir));
  const figures: LighthouseFigures[] = [];
  try {
    await waitUntilAnswering(`${appBase}/healthz`, 120_000);
    for (const page of ["/", "/board/free"]) {
      // Lighthouse's own advice: several runs and their median, for a score that moves between runs.
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const chrome = await launch({
          chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
        });
        try {
          const result = await lighthouseRun(`${appBase}${page}`, {
            port: chrome.port,
            onlyCategories: ["performance"],
            output: "json",
            logLevel: "error",
            // A Korean rider's visit: the page itself, not the redirect to /en an English browser is sent.
            extraHeaders: { "Accept-Language": "ko-KR,ko;q=0.9" },
          });
          const lhr = result!.lhr;
          runs.push({
            page,
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
            tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
            cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
          });
        } finally {
          await chrome.kill();
        }
      }
      runs.sort((a, b) => a.performance - b.performance);
      figures.push({ ...runs[Math.floor(runs.length / 2)]!, scores: runs.map((run) => run.performance) });
    }
  } finally {
    await stopProcess(server);
  }
  return figures;
}

interface LighthouseResult {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
}

interface BenchResults {
  when: string;
  machine: string;
  pages: PageRow[];
  statements: Record<string, number>;
  coldStartMs: number;
  memory: { rss: number; peak: number };
  weights: PageWeight[];
  richText: RichTextFigure[];
  lighthouse: LighthouseFigures[] | "not installed";
  /** A visitor's pages: CPU per request against the targets, and where it goes, by part of the stack. */
  pageProfiles?: PageProfile[];
  /** Times of the market list queries (first page), on PGlite and, when it ran, on PostgreSQL. */
  marketLists?: { pglite: MarketListTiming[]; postgres?: MarketListTiming[] };
  /** The meeting chat under load, per mode (a mode not run is a line saying why). */
  chat?: (ChatLoadFigures | string)[];
  /** The pay path under load, per database (one not run is a line saying why). */
  pay?: (PayPathFigures | string)[];
}

function printTable() {
  const latest = path.join(resultsDir, "latest.json");
  const previous = fs.existsSync(latest)
    ? (JSON.parse(fs.readFileSync(latest, "utf8")) as BenchResults)
    : null;
  const results: BenchResults = {
    when: new Date().toISOString(),
    machine: `${os.cpus().length} cores, Node ${process.version}, ${connections} connections, ${duration} s per target`,
    pages: rows,
    statements,
    coldStartMs,
    memory,
    weights,
    richText,
    lighthouse,
    pageProfiles,
    marketLists: { pglite: market.timings, postgres: postgresMarket },
    chat,
    pay,
  };
  const before = (row: PageRow) =>
    previous?.pages.find((old) => old.path === row.path && old.role === row.role);
  const cell = (value: number | undefined, digits: number, width: number) =>
    (value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits)).padStart(width);

  console.log(`\n${results.machine}${previous ? `; "before" is the run of ${previous.when}` : ""}\n`);
  console.log(
    [
      "page".padEnd(26),
      "role".padEnd(8),
      "req/s".padStart(7),
      "p50".padStart(5),
      "p99".padStart(5),
      "CPU ms".padStart(7),
      "before".padStart(7),
      "÷ bare".padStart(7),
      "before".padStart(7),
      "KB".padStart(5),
      "stmts".padStart(6),
      "PG CPU".padStart(7),
      "PG÷PGlite".padStart(10),
      "err".padStart(4),
    ].join(" "),
  );
  for (const row of rows) {
    const old = before(row);
    const ratio = (load: Load, bareLoad: Load) => load.rps / bareLoad.rps;
    const key = `${row.page.startsWith("post") ? "post" : row.page === "/" ? "home" : "list"} ${row.role}`;
    console.log(
      [
        row.page.padEnd(26),
        row.role.padEnd(8),
        cell(row.app.rps, 0, 7),
        cell(row.app.p50, 0, 5),
        cell(row.app.p99, 0, 5),
        cell(row.app.cpuPerRequest, 2, 7),
        cell(old?.app.cpuPerRequest, 2, 7),
        cell(ratio(row.app, row.bare), 4, 7),
        cell(old ? ratio(old.app, old.bare) : undefined, 4, 7),
        cell(row.bytes / 1024, 1, 5),
        cell(statements[key], 0, 6),
        cell(row.postgres?.cpuPerRequest, 2, 7),
        cell(row.postgres ? row.postgres.cpuPerRequest / row.app.cpuPerRequest : undefined, 2, 10),
        String(row.app.errors + (row.postgres?.errors ?? 0)).padStart(4),
      ].join(" "),
    );
  }
  console.log(
    `\nbare replay server: ${rows.map((row) => row.bare.cpuPerRequest.toFixed(3)).join(" / ")} CPU ms per request`,
  );
  console.log(
    `cold start to /healthz (existing data directory): ${coldStartMs.toFixed(0)} ms` +
      (previous ? ` (before ${previous.coldStartMs.toFixed(0)} ms)` : ""),
  );
  console.log(
    `resident memory after the load: ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB` +
      (previous
        ? ` (before ${previous.memory.rss.toFixed(0)} MB, peak ${previous.memory.peak.toFixed(0)} MB)`
        : ""),
  );
  printPageWeights(weights);
  if (lighthouse === "not installed") {
    console.log("\nLighthouse: not installed (npm install --no-save lighthouse@12 to include it)");
  } else {
    for (const figure of lighthouse) {
      console.log(
        `\nLighthouse mobile ${figure.page}: performance ${figure.performance} (median of ` +
          `${figure.scores?.join(", ") ?? figure.performance}), LCP ${figure.lcpMs.toFixed(0)} ms, ` +
          `TBT ${figure.tbtMs.toFixed(0)} ms, CLS ${figure.cls.toFixed(3)}`,
      );
    }
  }
  console.log(`\nPlan of the /board/free list query (${BENCH_ARTICLES} articles):\n${plan}`);
  console.log(`\nPlans of the market list queries (${BENCH_LISTINGS} listings):\n${market.plan}`);
  console.log(`\nPlans of the review list queries (${BENCH_REVIEWS} reviews):\n${reviews.plan}`);
  printMarketTimings(market.timings, "PGlite");
  if (postgresMarket) printMarketTimings(postgresMarket, "PostgreSQL");
  printExpertFinder(experts, "PGlite");
  printChatLoad(chat);
  printPayPath(pay);
  printAndKeepPageProfiles(pageProfiles);
  fs.mkdirSync(resultsDir, { recursive: true });
  if (previous) fs.renameSync(latest, path.join(resultsDir, `${previous.when.replace(/[:.]/g, "-")}.json`));
  fs.writeFileSync(latest, JSON.stringify(results, null, 2));
  console.log(`\nWritten to ${path.relative(root, latest)}`);
}
