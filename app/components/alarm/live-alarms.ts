import { useEffect, useSyncExternalStore } from "react";
import type { Socket } from "socket.io-client";
import {
  ALARM_REFRESH_EVENT,
  ALARM_UNREAD_EVENT,
  type AlarmUnreadPayload,
} from "#app/services/notifications/types";

/** Reconnect delays of the product's realtime link: 1, 2, 5, then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** Connection timeout of the realtime link (the server sets the 25 s heartbeat). */
export const CONNECT_TIMEOUT_MS = 10_000;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

export interface LiveAlarms {
  /** The latest unread count heard live; null until something newer than the page's loader data arrives. */
  count: number | null;
  /** How many notifications have arrived since this page was loaded. */
  arrived: number;
}

const initial: LiveAlarms = { count: null, arrived: 0 };
let state: LiveAlarms = initial;
const listeners = new Set<() => void>();

function update(next: LiveAlarms) {
  state = next;
  for (const listener of listeners) listener();
}

/** The state as it is now, outside React. */
export function currentLiveAlarms(): LiveAlarms {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new count; a rise without an explicit number of arrivals counts as that many arrivals. */
export function receiveUnread(payload: AlarmUnreadPayload) {
  const rise = payload.arrived ?? Math.max(0, payload.count - (state.count ?? payload.count));
  update({ count: payload.count, arrived: state.arrived + rise });
}

/** The server-rendered count (refreshed after every form post) is the base the live events move from. */
export function receiveLoaderCount(count: number) {
  if (state.count !== count) update({ ...state, count });
}

async function fetchUnread() {
  try {
    const response = await fetch("/api/alarm/unread", { cache: "no-store" });
    if (!response.ok) return;
    const { count } = (await response.json()) as { count: number };
    receiveUnread({ count });
  } catch {
    // Offline: the next event or reconnect brings the count.
  }
}

interface Connection {
  memberId: string;
  socket?: Socket;
  timer?: ReturnType<typeof setTimeout>;
  attempt: number;
  closed: boolean;
}

let connection: Connection | undefined;

function close() {
  if (!connection) return;
  connection.closed = true;
  clearTimeout(connection.timer);
  connection.socket?.close();
  connection = undefined;
  update(initial);
}

/** One shared connection per page, opened for a signed-in member; the server knows them by the session cookie. */
async function open(memberId: string) {
  if (connection?.memberId === memberId) return;
  close();
  const current: Connection = { memberId, attempt: 0, closed: false };
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
    // Whatever changed while the link was down.
    if (connectedBefore) void fetchUnread();
    connectedBefore = true;
  });
  socket.on("connect_error", retry);
  socket.on("disconnect", (reason) => {
    if (reason !== "io client disconnect") retry();
  });
  socket.on(ALARM_UNREAD_EVENT, (payload: AlarmUnreadPayload) => receiveUnread(payload));
  socket.on(ALARM_REFRESH_EVENT, () => void fetchUnread());
}

/** Keeps the realtime link open while a member is signed in, and closes it when they sign out. */
export function useAlarmConnection(memberId: string | null) {
  useEffect(() => {
    if (memberId) void open(memberId);
    else close();
  }, [memberId]);
}

/** The live state of the member's notifications (the server render has nothing live yet). */
export function useLiveAlarms(): LiveAlarms {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => initial,
  );
}
