/**
 * The meeting chat under load: `BENCH_CHAT_CLIENTS` Socket.IO clients (2,000) in rooms of two (one meeting each),
 * every client sending one text a second for `BENCH_CHAT_SECONDS` (60) the way the chat page sends it: `chat:send`
 * on its socket, answered with the stored message once its unit has committed (texts arriving together share one
 * unit), and the other side of the room receiving it over its socket. Measured: how many of the sent messages reached the
 * other side (all of them must), the delay from the send to that arrival (p50/p95/p99), and the servers' resident
 * memory.
 *
 * Two modes: one process on PGlite; two processes on one PostgreSQL database with the realtime adapter across
 * them, each room's two members on different processes (so every message crosses from one process to the other).
 * Members, sessions and meetings are seeded straight into the database before the servers start; the clients hold
 * session cookies signed with the servers' secret, as a sign-in would have set them.
 */
import { createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import type { DatabaseHandle } from "#app/db/client.server";
import { migrateDatabase } from "#app/db/migrate.server";
import { systemClock } from "#app/platform/clock.server";
import { JOIN_ROOM_EVENT, type JoinAnswer } from "#app/platform/realtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_SEND_EVENT,
  meetingRoom,
  type ChatSendPayload,
} from "#app/services/meetings/chat/chat.schema";
import type { ChatMessagePush } from "#app/services/meetings/chat/messages.server";
import { createMeeting } from "#app/services/meetings/meeting/meetings.server";
import { seedReferenceData } from "#app/services/reference/seed.server";
import type { ChatSendAnswer } from "#app/shell/realtime-commands.server";
import { cpuMs, memoryMb } from "./server-load";

export const BENCH_CHAT_CLIENTS = evenAtLeastTwo(Number(process.env.BENCH_CHAT_CLIENTS ?? 2000));
const BENCH_CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
/** How long after the last send the clients still wait for messages on their way. */
const DRAIN_SECONDS = Number(process.env.BENCH_CHAT_DRAIN ?? 30);
/** Clients connecting (and joining their room) at once. */
const CONNECT_BATCH = 100;

function evenAtLeastTwo(value: number) {
  return Math.max(2, Math.floor(value / 2) * 2);
}

interface ChatSide {
  memberId: string;
  cookie: string;
}

export interface ChatPair {
  kind: string;
  code: string;
  sides: [ChatSide, ChatSide];
}

