import Menu from "lucide-react/icons/menu";
import Search from "lucide-react/icons/search";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { localizePath } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { LocalMenuCategory } from "#app/services/reference/menu.server";
import type { ThemePreference } from "#app/shell/theme";
import type { StaffPageLink } from "./staff-pages";
import { AlarmBadge } from "#app/components/alarm/AlarmBadge";
import { LanguageSwitch } from "./LanguageSwitch";
import { isLiveArea } from "./areas";
import { MenuLink } from "./MenuLink";
import { ThemeSwitch } from "./ThemeSwitch";

const iconButton = "inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-subtle";

function SignInLink({ className }: { className: string }) {
  const t = useT();
  const location = useLocation();
  return (
    <LocalLink
      to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      className={`items-center rounded-md bg-primary px-3 text-sm font-semibold whitespace-nowrap text-white ${className}`}
    >
      {t("header.signIn")}
    </LocalLink>
  );
}

function SignOutButton({ className }: { className: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Form method="post" action={localizePath(language, "/logout")}>
      <button
        type="submit"
        className={`items-center rounded-md border border-subtle px-2 text-sm whitespace-nowrap ${className}`}
      >
        {t("header.signOut")}
      </button>
    </Form>
  );
}

/**
 * On a phone the bar holds only the logo, search, the bell and the menu button; sign-in (or the account and
 * sign-out), language and theme are at the top of the menu. From lg the bar also shows sign-in or the account and
 * sign-out, and from xl the page categories; language and theme stay in the menu at every width.
 */
export function Header({
  menu,
  staffPages,
  theme,
  viewer,
}: {
  menu: readonly LocalMenuCategory[];
  /** The staff pages the viewer's permissions open; empty for members. */
  staffPages: readonly StaffPageLink[];
  theme: ThemePreference;
  viewer: { name: string } | null;
}) {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // Close the menu after every navigation, a form's redirect included (derived during render, not in an effect).
  const [openedOn, setOpenedOn] = useState(location.key);
  if (openedOn !== location.key) {
    setOpenedOn(location.key);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      // Focus would otherwise be lost with the hidden panel.
      toggle.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="surface sticky top-0 z-40 border-b border-subtle">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <LocalLink
          to="/"
          className="shrink-0 text-lg font-extrabold whitespace-nowrap text-primary dark:text-[var(--link)]"
        >
          {t("app.name")}
        </LocalLink>
        <nav aria-label={t("nav.mainMenu")} className="hidden min-w-0 flex-1 xl:block">
          <ul className="flex items-center gap-5 text-sm font-medium whitespace-nowrap">
            {menu.map((category) => {
              // The category links to its first page that exists.
              const first = category.items.find((item) => isLiveArea(item.area)) ?? category.items[0];
              return first ? (
                <li key={category.group}>
                  <MenuLink to={first.path} area={first.area} label={category.label} />
                </li>
              ) : null;
            })}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <LocalLink to="/search" aria-label={t("header.search")} className={iconButton}>
            <Search aria-hidden="true" className="size-5" />
          </LocalLink>
          {viewer ? (
            <>
              <AlarmBadge />
              <LocalLink
                to="/setting"
                className="hidden text-sm font-semibold whitespace-nowrap hover:underline lg:inline"
              >
                {t("header.account")}
              </LocalLink>
              <SignOutButton className="hidden min-h-9 lg:inline-flex" />
            </>
          ) : (
            <SignInLink className="hidden min-h-9 lg:inline-flex" />
          )}
          <button
            ref={toggle}
            type="button"
            className={iconButton}
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
      <div
        id={panelId}
        hidden={!open}
        // Room at the end for the phone's tab bar, which covers the bottom of the screen.
        className="surface max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-subtle pb-16 md:pb-0"
      >
        <section
          aria-label={t("nav.accountAndDisplay")}
          className="mx-auto max-w-6xl border-b border-subtle px-4 py-4"
        >
          <div className="mb-3 flex flex-wrap items-center gap-3 lg:hidden">
            {viewer ? (
              <>
                <LocalLink
                  to="/setting"
                  className="inline-flex min-h-11 items-center text-sm font-semibold hover:underline"
                  onClick={() => setOpen(false)}
                >
                  {t("header.account")}
                </LocalLink>
                <SignOutButton className="inline-flex min-h-11" />
              </>
            ) : (
              <SignInLink className="inline-flex min-h-11" />
            )}
          </div>
          <ul className="space-y-2 text-sm sm:flex sm:gap-8 sm:space-y-0">
            <li className="flex min-h-11 items-center justify-between gap-3">
              <span>{t("language.label")}</span>
              <LanguageSwitch />
            </li>
            <li className="flex min-h-11 items-center justify-between gap-3">
              <span aria-hidden="true">{t("theme.label")}</span>
              <ThemeSwitch initial={theme} />
            </li>
          </ul>
        </section>
        <nav
          aria-label={t("nav.mainMenu")}
          className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:grid-cols-2 lg:grid-cols-5"
        >
          {menu.map((category) => (
            <section key={category.group} aria-labelledby={`${panelId}-${category.group}`}>
              <h2 id={`${panelId}-${category.group}`} className="mb-2 text-sm font-bold">
                {category.label}
              </h2>
              <ul className="space-y-2 text-sm">
                {category.items.map((item) => (
                  <li key={item.code}>
                    <MenuLink
                      to={item.path}
                      area={item.area}
                      label={item.label}
                      onNavigate={() => setOpen(false)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        {staffPages.length > 0 ? (
          <nav
            aria-labelledby={`${panelId}-staff`}
            className="mx-auto max-w-6xl border-t border-subtle px-4 py-6"
          >
            <h2 id={`${panelId}-staff`} className="mb-2 text-sm font-bold">
              {t("nav.staffPages")}
            </h2>
            <ul className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-5">
              {staffPages.map((page) => (
                <li key={page.path}>
                  <LocalLink to={page.path} className="hover:underline" onClick={() => setOpen(false)}>
                    {t(`nav.staff.${page.label}`)}
                  </LocalLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
