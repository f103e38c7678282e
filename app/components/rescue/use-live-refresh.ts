import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useLiveAlarms } from "#app/components/alarm/live-alarms";

/** How often a waiting page asks again, for the changes that send no notification (an expiry, a decline). */
const POLL_MS = 20_000;

/**
 * Keeps a waiting page current while `active`: its data is fetched again whenever a notification reaches the member
 * (the realtime `alarm:unread` event the badge listens to), and every 20 seconds while the tab is visible.
 */
export function useLiveRefresh(active: boolean) {
  const { revalidate } = useRevalidator();
  const { arrived } = useLiveAlarms();
  const heard = useRef(arrived);

  useEffect(() => {
    if (arrived === heard.current) return;
    heard.current = arrived;
    if (active) void revalidate();
  }, [arrived, active, revalidate]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidate]);
}
