import { LocalLink, useT } from "#app/i18n/react";

const pages = [
  { path: "/announce", key: "notice.links.announce" },
  { path: "/event", key: "notice.links.events" },
  { path: "/faq", key: "notice.links.faq" },
] as const;

/** Links between the notice pages (announcements, events, FAQ), leaving out the page it is on. */
export function NoticeLinks({ current }: { current: "/announce" | "/event" | "/faq" }) {
  const t = useT();
  return (
    <nav aria-label={t("notice.links.label")} className="surface-muted rounded-xl p-4">
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {pages
          .filter((page) => page.path !== current)
          .map((page) => (
            <li key={page.path}>
              <LocalLink to={page.path} className="text-link font-semibold hover:underline">
                {t(page.key)} →
              </LocalLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
