import type { Server as HttpServer } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import { Server, type Socket } from "socket.io";
import type { Auth } from "./auth/auth.server";
import type { Logger } from "./logger.server";
import { memberRoom, MEMBERS_ROOM, setRealtimePublisher, type RealtimePublisher } from "./publisher.server";

interface SocketData {
  /** The signed-in member behind the connection; absent for visitors. */
  memberId?: string;
}

/**
 * Who is behind a connection, from the session cookie of the handshake. Visitors (no cookie, an expired session, a
 * withdrawn account) connect anonymously: they still get build announcements, never member events.
 */
async function memberOfHandshake(auth: Auth, socket: Socket, logger: Logger): Promise<string | undefined> {
  const headers = socket.request.headers;
  if (!headers.cookie?.includes("session_token=")) return undefined;
  try {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!result) return undefined;
    const user = result.user as typeof result.user & { withdrawnAt?: Date | null };
    return user.withdrawnAt ? undefined : user.id;
  } catch (error) {
    logger.warn({ err: error }, "realtime session lookup failed; connecting anonymously");
    return undefined;
  }
}

/**
 * Realtime timings of the product: 25 s heartbeat, 10 s timeout. A handshake is accepted only from the product's own
 * pages: a browser always names the page's origin on a cross-origin request (and on every WebSocket), so an Origin
 * other than PUBLIC_URL's is a foreign page riding on the member's cookie. Same-origin polling may carry none.
 */
export function createRealtime(
  httpServer: HttpServer,
  options: { buildId: string; logger: Logger; publicUrl: string; auth: Auth },
) {
  const ownOrigin = new URL(options.publicUrl).origin;
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
  io.use((socket, next) => {
    void memberOfHandshake(options.auth, socket, options.logger).then((memberId) => {
      (socket.data as SocketData).memberId = memberId;
      next();
    });
  });
  io.on("connection", (socket) => {
    const { memberId } = socket.data as SocketData;
    if (memberId) void socket.join([memberRoom(memberId), MEMBERS_ROOM]);
    // Lets a long-open page learn that a new build is live without polling.
    socket.emit("app:build", { id: options.buildId });
    socket.on("app:ping", (ack: unknown) => {
      if (typeof ack === "function") ack({ id: options.buildId, at: Date.now() });
    });
  });

  // Rooms, not sockets: with an adapter (PostgreSQL, Redis) the same calls reach members on other processes.
  const publisher: RealtimePublisher = {
    toMember: (memberId, event, payload) => void io.to(memberRoom(memberId)).emit(event, payload),
    toMembers: (event, payload) => void io.to(MEMBERS_ROOM).emit(event, payload),
  };
  setRealtimePublisher(publisher);
  httpServer.once("close", () => setRealtimePublisher(undefined));

  options.logger.debug("realtime ready");
  return io;
}
