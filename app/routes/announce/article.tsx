import { redirect } from "react-router";
import type { Route } from "./+types/article";
import { RichContent } from "#app/components/notice/RichContent";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { getAnnouncement } from "#app/services/notice/announcements.server";
import { formatDate } from "#app/i18n/calendar";
import { isAnnouncementTab } from "#app/services/notice/tabs";
import { idOrNull, missingPage } from "#app/shell/input.server";

/** Server-rendered; a deleted or missing announcement answers 404 with a page that says so. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const language = languageFromPath(pathname);
  const id = idOrNull(params.boardId);
  const found =
    isAnnouncementTab(params.tab) && id !== null ? await getAnnouncement(getRuntime().db, id) : null;
  if (!found) {
    return missingPage({
      announcement: null,
      tab: params.tab,
      pageTitle: translate(language, "notice.announce.missingTitle"),
    });
  }
  // An announcement moved to another tab keeps working at its old address.
  if (found.tab !== params.tab)
    throw redirect(localizePath(language, `/announce/${found.tab}/${found.id}`), 301);
  const updated = found.updatedAt.getTime() - found.createdAt.getTime() > 60_000;
  return {
    announcement: {
      id: found.id,
      title: found.title,
      contentHtml: found.contentHtml,
      postedOn: formatDate(language, found.createdAt),
      updatedOn: updated ? formatDate(language, found.updatedAt) : null,
    },
    tab: found.tab,
    pageTitle: found.title,
  };
}

export default function AnnouncementPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { announcement, tab } = loaderData;
  const back = isAnnouncementTab(tab) ? `/announce?tab=${tab}` : "/announce";
  if (!announcement) {
    return (
      <section className="mx-auto max-w-xl space-y-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold">{t("notice.announce.missingTitle")}</h1>
        <p className="text-muted">{t("notice.announce.missingText")}</p>
        <LocalLink to={back} className="text-link font-semibold hover:underline">
          {t("notice.announce.backToList")}
        </LocalLink>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-3xl space-y-5">
      <LocalLink to={back} className="text-link text-sm hover:underline">
        ← {t("notice.announce.backToList")}
      </LocalLink>
      <header className="space-y-1 border-b border-subtle pb-4">
        <p className="text-link text-sm font-semibold">
          {isAnnouncementTab(tab) ? t(`notice.announce.tab.${tab}`) : null}
        </p>
        <h1 className="text-2xl font-extrabold">{announcement.title}</h1>
        <p className="text-muted text-sm">
          {t("notice.announce.postedOn", { date: announcement.postedOn })}
          {announcement.updatedOn
            ? ` · ${t("notice.announce.updatedOn", { date: announcement.updatedOn })}`
            : null}
        </p>
      </header>
      <RichContent html={announcement.contentHtml} />
    </article>
  );
}
