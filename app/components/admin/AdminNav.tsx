import { useLocation } from "react-router";
import { stripLanguage, type MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";

/** Every page of the operator console, in the order of the menu (the route table's admin pages). */
const adminPages = [
  { path: "/admin", label: "admin.nav.dashboard" },
  { path: "/admin/members", label: "admin.nav.members" },
  { path: "/admin/report", label: "admin.nav.report" },
  { path: "/admin/no-show", label: "admin.nav.noShow" },
  { path: "/admin/motorcycle-report", label: "admin.nav.modelReport" },
  { path: "/admin/inquiry", label: "admin.nav.inquiry" },
  { path: "/admin/jobs", label: "admin.nav.jobs" },
  { path: "/admin/community", label: "admin.nav.community" },
  { path: "/admin/board", label: "admin.nav.board" },
  { path: "/admin/meeting", label: "admin.nav.meeting" },
  { path: "/admin/motorcycle", label: "admin.nav.motorcycle" },
  { path: "/admin/audit", label: "admin.nav.audit" },
] as const satisfies readonly { path: string; label: MessageKey }[];

/** The console's one menu: a wrapping row of links on a phone, the current page marked. */
export function AdminNav() {
  const t = useT();
  const here = stripLanguage(useLocation().pathname);
  return (
    <nav aria-label={t("admin.nav.label")}>
      <ul className="flex flex-wrap gap-2">
        {adminPages.map((page) => {
          const current = here === page.path || (page.path !== "/admin" && here.startsWith(`${page.path}/`));
          return (
            <li key={page.path}>
              <LocalLink
                to={page.path}
                aria-current={current ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-subtle px-3 text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
              >
                {t(page.label)}
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
