import { Menu, Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { localizePath } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { MenuCategory } from "#app/services/reference/menu.server";
import type { ThemePreference } from "#app/shell/theme";
import { AlarmBadge } from "../alarm/AlarmBadge";
import { LanguageSwitch } from "./LanguageSwitch";
import { isLiveArea } from "./areas";
import { MenuLink } from "./MenuLink";
import { ThemeSwitch } from "./ThemeSwitch";

export function Header({
  menu,
  theme,
  viewer,
}: {
  menu: MenuCategory[];
  theme: ThemePreference;
  viewer: { name: string } | null;
}) {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  // Close the menu when the page changes (derived during render instead of an effect).
  const [openedOn, setOpenedOn] = useState(location.pathname);
  if (openedOn !== location.pathname) {
    setOpenedOn(location.pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="surface sticky top-0 z-40 border-b border-subtle">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <LocalLink to="/" className="text-lg font-extrabold text-primary dark:text-[var(--link)]">
          {t("app.name")}
        </LocalLink>
        <nav aria-label={t("nav.mainMenu")} className="hidden flex-1 md:block">
          <ul className="flex items-center gap-5 text-sm font-medium">
            {menu.map((category) => {
              // The category links to its first page that exists.
              const first = category.items.find((item) => isLiveArea(item.area)) ?? category.items[0];
              return first ? (
                <li key={category.group}>
                  <MenuLink to={first.path} area={first.area} label={category.label[language]} />
                </li>
              ) : null;
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {viewer ? (
            <>
              <LocalLink
                to="/search"
                aria-label={t("search.open")}
                className="inline-flex size-10 items-center justify-center rounded-md border border-subtle"
              >
                <Search aria-hidden="true" className="size-5" />
              </LocalLink>
              <AlarmBadge />
              <LocalLink to="/setting" className="hidden text-sm font-semibold hover:underline sm:inline">
                {t("auth.header.account")}
              </LocalLink>
              <Form method="post" action={localizePath(language, "/logout")}>
                <button
                  type="submit"
                  className="inline-flex min-h-9 items-center rounded-md border border-subtle px-2 text-sm"
                >
                  {t("auth.header.signOut")}
                </button>
              </Form>
            </>
          ) : (
            <LocalLink
              to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
              className="inline-flex min-h-9 items-center rounded-md bg-primary px-3 text-sm font-semibold text-white"
            >
              {t("auth.header.signIn")}
            </LocalLink>
          )}
          <LanguageSwitch />
          {/* With the bell a member's header is full on a phone; members also have the theme in /setting. */}
          <div className={viewer ? "hidden sm:block" : undefined}>
            <ThemeSwitch initial={theme} />
          </div>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md border border-subtle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>
      <div id={panelId} hidden={!open} className="surface border-t border-subtle">
        <nav
          aria-label={t("nav.mainMenu")}
          className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:grid-cols-2 lg:grid-cols-5"
        >
          {menu.map((category) => (
            <section key={category.group} aria-labelledby={`${panelId}-${category.group}`}>
              <h2 id={`${panelId}-${category.group}`} className="mb-2 text-sm font-bold">
                {category.label[language]}
              </h2>
              <ul className="space-y-2 text-sm">
                {category.items.map((item) => (
                  <li key={item.code}>
                    <MenuLink
                      to={item.path}
                      area={item.area}
                      label={item.label[language]}
                      onNavigate={() => setOpen(false)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </div>
    </header>
  );
}