/** The session cookie Better Auth sets: the token, signed with the server's secret (HMAC-SHA256, base64). */
function sessionCookie(token: string, secret: string) {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `motomate.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Migrates the database and seeds `clients` members with a complete profile and a session each, and one open
 * meeting (chatting) per two of them, through the meeting service.
 */
export async function seedBenchChat(
  handle: DatabaseHandle,
  clients: number,
  sessionSecret: string,
): Promise<ChatPair[]> {
  const { db } = handle;
  await migrateDatabase(handle);
  await seedReferenceData(db, systemClock);
  const prefix = randomBytes(12).toString("base64url");
  await db.execute(sql`
    insert into member (id, name, email, nickname, role, onboarding, member_type, created_at, updated_at)
    select 'bench-chat-' || g, '채팅벤치' || g, 'chat' || g || '@bench.motomate.kr', '채팅벤치' || g,
      'member', 'welcomed', 'individual', now(), now()
    from generate_series(1, ${clients}) g`);
  await db.execute(sql`
    insert into session (id, token, user_id, expires_at, created_at, updated_at)
    select 'bench-chat-session-' || g, ${prefix} || g, 'bench-chat-' || g, now() + interval '1 day', now(), now()
    from generate_series(1, ${clients}) g`);
  const side = (n: number): ChatSide => ({
    memberId: `bench-chat-${n}`,
    cookie: sessionCookie(`${prefix}${n}`, sessionSecret),
  });
  const pairs: ChatPair[] = [];
  for (let n = 1; n < clients; n += 2) {
    const opened = await runInTransaction(db, systemClock, (uow) =>
      createMeeting(uow, {
        kind: "repair",
        requesterId: `bench-chat-${n}`,
        providerId: `bench-chat-${n + 1}`,
        skillId: null,
        request: {},
        wishAt: null,
        memo: "",
        requestAreaName: null,
        requestLatitude: null,
        requestLongitude: null,
      }),
    );
    pairs.push({ kind: opened.kind, code: opened.code, sides: [side(n), side(n + 1)] });
  }
  await db.execute(sql`analyze`);
  return pairs;
}

export interface ChatLoadFigures {
  mode: string;
  clients: number;
  seconds: number;
  /** Messages posted, and answered with the stored message. */
  sent: number;
  accepted: number;
  /** Sent messages that reached the other side of their room. */
  delivered: number;
  deliveredPercent: number;
  /** Failed posts (an error status, no stored message in the answer, or no answer). */
  failures: number;
  /** Seconds a client skipped because its previous message was still unanswered (the server was behind). */
  behind: number;
  /** Messages stored (accepted) that never reached the other side: a fault of the chat path, not of capacity. */
  lost: number;
  /** Milliseconds from the post to the other side's arrival. */
  p50: number;
  p95: number;
  p99: number;
  /** The p95 of the texts sent in each window of `WINDOW_SECONDS` of the run: whether the tail is its start or steady. */
  p95ByWindow: number[];
  /** Messages a second actually posted over the run. */
  sendRate: number;
  /** Resident memory of each server process after the load (MB), and its peak. */
  rss: { rss: number; peak: number }[];
  /** Where the time went (ADR 067): see `ChatStages`. */
  stages?: ChatStages;
}

interface Spread {
  p50: number;
  p95: number;
  p99: number;
}

/**
 * The delivery's latency taken apart. From the clients: the sender's acknowledgement (the text stored, its unit
 * committed) and the other side's arrival measured from that acknowledgement (the publish, the fan-out between
 * processes, the socket). From each server (`/test/realtime/stages`): how long texts waited for a unit of work, how
 * long the unit took to its commit, the texts per unit, how late its event loop ran, and the share of a core it
 * used while the clients sent. The clients' own share of a core is beside them: they run on the same machine.
 */
interface ChatStages {
  ack: Spread;
  afterAck: Spread;
  servers: {
    queuedMs: Spread;
    unitMs: Spread;
    batchTexts: Spread;
    loopDelayMs: Spread;
    cpuPercent: number;
  }[];
  clientsCpuPercent: number;
}

interface Client {
  side: ChatSide;
  pair: ChatPair;
  base: string;
  socket: Socket;
}

/** The length of the run's windows in `p95ByWindow`, in seconds (`BENCH_CHAT_WINDOW`, 10). */
const WINDOW_SECONDS = Number(process.env.BENCH_CHAT_WINDOW ?? 10);

function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}

type ServerStages = Omit<ChatStages["servers"][number], "cpuPercent">;

async function serverStages(base: string, reset = false): Promise<ServerStages | undefined> {
  const answer = await fetch(`${base}/test/realtime/stages${reset ? "/reset" : ""}`, {
    method: reset ? "POST" : "GET",
    headers: { origin: base },
  });
  return reset || !answer.ok ? undefined : ((await answer.json()) as ServerStages);
}

async function openClient(side: ChatSide, pair: ChatPair, base: string): Promise<Client> {
  const socket = connect(base, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: { cookie: side.cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  const answer = (await socket
    .timeout(30_000)
    .emitWithAck(JOIN_ROOM_EVENT, meetingRoom(pair.code))) as JoinAnswer;
  if (!("ok" in answer)) throw new Error(`Joining ${pair.code} as ${side.memberId} answered ${answer.error}`);
  return { side, pair, base, socket };
}

/**
 * Connects every client (the first side of each room to the first server, the second to the next one), joins
 * the rooms, runs the sends for the configured seconds, waits for the stragglers, and reads the servers' memory.
 */
export async function runChatLoad(
  mode: string,
  pairs: ChatPair[],
  servers: { base: string; pid: number }[],
): Promise<ChatLoadFigures> {
  const seconds = BENCH_CHAT_SECONDS;
  const wanted = pairs.flatMap((pair) =>
    pair.sides.map((side, index) => ({ side, pair, base: servers[index % servers.length]!.base })),
  );
  console.log(`Connecting ${wanted.length} chat clients (${mode})…`);
  const clients: Client[] = [];
  for (let start = 0; start < wanted.length; start += CONNECT_BATCH) {
    const batch = wanted.slice(start, start + CONNECT_BATCH);
    clients.push(...(await Promise.all(batch.map((item) => openClient(item.side, item.pair, item.base)))));
  }

  /** clientId → when it was posted (and acknowledged), until the other side receives it. */
  const inFlight = new Map<string, { at: number; to: string; ackAt?: number }>();
  const latencies: number[] = [];
  /** Each delivery's latency, by the window of the run its text was sent in. */
  const byWindow: number[][] = [];
  let started = Number.NaN;
  const acks: number[] = [];
  const afterAcks: number[] = [];
  let sent = 0;
  let accepted = 0;
  let failures = 0;
  let delivered = 0;
  /** Ticks skipped because the client's previous message was still unanswered: the server was behind. */
  let behind = 0;
  for (const client of clients) {
    client.socket.on(CHAT_MESSAGE_EVENT, (push: ChatMessagePush) => {
      const clientId = push.message.clientId;
      if (!clientId) return;
      const sending = inFlight.get(clientId);
      if (!sending || sending.to !== client.side.memberId) return;
      inFlight.delete(clientId);
      delivered += 1;
      const now = performance.now();
      latencies.push(now - sending.at);
      (byWindow[Math.floor((sending.at - started) / (WINDOW_SECONDS * 1000))] ??= []).push(now - sending.at);
      // Delivered before the acknowledgement came back: both left the server together.
      afterAcks.push(sending.ackAt === undefined ? 0 : now - sending.ackAt);
    });
  }

  const post = async (client: Client, sequence: number) => {
    const { pair, side } = client;
    const peer = pair.sides[0] === side ? pair.sides[1] : pair.sides[0];
    const clientId = `bench-${side.memberId.slice("bench-chat-".length)}-${sequence}`;
    const payload: ChatSendPayload = {
      code: pair.code,
      clientId,
      text: `벤치 메시지 ${sequence}: 지금 출발합니다`,
      language: "ko",
    };
    const sending = { at: performance.now(), to: peer.memberId, ackAt: undefined as number | undefined };
    inFlight.set(clientId, sending);
    sent += 1;
    try {
      // An answer still missing when the drain would end counts as failed.
      const answer = (await client.socket
        .timeout(DRAIN_SECONDS * 1000)
        .emitWithAck(CHAT_SEND_EVENT, payload)) as ChatSendAnswer;
      if ("ok" in answer && answer.message.clientId === clientId) {
        accepted += 1;
        sending.ackAt = performance.now();
        acks.push(sending.ackAt - sending.at);
      } else {
        failures += 1;
        if (failures <= 3) console.error(`A chat send answered ${JSON.stringify(answer).slice(0, 200)}`);
      }
    } catch (error) {
      failures += 1;
      if (failures <= 3) console.error(`A chat send failed: ${String(error)}`);
    }
  };

  console.log(
    `Sending one message a second from each of ${clients.length} clients for ${seconds} s (${mode})…`,
  );
  for (const server of servers) await serverStages(server.base, true);
  const cpuBefore = servers.map((server) => cpuMs(server.pid));
  const clientsCpuBefore = process.cpuUsage();
  started = performance.now();
  const posts: Promise<void>[] = [];
  // Each client on its own second, spread evenly over it: the load arrives steadily, not in bursts.
  await Promise.all(
    clients.map(
      (client, index) =>
        new Promise<void>((resolve) => {
          let sequence = 0;
          let pending = false;
          const tick = () => {
            // One message in flight per client, as a person waits for the last one to go: when the server falls
            // behind, the tick is counted and skipped instead of piling up unanswered posts.
            if (pending) behind += 1;
            else {
              pending = true;
              posts.push(post(client, sequence).finally(() => (pending = false)));
            }
            sequence += 1;
            if (sequence >= seconds) return resolve();
            const next = started + (index / clients.length) * 1000 + sequence * 1000;
            setTimeout(tick, Math.max(0, next - performance.now()));
          };
          setTimeout(tick, (index / clients.length) * 1000);
        }),
    ),
  );
  const sendingMs = performance.now() - started;
  const sendRate = sent / (sendingMs / 1000);
  const cpuPercent = servers.map(
    (server, index) => ((cpuMs(server.pid) - cpuBefore[index]!) / sendingMs) * 100,
  );
  const clientsCpu = process.cpuUsage(clientsCpuBefore);
  const clientsCpuPercent = ((clientsCpu.user + clientsCpu.system) / 1000 / sendingMs) * 100;
  await Promise.all(posts);
  const perServer = await Promise.all(servers.map((server) => serverStages(server.base)));
  const rss = servers.map((server) => memoryMb(server.pid));
  const drainUntil = performance.now() + DRAIN_SECONDS * 1000;
  while (delivered < accepted && performance.now() < drainUntil)
    await new Promise((resolve) => setTimeout(resolve, 100));
  for (const client of clients) client.socket.close();

  latencies.sort((a, b) => a - b);
  return {
    mode,
    clients: clients.length,
    seconds,
    sent,
    accepted,
    delivered,
    deliveredPercent: sent === 0 ? 0 : (delivered / sent) * 100,
    failures,
    behind,
    lost: Math.max(0, accepted - delivered),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    p95ByWindow: Array.from(byWindow, (window) => spreadOf(window ?? []).p95),
    sendRate,
    rss,
    stages: {
      ack: spreadOf(acks),
      afterAck: spreadOf(afterAcks),
      servers: perServer.flatMap((figures, index) =>
        figures ? [{ ...figures, cpuPercent: cpuPercent[index]! }] : [],
      ),
      clientsCpuPercent,
    },
  };
}

export function printChatLoad(figures: (ChatLoadFigures | string)[]) {
  console.log(
    `\nMeeting chat under load (${BENCH_CHAT_CLIENTS} clients in rooms of two, one message a second each, ` +
      `${BENCH_CHAT_SECONDS} s):`,
  );
  console.log(
    [
      "mode".padEnd(28),
      "sent".padStart(7),
      "msg/s".padStart(6),
      "failed".padStart(6),
      "behind".padStart(7),
      "lost".padStart(5),
      "delivered".padStart(10),
      "p50 ms".padStart(7),
      "p95 ms".padStart(7),
      "p99 ms".padStart(7),
      "RSS MB (peak)".padStart(22),
    ].join(" "),
  );
  for (const row of figures) {
    if (typeof row === "string") {
      console.log(row);
      continue;
    }
    // A failed post is the server's capacity; a lost message (stored, never pushed) is a fault of the chat path.
    const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "—").padStart(7);
    console.log(
      [
        row.mode.padEnd(28),
        String(row.sent).padStart(7),
        row.sendRate.toFixed(0).padStart(6),
        String(row.failures).padStart(6),
        String(row.behind).padStart(7),
        String(row.lost).padStart(5),
        `${row.deliveredPercent.toFixed(2)}%`.padStart(10),
        ms(row.p50),
        ms(row.p95),
        ms(row.p99),
        row.rss
          .map((memory) => `${memory.rss.toFixed(0)} (${memory.peak.toFixed(0)})`)
          .join(" + ")
          .padStart(22),
      ].join(" "),
    );
  }
  printChatStages(figures.filter((row): row is ChatLoadFigures => typeof row !== "string"));
}

/** The latency taken apart, per mode: p50/p95/p99 of each stage (ADR 067). */
function printChatStages(rows: ChatLoadFigures[]) {
  const withStages = rows.filter((row) => row.stages);
  if (withStages.length === 0) return;
  const spread = (value: Spread) =>
    [value.p50, value.p95, value.p99]
      .map((part) => (Number.isFinite(part) ? part.toFixed(1) : "—"))
      .join("/");
  console.log("\nWhere the chat's latency goes (p50/p95/p99 ms; texts per unit; a core's % while sending):");
  for (const row of withStages) {
    const stages = row.stages!;
    console.log(
      `  ${row.mode}: acknowledged ${spread(stages.ack)}, delivered after the acknowledgement ` +
        `${spread(stages.afterAck)}; the clients used ${stages.clientsCpuPercent.toFixed(0)}% of a core`,
    );
    console.log(
      `    p95 of the texts sent in each ${WINDOW_SECONDS} s of the run: ` +
        row.p95ByWindow.map((value) => (Number.isFinite(value) ? value.toFixed(0) : "—")).join(", "),
    );
    stages.servers.forEach((server, index) =>
      console.log(
        `    server ${index + 1}: waiting for a unit ${spread(server.queuedMs)}, unit to commit ` +
          `${spread(server.unitMs)}, ${spread(server.batchTexts)} texts per unit, event loop late ` +
          `${spread(server.loopDelayMs)}, CPU ${server.cpuPercent.toFixed(0)}%`,
      ),
    );
  }
}
