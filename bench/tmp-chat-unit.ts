import { actorOf } from "#app/services/actor";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite, openPostgres } from "#app/db/client.server";
import pg from "pg";
import { systemClock } from "#app/platform/clock.server";
import { sendTexts } from "#app/services/meetings/chat/send.server";
import { seedBenchChat } from "./chat-load";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chat-unit-"));
let last = 0;
let lastQuery = "";
const perQuery = new Map<string, number[]>();
let recording = false;
const logger = {
  logQuery(query: string) {
    const now = performance.now();
    if (recording && lastQuery) {
      const list = perQuery.get(lastQuery) ?? [];
      list.push(now - last);
      perQuery.set(lastQuery, list);
    }
    last = now;
    lastQuery = query
      .replace(/\$\d+/g, "?")
      .replace(/(\?, )+\?/g, "…")
      .slice(0, 110);
  },
};
const PG = process.env.PGURL;
let seeding;
if (PG) { const c = new pg.Client({ connectionString: PG }); await c.connect(); await c.query("drop database if exists unitbench with (force)"); await c.query("create database unitbench"); await c.end(); }
const url = PG ? PG.replace(/\/test$/, "/unitbench") : "";
seeding = PG ? await openPostgres(url, 2) : await openPglite({ dataDir: dir });
const pairs = await seedBenchChat(seeding, 2000, "x".repeat(40));
await seeding.close();
const handle = PG ? await openPostgres(url, 2, logger) : await openPglite({ dataDir: dir, logger });
const batch = Number(process.env.BATCH ?? 40);
const units: number[] = [];
let seq = 0;
for (let u = 0; u < 60; u++) {
  recording = u >= 10;
  const sends = Array.from({ length: batch }, (_, i) => {
    const pair = pairs[(u * batch + i) % pairs.length]!;
    const side = pair.sides[i % 2]!;
    return {
      actor: actorOf({ id: side.memberId, role: "member", twoFactorEnabled: false }),
      code: pair.code,
      clientId: `bench-${seq++}-x`,
      text: "벤치 메시지: 지금 출발합니다",
    };
  });
  const t = performance.now();
  const answers = await sendTexts(handle.db, systemClock, sends as never);
  if (u === 0) console.log(JSON.stringify(answers[0]).slice(0, 300));
  logger.logQuery("(end)");
  if (u >= 10) units.push(performance.now() - t);
}
units.sort((a, b) => a - b);
console.log(`batch ${batch}: unit p50 ${units[25]!.toFixed(1)} ms, max ${units.at(-1)!.toFixed(1)}`);
for (const [q, list] of [...perQuery].sort(
  (a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0),
))
  console.log(
    `${(list.reduce((x, y) => x + y, 0) / 50).toFixed(2).padStart(7)} ms/unit  ${list.length}  ${q}`,
  );
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });
