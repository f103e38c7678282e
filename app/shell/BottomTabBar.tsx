import House from "lucide-react/icons/house";
import MessagesSquare from "lucide-react/icons/messages-square";
import Store from "lucide-react/icons/store";
import User from "lucide-react/icons/user";
import Wrench from "lucide-react/icons/wrench";
import type { ComponentType } from "react";
import type { Area } from "#app/db/seed/types";
import { LocalNavLink, useT } from "#app/i18n/react";
import type { MessageKey } from "#app/i18n";
import { isLiveArea } from "./areas";

const tabs: { key: MessageKey; to: string; area: Area; icon: ComponentType<{ className?: string }> }[] = [
  { key: "tab.home", to: "/", area: "home", icon: House },
  { key: "tab.community", to: "/board/total", area: "board", icon: MessagesSquare },
  { key: "tab.market", to: "/market/total", area: "market", icon: Store },
  { key: "tab.meeting", to: "/meeting/owner", area: "meeting", icon: Wrench },
  { key: "tab.my", to: "/my", area: "my", icon: User },
];

/** Mobile-only tab bar; tabs of areas that have not shipped are shown but inert. */
export function BottomTabBar() {
  const t = useT();
  return (
    <nav
      aria-label={t("nav.tabBar")}
      className="surface fixed inset-x-0 bottom-0 z-40 border-t border-subtle pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {tabs.map(({ key, to, area, icon: Icon }) => (
          <li key={key}>
            {isLiveArea(area) ? (
              <LocalNavLink
                to={to}
                end
                className={({ isActive }) =>
                  `flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? "font-bold text-primary dark:text-[var(--link)]" : "text-muted"}`
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {t(key)}
              </LocalNavLink>
            ) : (
              <span
                className="text-muted flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs opacity-80"
                aria-disabled="true"
                title={t("nav.comingSoon")}
              >
                <Icon className="size-5" aria-hidden="true" />
                {t(key)}
                <span className="sr-only">({t("nav.comingSoon")})</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
