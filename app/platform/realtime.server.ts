import type { Server as HttpServer } from "node:http";
import { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import { createAdapter as createRedisStreamsAdapter } from "@socket.io/redis-streams-adapter";
import { fromNodeHeaders } from "better-auth/node";
import pg from "pg";
import { createClient as createRedisClient } from "redis";
import { Server, type Socket } from "socket.io";
import { batchPerTurn } from "./batch-per-turn";
import type { Auth } from "./auth/auth.server";
import type { Logger } from "./logger.server";
import { Pace, type PaceRule } from "./pace";
import {
  memberRoom,
  MEMBERS_ROOM,
  sessionRoom,
  setRealtimePublisher,
  type RealtimePublisher,
} from "./publisher.server";
import { sessionFromHeaders, type SessionState, type SessionViewer } from "./viewer.server";

/** Client → server: join or leave a room by name (`kind:id`); the answer comes as the event's acknowledgement. */
export const JOIN_ROOM_EVENT = "room:join";
export const LEAVE_ROOM_EVENT = "room:leave";

export type JoinAnswer = { ok: true } | { error: "invalid_room" | "forbidden" | "failed" };

/**
 * Client → server → the room's other connections: "I am typing" in a meeting's chat. Relayed only from a socket
 * that joined the room (so through the room's own rule), at most once per `TYPING_INTERVAL_MS`, never stored.
 */
export const TYPING_EVENT = "chat:typing";
const TYPING_INTERVAL_MS = 1_500;
const TYPING_ROOM = /^meeting:[A-Za-z0-9_-]{1,100}$/;

interface TypingPayload {
  room: string;
  memberId: string;
}

/**
 * Decides whether the member behind a connection (null for a visitor) may join a room. Services own the rules per
 * room kind; the server asks on every join.
 */
type RoomAuthoriser = (viewer: SessionViewer | null, room: string) => Promise<boolean>;

const MAX_ROOM_LENGTH = 200;

/**
 * A request a page sends over the link instead of a form post (a chat text): the member behind the connection and
 * the payload in, the acknowledgement's answer out. Services own the rules; a fault answers `{ error: { code:
 * "failed" } }`.
 */
export type RealtimeCommand = (viewer: SessionViewer | null, payload: unknown) => Promise<unknown>;

/** Answers of a command a connection may still be waiting for; more are refused as `busy` until some come back. */
const MAX_COMMANDS_IN_FLIGHT = 20;

/**
 * Commands one connection may send: 10 at once, then two a second. More are answered `{ error: { code: "too_fast" }
 * }` before anything runs; the page words it. The services pace each member on top (the chat: `takeChatTurn`).
 */
const DEFAULT_COMMAND_PACE: PaceRule = { burst: 10, perSecond: 2 };

/**
 * How long the session found at the handshake is trusted: a command after that reads it again, so a signed-out or
 * withdrawn member's open connection stops acting for them within this time. Each connection's next check falls at
 * a random point of the last quarter of it, so connections opened together (a restart's reconnections) are not all
 * checked in the same second.
 */
const DEFAULT_SESSION_RECHECK_MS = 60_000;

const nextCheckAt = (recheckMs: number) => Date.now() + recheckMs * (0.75 + Math.random() * 0.25);

/**
 * Reads sessions due for their check in one statement per turn of the event loop: every connection whose check
 * falls in that turn waits for the same read.
 */
export function batchedSessionReader(read: (ids: string[]) => Promise<Map<string, SessionState>>) {
  return batchPerTurn<string, SessionState>(read, { viewer: null });
}

interface SocketData {
  /** The signed-in member behind the connection, as the handshake found them; null for visitors. */
  viewer: SessionViewer | null;
  /** The session the handshake found (its room closes the connection when it ends); null for visitors. */
  sessionId: string | null;
  /** When the session is to be read again (ms since the epoch). */
  recheckAt: number;
}

type HandshakeSession = Awaited<ReturnType<typeof sessionFromHeaders>>;

/**
 * Who is behind a connection, from the session cookie of the handshake. Visitors (no cookie, an expired session, a
 * withdrawn account) connect anonymously and never get member events.
 */
async function sessionOfHandshake(auth: Auth, socket: Socket, logger: Logger): Promise<HandshakeSession> {
  try {
    return await sessionFromHeaders(fromNodeHeaders(socket.request.headers), auth);
  } catch (error) {
    logger.warn({ err: error }, "realtime session lookup failed; connecting anonymously");
    return null;
  }
}

export interface RealtimeOptions {
  logger: Logger;
  publicUrl: string;
  auth: Auth;
  authoriseJoin: RoomAuthoriser;
  /** Commands by event name (see `RealtimeCommand`). */
  commands?: Readonly<Record<string, RealtimeCommand>>;
  /** How long the handshake's session is trusted before a command or join reads it again (60 s). */
  sessionRecheckMs?: number;
  /**
   * Reads sessions again by their ids (`sessionsById`), for the checks of open connections: many in one statement.
   * Without it each check is a lookup through the auth library.
   */
  readSessions?: (ids: string[]) => Promise<Map<string, SessionState>>;
  /** How fast one connection may send commands (`DEFAULT_COMMAND_PACE`). */
  commandPace?: PaceRule;
  /**
   * With Redis, rooms span every process through a Redis stream (@socket.io/redis-streams-adapter); without it but
   * with PostgreSQL, through the database (@socket.io/postgres-adapter, LISTEN/NOTIFY); the embedded database serves
   * one process, so rooms stay in memory.
   */
  redisUrl?: string;
  /** The start of the Redis stream's and channels' names (`motomate`). */
  redisKeyPrefix?: string;
  databaseUrl?: string;
}

/** How long the start waits for Redis to answer before it stops with the reason. */
const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a read of the stream waits for new entries before it asks again. New entries end the wait at once, so
 * this bounds only how long a stopping server still holds its reading connection.
 */
const REDIS_READ_BLOCK_MS = 1_000;

type FanOut = { kind: "memory" | "postgres" | "redis"; close: () => Promise<void> };

/** The adapter that carries room broadcasts to the other processes, if any (see `RealtimeOptions`). */
async function fanOutAcrossProcesses(io: Server, options: RealtimeOptions): Promise<FanOut> {
  const { logger } = options;
  if (options.redisUrl) {
    const client = createRedisClient({ url: options.redisUrl });
    client.on("error", (error: unknown) => logger.warn({ err: error }, "realtime Redis connection failed"));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.connect(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis at REDIS_URL did not answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)),
          REDIS_CONNECT_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    io.adapter(
      createRedisStreamsAdapter(client, {
        streamName: `${options.redisKeyPrefix ?? "motomate"}:realtime`,
        channelPrefix: `${options.redisKeyPrefix ?? "motomate"}:realtime`,
        sessionKeyPrefix: `${options.redisKeyPrefix ?? "motomate"}:realtime:session:`,
        blockTimeInMs: REDIS_READ_BLOCK_MS,
        onlyPlaintext: true,
      }),
    );
    return { kind: "redis", close: () => client.close() };
  }
  if (options.databaseUrl) {
    // The adapter keeps one connection LISTENing and publishes with NOTIFY: a small pool of its own.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    pool.on("error", (error) => logger.warn({ err: error }, "realtime database connection failed"));
    io.adapter(
      createPostgresAdapter(pool, {
        errorHandler: (error) => logger.warn({ err: error }, "realtime fan-out across processes failed"),
      }),
    );
    return { kind: "postgres", close: () => pool.end() };
  }
  return { kind: "memory", close: async () => undefined };
}

