import { Outlet } from "react-router";
import { LanguageSwitch } from "#app/shell/LanguageSwitch";
import { Footer } from "#app/shell/Footer";
import { LocalLink, useT } from "#app/i18n/react";

/** A narrow centred column for documents and single-purpose screens (policies, first login). */
export default function CenterLayout() {
  const t = useT();
  return (
    <>
      <header className="border-b border-subtle">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <LocalLink to="/" className="text-lg font-extrabold text-primary dark:text-[var(--link)]">
            {t("app.name")}
          </LocalLink>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
