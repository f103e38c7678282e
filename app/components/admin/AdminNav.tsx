import { useLocation, useRouteLoaderData } from "react-router";
import { stripLanguage } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import type { loader as rootLoader } from "#app/root";

/**
 * The console's one menu: the staff pages the viewer's permissions open (the same list as the header's staff menu),
 * a wrapping row of links on a phone, the current page marked.
 */
export function AdminNav() {
  const t = useT();
  const here = stripLanguage(useLocation().pathname);
  const pages = useRouteLoaderData<typeof rootLoader>("root")?.staffPages ?? [];
  return (
    <nav aria-label={t("admin.nav.label")}>
      <ul className="flex flex-wrap gap-2">
        {pages.map((page) => {
          const current = here === page.path || (page.path !== "/admin" && here.startsWith(`${page.path}/`));
          return (
            <li key={page.path}>
              <LocalLink
                to={page.path}
                aria-current={current ? "page" : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-subtle px-3 text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
              >
                {t(`nav.staff.${page.label}`)}
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
