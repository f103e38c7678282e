/**
 * `npm run bench`: load-tests a bare node:http server and the app side by side in one run, and prints each figure
 * as a ratio to the bare server measured at the same time on the same machine. Nothing here asserts a time.
 */
import autocannon from "autocannon";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openPglite, queryRows } from "#app/db/client.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { measurePageWeights, printPageWeights } from "./page-weight";
import { benchRichText } from "./rich-text";
import { BENCH_ARTICLES, BENCH_COMMENTS, explainBoardList, seedBenchCommunity } from "./seed-community";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal === null) {
      console.error(`${args.join(" ")} exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}

async function waitUntilAnswering(url: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up so that JIT and caches do not count against the first target.
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("Building the app first…");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// In this process, before any server competes for the cores.
benchRichText();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-bench-"));

// The community pages are measured on a database of realistic size, seeded before the app opens it.
console.log(`Seeding ${BENCH_ARTICLES} articles and ${BENCH_COMMENTS} comments…`);
const seedStarted = Date.now();
const seedHandle = await openPglite({ dataDir: path.join(dataDir, "pglite") });
await migrateDatabase(seedHandle);
await seedBenchCommunity(seedHandle);
const listPlan = await explainBoardList(seedHandle);
const [newestFree] = await queryRows<{ id: number; comments: number }>(
  seedHandle.db,
  sql`select id, comment_count as comments from board_article
      where kind = 'free' and not is_private and deleted_at is null order by created_at desc, id desc limit 1`,
);
await seedHandle.close();
console.log(`Seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
const barePort = 3401;
const appPort = 3402;
const bare = startProcess(
  [
    "-e",
    `require("node:http").createServer((req, res) => { res.setHeader("Content-Type", "application/json"); res.end('{"status":"ok"}'); }).listen(${barePort}, "127.0.0.1");`,
  ],
  {},
);
const app = startProcess(["--import", "tsx", "server.ts"], {
  NODE_ENV: "production",
  PORT: String(appPort),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
  DEMO_DATA: "false",
});

try {
  await waitUntilAnswering(`http://127.0.0.1:${barePort}/`);
  await waitUntilAnswering(`http://127.0.0.1:${appPort}/healthz`);
  const cookie = { Cookie: "i18n_redirected=ko" };
  const rows = [
    await measure("bare node:http", `http://127.0.0.1:${barePort}/`),
    await measure("app /healthz (database round trip)", `http://127.0.0.1:${appPort}/healthz`),
    await measure(
      "app GET /api/filter?tableName=motoGenre",
      `http://127.0.0.1:${appPort}/api/filter?tableName=motoGenre`,
    ),
    await measure("app SSR home /", `http://127.0.0.1:${appPort}/`, cookie),
    await measure("app SSR board list /board/free", `http://127.0.0.1:${appPort}/board/free`, cookie),
    await measure(
      `app SSR post page (${newestFree!.comments} comments)`,
      `http://127.0.0.1:${appPort}/board/free/${newestFree!.id}`,
      cookie,
    ),
  ];
  const base = rows[0]!;
  console.log(
    `\n${connections} connections, ${duration} s per target, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  console.log(
    [
      "target".padEnd(42),
      "req/s".padStart(9),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "req/s ÷ bare".padStart(13),
      "p99 ÷ bare".padStart(11),
      "errors".padStart(7),
    ].join(" "),
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(42),
        row.rps.toFixed(0).padStart(9),
        row.p50.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        (row.rps / base.rps).toFixed(3).padStart(13),
        (row.p99 / Math.max(base.p99, 1)).toFixed(1).padStart(11),
        String(row.errors).padStart(7),
      ].join(" "),
    );
  }
  printPageWeights(
    await measurePageWeights(`http://127.0.0.1:${appPort}`, [
      { name: "home /", path: "/" },
      { name: "board list /board/free", path: "/board/free" },
      { name: `post page /board/free/${newestFree!.id}`, path: `/board/free/${newestFree!.id}` },
      { name: "announcements /announce", path: "/announce" },
      { name: "FAQ /faq", path: "/faq" },
      { name: "events /event", path: "/event" },
      { name: "terms /policy/terms", path: "/policy/terms" },
      { name: "sign-in /login", path: "/login" },
    ]),
  );
  console.log(`\nPlan of the /board/free list query (${BENCH_ARTICLES} articles):\n${listPlan}`);
} finally {
  bare.kill();
  app.kill("SIGTERM");
  await new Promise((resolve) => app.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