/**
 * Realtime timings of the product: 25 s heartbeat, 10 s timeout. A handshake is accepted only from the product's own
 * pages: a browser always names the page's origin on a cross-origin request (and on every WebSocket), so an Origin
 * other than PUBLIC_URL's is a foreign page riding on the member's cookie. Same-origin polling may carry none.
 */
export async function createRealtime(httpServer: HttpServer, options: RealtimeOptions) {
  const { logger } = options;
  const ownOrigin = new URL(options.publicUrl).origin;
  const sessionRecheckMs = options.sessionRecheckMs ?? DEFAULT_SESSION_RECHECK_MS;
  const commandPace = options.commandPace ?? DEFAULT_COMMAND_PACE;
  const readSession = options.readSessions ? batchedSessionReader(options.readSessions) : null;
  const io = new Server(httpServer, {
    path: "/socket.io",
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 10_000,
    cors: { origin: ownOrigin },
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || origin === ownOrigin);
    },
  });
  const fanOut = await fanOutAcrossProcesses(io, options);

  io.use((socket, next) => {
    void sessionOfHandshake(options.auth, socket, logger).then((found) => {
      const data: SocketData = {
        viewer: found?.viewer ?? null,
        sessionId: found?.sessionId ?? null,
        recheckAt: nextCheckAt(sessionRecheckMs),
      };
      Object.assign(socket.data as SocketData, data);
      next();
    });
  });
  io.on("connection", (socket) => {
    const { viewer, sessionId } = socket.data as SocketData;
    // The rooms the server joins: a member's events, and the session's, by which the connection is closed when the
    // session ends (the auth's session hook, `closeSession`/`closeMember`). The page cannot leave them.
    const ownRooms = viewer && sessionId ? [memberRoom(viewer.id), MEMBERS_ROOM, sessionRoom(sessionId)] : [];
    if (ownRooms.length > 0) void socket.join(ownRooms);

    /**
     * The member behind the connection now: the handshake's, read again once it is older than the recheck. A
     * session found ended (or replaced) closes the connection: it no longer speaks for anybody.
     */
    const currentViewer = async (): Promise<SessionViewer | null> => {
      const data = socket.data as SocketData;
      if (
        data.viewer &&
        data.sessionId &&
        (Date.now() >= data.recheckAt || Date.now() >= data.viewer.sessionExpiresAt.getTime())
      ) {
        const found = await sessionNow(data.sessionId);
        if (!found || found.sessionId !== data.sessionId || found.viewer.id !== data.viewer.id) {
          data.viewer = null;
          socket.disconnect(true);
          return null;
        }
        data.viewer = found.viewer;
        data.recheckAt = nextCheckAt(sessionRecheckMs);
      }
      return data.viewer;
    };
    /** The connection's session read again: by its id with the others due now, or through the auth library. */
    const sessionNow = async (sessionId: string): Promise<HandshakeSession> => {
      if (readSession) {
        try {
          const state = await readSession(sessionId);
          if (!("refresh" in state)) return state.viewer ? { viewer: state.viewer, sessionId } : null;
        } catch (error) {
          logger.warn({ err: error }, "realtime session check failed; closing the connection");
          return null;
        }
      }
      return sessionOfHandshake(options.auth, socket, logger);
    };
    socket.on(JOIN_ROOM_EVENT, (room: unknown, ack: unknown) => {
      if (typeof ack !== "function") return;
      const answer = ack as (answer: JoinAnswer) => void;
      if (typeof room !== "string" || room.length === 0 || room.length > MAX_ROOM_LENGTH) {
        return answer({ error: "invalid_room" });
      }
      currentViewer()
        .then((current) => options.authoriseJoin(current, room))
        .then(
          async (allowed) => {
            if (!allowed) return answer({ error: "forbidden" });
            await socket.join(room);
            answer({ ok: true });
          },
          (error: unknown) => {
            logger.warn({ err: error, room }, "realtime room check failed");
            answer({ error: "failed" });
          },
        );
    });
    socket.on(LEAVE_ROOM_EVENT, (room: unknown) => {
      if (typeof room === "string" && room !== socket.id && !ownRooms.includes(room)) void socket.leave(room);
    });
    let inFlight = 0;
    const pace = new Pace(commandPace, Date.now());
    for (const [event, command] of Object.entries(options.commands ?? {})) {
      socket.on(event, (payload: unknown, ack: unknown) => {
        if (typeof ack !== "function") return;
        const answer = ack as (answer: unknown) => void;
        if (!pace.take(Date.now())) return answer({ error: { code: "too_fast" } });
        if (inFlight >= MAX_COMMANDS_IN_FLIGHT) return answer({ error: { code: "busy" } });
        inFlight += 1;
        currentViewer()
          .then((viewer) => command(viewer, payload))
          .then(answer, (error: unknown) => {
            logger.error({ err: error, event }, "realtime command failed");
            answer({ error: { code: "failed" } });
          })
          .finally(() => (inFlight -= 1));
      });
    }
    const lastTyping = new Map<string, number>();
    socket.on(TYPING_EVENT, (room: unknown) => {
      if (!viewer || typeof room !== "string" || !TYPING_ROOM.test(room) || !socket.rooms.has(room)) return;
      const now = Date.now();
      if (now - (lastTyping.get(room) ?? 0) < TYPING_INTERVAL_MS) return;
      lastTyping.set(room, now);
      const payload: TypingPayload = { room, memberId: viewer.id };
      socket.to(room).emit(TYPING_EVENT, payload);
    });
  });

  // Rooms, not sockets: with the PostgreSQL adapter the same calls reach members on other processes.
  const publisher: RealtimePublisher = {
    toMember: (memberId, event, payload) => void io.to(memberRoom(memberId)).emit(event, payload),
    toMembers: (event, payload) => void io.to(MEMBERS_ROOM).emit(event, payload),
    toRoom: (room, event, payload) => void io.to(room).emit(event, payload),
    // Through the adapter, so that connections held by other processes are closed too.
    closeSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
    closeMember: (memberId) => io.in(memberRoom(memberId)).disconnectSockets(true),
  };
  setRealtimePublisher(publisher);
  httpServer.once("close", () => setRealtimePublisher(undefined));

  logger.info({ adapter: fanOut.kind }, "realtime ready");
  return {
    io,
    /** Disconnects every socket, stops the adapter and closes its connections. */
    async close() {
      io.disconnectSockets(true);
      await io.close().catch(() => undefined);
      await fanOut.close();
    },
  };
}
