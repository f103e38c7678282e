import Bell from "lucide-react/icons/bell";
import Bookmark from "lucide-react/icons/bookmark";
import CalendarCheck from "lucide-react/icons/calendar-check";
import ChevronRight from "lucide-react/icons/chevron-right";
import Coins from "lucide-react/icons/coins";
import FileText from "lucide-react/icons/file-text";
import MessageCircle from "lucide-react/icons/message-circle";
import Pin from "lucide-react/icons/pin";
import Sparkles from "lucide-react/icons/sparkles";
import Star from "lucide-react/icons/star";
import Store from "lucide-react/icons/store";
import TicketPercent from "lucide-react/icons/ticket-percent";
import ThumbsUp from "lucide-react/icons/thumbs-up";
import Warehouse from "lucide-react/icons/warehouse";
import Wrench from "lucide-react/icons/wrench";
import UserRound from "lucide-react/icons/user-round";
import type { ComponentType } from "react";
import type { Route } from "./+types/index";
import type { MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "my.title" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireViewer(request);
  return null;
}

/** The member's own pages that exist so far; later areas add theirs here. */
const entries: { to: string; key: MessageKey; icon: ComponentType<{ className?: string }> }[] = [
  { to: "/my/alarm", key: "alarm.title", icon: Bell },
  { to: "/my/article", key: "board.my.title", icon: FileText },
  { to: "/my/market", key: "marketMine.title", icon: Store },
  { to: "/my/review", key: "review.my.title", icon: Star },
  { to: "/my/spark", key: "spark.my.title", icon: Sparkles },
  { to: "/my/garage", key: "garage.title", icon: Warehouse },
  { to: "/my/skill", key: "skill.title", icon: Wrench },
  { to: "/my/meeting", key: "meeting.my.title", icon: CalendarCheck },
  { to: "/my/feedback", key: "conduct.received.title", icon: ThumbsUp },
  { to: "/my/comment", key: "comment.receivedPage.title", icon: MessageCircle },
  { to: "/my/keep", key: "comment.keepPage.title", icon: Bookmark },
  { to: "/my/pin", key: "relations.pinnedTitle", icon: Pin },
  { to: "/my/point", key: "point.title", icon: Coins },
  { to: "/my/coupon", key: "coupon.title", icon: TicketPercent },
  { to: "/profile", key: "setting.profile", icon: UserRound },
];

export default function MyPages() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-extrabold">{t("my.title")}</h1>
      <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
        {entries.map(({ to, key, icon: Icon }) => (
          <li key={to}>
            <LocalLink
              to={to}
              className="flex min-h-12 items-center gap-3 px-4 hover:bg-[var(--surface-muted)]"
            >
              <Icon className="text-muted size-5" aria-hidden="true" />
              <span className="flex-1">{t(key)}</span>
              <ChevronRight className="text-muted size-4" aria-hidden="true" />
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
