import type { Socket } from "socket.io-client";

/**
 * The page's one realtime link, shared by every feature. It opens lazily, once a member is signed in and some
 * feature listens, and closes when the member signs out or the last listener leaves. The server knows the member by
 * the session cookie of the handshake, so a change of member opens a new link.
 */

/** Reconnect delays of the product's realtime link: 1, 2, 5, then every 10 seconds. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** Connection timeout of the realtime link (the server sets the 25 s heartbeat). */
const CONNECT_TIMEOUT_MS = 10_000;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

/** The server's answer to a join (app/platform/realtime.server.ts). */
export type JoinRefusal = "invalid_room" | "forbidden" | "failed" | "timeout";

type Handler = (payload: unknown) => void;

const eventHandlers = new Map<string, Set<Handler>>();
const connectHandlers = new Set<() => void>();
const reconnectHandlers = new Set<() => void>();
interface RoomEntry {
  holders: number;
  onRefused: Set<(reason: JoinRefusal) => void>;
  onJoined: Set<() => void>;
  /** Whether the server accepted the last join: events of the room reach this page from then on. */
  joined: boolean;
}
const rooms = new Map<string, RoomEntry>();
let memberId: string | null = null;

interface Connection {
  socket?: Socket;
  timer?: ReturnType<typeof setTimeout>;
  attempt: number;
  closed: boolean;
}

let connection: Connection | undefined;

function wanted() {
  const listeners = eventHandlers.size + connectHandlers.size + reconnectHandlers.size + rooms.size;
  return memberId !== null && listeners > 0;
}

function close() {
  if (!connection) return;
  connection.closed = true;
  clearTimeout(connection.timer);
  connection.socket?.close();
  connection = undefined;
}

function requestJoin(socket: Socket, room: string) {
  socket
    .timeout(CONNECT_TIMEOUT_MS)
    .emitWithAck("room:join", room)
    .then(
      (answer: { ok?: true; error?: JoinRefusal }) => answer.error,
      (): JoinRefusal => "timeout",
    )
    .then((refusal) => {
      const entry = rooms.get(room);
      if (!entry) return;
      entry.joined = !refusal;
      if (refusal) for (const onRefused of entry.onRefused) onRefused(refusal);
      else for (const onJoined of entry.onJoined) onJoined();
    });
}

async function open() {
  const current: Connection = { attempt: 0, closed: false };
  connection = current;
  const { io } = await import("socket.io-client");
  if (current.closed) return;
  // Socket.IO's own backoff is exponential; the product's delays are a fixed ladder, so reconnecting is done here.
  const socket = io({ path: "/socket.io", reconnection: false, timeout: CONNECT_TIMEOUT_MS });
  current.socket = socket;
  let connectedBefore = false;
  const retry = () => {
    if (current.closed || current.timer) return;
    const delay = reconnectDelay(current.attempt);
    current.attempt += 1;
    current.timer = setTimeout(() => {
      current.timer = undefined;
      if (!current.closed) socket.connect();
    }, delay);
  };
  socket.on("connect", () => {
    current.attempt = 0;
    // A new connection is in no room but the member's own: the rooms asked for are joined again.
    for (const room of rooms.keys()) requestJoin(socket, room);
    // Whatever changed before the link was up, or while it was down.
    for (const handler of connectHandlers) handler();
    if (connectedBefore) for (const handler of reconnectHandlers) handler();
    connectedBefore = true;
  });
  socket.on("connect_error", retry);
  socket.on("disconnect", (reason) => {
    for (const entry of rooms.values()) entry.joined = false;
    if (reason !== "io client disconnect") retry();
  });
  socket.onAny((event: string, payload: unknown) => {
    for (const handler of eventHandlers.get(event) ?? []) handler(payload);
  });
}

/** Opens or closes the link to match who is signed in and whether anything listens. */
function reconcile() {
  if (wanted() && !connection) void open();
  else if (!wanted()) close();
}

/** The signed-in member (null for a visitor); set by the app's root for every page. */
export function setRealtimeMember(id: string | null) {
  if (id === memberId) return;
  close();
  memberId = id;
  reconcile();
}

/** Calls `handler` with the payload of every `event` the server sends this page; answers the unsubscribe. */
export function onRealtimeEvent<Payload>(event: string, handler: (payload: Payload) => void): () => void {
  const handlers = eventHandlers.get(event) ?? new Set<Handler>();
  eventHandlers.set(event, handlers);
  const entry = handler as Handler;
  handlers.add(entry);
  reconcile();
  return () => {
    handlers.delete(entry);
    if (handlers.size === 0) eventHandlers.delete(event);
    reconcile();
  };
}

function onConnections(handlers: Set<() => void>, handler: () => void): () => void {
  const entry = () => handler();
  handlers.add(entry);
  reconcile();
  return () => {
    handlers.delete(entry);
    reconcile();
  };
}

/**
 * Calls `handler` each time the link connects, the first time included, to fetch what changed before events could
 * reach the page (between its render and the link, or during a break); answers the unsubscribe.
 */
export function onRealtimeConnect(handler: () => void): () => void {
  return onConnections(connectHandlers, handler);
}

/** Calls `handler` after the link comes back from a break, to fetch what was missed; answers the unsubscribe. */
export function onRealtimeReconnect(handler: () => void): () => void {
  return onConnections(reconnectHandlers, handler);
}

/**
 * Joins a room (`kind:id`, for example a meeting's) for as long as some feature holds it, joining again after every
 * reconnect. The server checks each join; `onRefused` hears why one was refused. `onJoined` hears each accepted join
 * (at once when the room is already joined): from then on nothing sent to the room is missed, so it is the moment
 * to read what arrived before. Answers the release.
 */
export function joinRealtimeRoom(
  room: string,
  onRefused?: (reason: JoinRefusal) => void,
  onJoined?: () => void,
): () => void {
  const existing = rooms.get(room);
  const entry = existing ?? { holders: 0, onRefused: new Set(), onJoined: new Set(), joined: false };
  entry.holders += 1;
  if (onRefused) entry.onRefused.add(onRefused);
  if (onJoined) {
    entry.onJoined.add(onJoined);
    if (entry.joined) queueMicrotask(onJoined);
  }
  rooms.set(room, entry);
  if (!existing && connection?.socket?.connected) requestJoin(connection.socket, room);
  reconcile();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.holders -= 1;
    if (onRefused) entry.onRefused.delete(onRefused);
    if (onJoined) entry.onJoined.delete(onJoined);
    if (entry.holders === 0) {
      rooms.delete(room);
      if (connection?.socket?.connected) connection.socket.emit("room:leave", room);
    }
    reconcile();
  };
}

/** Sends a momentary event (typing) on the link when it is up; while it is down the event is simply dropped. */
export function emitRealtimeEvent(event: string, payload: unknown) {
  if (connection?.socket?.connected) connection.socket.emit(event, payload);
}

/**
 * Sends a request (a chat text) on the link and answers the server's acknowledgement. Answers undefined when the
 * link is down or no answer came in time, so the caller can take the page's form instead: requests that may be
 * sent twice carry their own id for that.
 */
export async function requestRealtime<Answer>(
  event: string,
  payload: unknown,
  timeoutMs = CONNECT_TIMEOUT_MS,
): Promise<Answer | undefined> {
  const socket = connection?.socket;
  if (!socket?.connected) return undefined;
  try {
    return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Answer;
  } catch {
    return undefined;
  }
}
