import { Outlet } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";

/** Full-height column for a meeting's chat room: no footer or tab bar competing with the message box. */
export default function ChatLayout() {
  const t = useT();
  return (
    <div className="flex h-dvh flex-col">
      <header className="flex h-12 shrink-0 items-center border-b border-subtle px-4">
        <LocalLink to="/" className="font-extrabold text-primary dark:text-[var(--link)]">
          {t("app.name")}
        </LocalLink>
      </header>
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
