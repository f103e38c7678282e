import Bell from "lucide-react/icons/bell";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";
import type { loader as rootLoader } from "#app/root";
import { receiveLoaderCount, useLiveAlarms } from "./live-alarms";

export function badgeText(count: number) {
  return count > 99 ? "99+" : String(count);
}

/**
 * The header bell: the member's unread count, kept current over the realtime link, opening /my/alarm. A polite
 * live region announces each arrival; the count itself is in the link's name.
 */
export function AlarmBadge() {
  const t = useT();
  const initialCount = useRouteLoaderData<typeof rootLoader>("root")?.unreadAlarms ?? 0;
  const live = useLiveAlarms();
  useEffect(() => receiveLoaderCount(initialCount), [initialCount]);
  const count = live.count ?? initialCount;
  // Arrivals seen when the badge mounted are old news; only later ones are announced.
  const [arrivedAtMount] = useState(live.arrived);
  const announce = live.arrived > arrivedAtMount;
  return (
    <>
      <LocalLink
        to="/my/alarm"
        aria-label={count > 0 ? t("header.alarms.unread", { count }) : t("header.alarms.none")}
        className="relative inline-flex size-10 items-center justify-center rounded-md border border-subtle"
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="alarm-badge-count"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-rose-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {badgeText(count)}
          </span>
        ) : null}
      </LocalLink>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announce ? <span key={live.arrived}>{t("header.alarms.arrived", { count })}</span> : null}
      </div>
    </>
  );
}
