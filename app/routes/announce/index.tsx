import type { Route } from "./+types/index";
import { NoticeLinks } from "#app/components/notice/NoticeLinks";
import { Pager } from "#app/components/notice/Pager";
import { TabNav } from "#app/components/notice/TabNav";
import { languageFromPath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listAnnouncements } from "#app/services/notice/announcements.server";
import { formatDate } from "#app/i18n/calendar";
import { announcementTabs, isAnnouncementTab } from "#app/services/notice/tabs";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { notFound, pageOf } from "#app/shell/input.server";

const guards: GuardName[] = ["clear-article-page", "clear-meeting-manage-index", "clear-search-model"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "notice.announce.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") ?? announcementTabs[0];
  if (!isAnnouncementTab(tab)) {
    notFound();
  }
  const page = pageOf(url);
  const list = await listAnnouncements(getRuntime().db, { tab, page });
  return {
    tab,
    page: list.page,
    hasNext: list.hasNext,
    items: list.items.map((item) => ({
      id: item.id,
      title: item.title,
      pinned: item.pinned,
      date: formatDate(languageFromPath(url.pathname), item.createdAt),
    })),
  };
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { tab, items } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold">{t("notice.announce.title")}</h1>
      <TabNav
        label={t("notice.announce.tabsLabel")}
        path="/announce"
        current={tab}
        tabs={announcementTabs.map((value) => ({ value, label: t(`notice.announce.tab.${value}`) }))}
      />
      {items.length === 0 ? (
        <p className="text-muted py-10 text-center">{t("notice.announce.empty")}</p>
      ) : (
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
          {items.map((item) => (
            <li key={item.id}>
              <LocalLink
                to={`/announce/${tab}/${item.id}`}
                className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-black/5 dark:hover:bg-white/5"
              >
                {item.pinned ? (
                  <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-white">
                    {t("notice.announce.pinned")}
                  </span>
                ) : null}
                <span className="flex-1 font-semibold">{item.title}</span>
                <span className="text-muted shrink-0 text-sm">{item.date}</span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
      <Pager path="/announce" query={{ tab }} page={loaderData.page} hasNext={loaderData.hasNext} />
      <NoticeLinks current="/announce" />
    </section>
  );
}
