import type { Route } from "./+types/index";
import { EventCard } from "#app/components/notice/EventCard";
import { NoticeLinks } from "#app/components/notice/NoticeLinks";
import { Pager } from "#app/components/notice/Pager";
import { TabNav } from "#app/components/notice/TabNav";
import { languageFromPath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer } from "#app/platform/viewer.server";
import { listEvents } from "#app/services/notice/events.server";
import { formatDateTime } from "#app/i18n/calendar";
import { eventTabs, isEventTab } from "#app/services/notice/tabs";
import type { RouteHandle } from "#app/shell/meta";
import { notFound, pageOf } from "#app/shell/input.server";

export const handle: RouteHandle = { titleKey: "notice.event.title" };

/** Open to visitors; the participated tab lists the signed-in member's events. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") ?? "active";
  if (!isEventTab(tab)) {
    notFound();
  }
  const viewer = await getViewer(request);
  const page = pageOf(url);
  const { db, clock } = getRuntime();
  const list = await listEvents(db, clock, { tab, memberId: viewer?.id ?? null, page });
  return {
    tab,
    signedIn: Boolean(viewer),
    page: list.page,
    hasNext: list.hasNext,
    items: list.items.map((event) => ({
      ...event,
      startsAt: formatDateTime(languageFromPath(url.pathname), event.startsAt),
      endsAt: formatDateTime(languageFromPath(url.pathname), event.endsAt),
    })),
  };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { tab, items, signedIn } = loaderData;
  const tabs = eventTabs.filter((value) => value !== "participated" || signedIn);
  return (
    <section className="mx-auto max-w-5xl space-y-5">
      <h1 className="text-2xl font-extrabold">{t("notice.event.title")}</h1>
      <TabNav
        label={t("notice.event.tabsLabel")}
        path="/event"
        current={tab}
        tabs={tabs.map((value) => ({ value, label: t(`notice.event.tab.${value}`) }))}
      />
      {tab === "participated" && !signedIn ? (
        <div className="py-10 text-center">
          <p className="text-muted">{t("notice.event.signInForParticipated")}</p>
          <LocalLink
            to={`/login?redirectTo=${encodeURIComponent("/event?tab=participated")}`}
            className="text-link mt-2 inline-block font-semibold hover:underline"
          >
            {t("notice.event.signIn")}
          </LocalLink>
        </div>
      ) : items.length === 0 ? (
        <p className="text-muted py-10 text-center">{t(`notice.event.empty.${tab}`)}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
      <Pager path="/event" query={{ tab }} page={loaderData.page} hasNext={loaderData.hasNext} />
      <NoticeLinks current="/event" />
    </section>
  );
}
