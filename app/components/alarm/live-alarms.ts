import { useEffect, useSyncExternalStore } from "react";
import {
  ALARM_REFRESH_EVENT,
  ALARM_UNREAD_EVENT,
  type AlarmUnreadPayload,
} from "#app/services/notifications/types";

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

/** The member the live state belongs to; undefined before the first page has subscribed. */
let heardFor: string | null | undefined;

/**
 * Listens on the page's realtime link while a member is signed in: new counts, refresh requests after notifications
 * to everybody, and a fresh count each time the link connects. A change of member starts again from the page's count.
 */
export function useAlarmSubscription(memberId: string | null) {
  useEffect(() => {
    if (heardFor !== undefined && heardFor !== memberId) update(initial);
    heardFor = memberId;
    if (!memberId) return;
    // The realtime link's code loads only for a member, after the page's first load (ADR 045).
    let unsubscribe: (() => void)[] | undefined;
    let stopped = false;
    void import("#app/components/realtime/socket").then(({ onRealtimeEvent, onRealtimeConnect }) => {
      if (stopped) return;
      unsubscribe = [
        onRealtimeEvent<AlarmUnreadPayload>(ALARM_UNREAD_EVENT, receiveUnread),
        onRealtimeEvent(ALARM_REFRESH_EVENT, () => void fetchUnread()),
        // What arrived between the page's render and the link's first connection, or during a break.
        onRealtimeConnect(() => void fetchUnread()),
      ];
    });
    return () => {
      stopped = true;
      unsubscribe?.forEach((stop) => stop());
    };
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
