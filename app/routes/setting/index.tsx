import ChevronRight from "lucide-react/icons/chevron-right";
import type { ReactNode } from "react";
import type { Route } from "./+types/index";
import { LanguageSwitch } from "#app/shell/LanguageSwitch";
import { ThemeSwitch } from "#app/shell/ThemeSwitch";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { languageFromPath, readCookie } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { actorOf } from "#app/services/actor";
import { isStaff } from "#app/services/permissions";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { parseThemePreference, THEME_COOKIE } from "#app/shell/theme";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "setting.title" };

/** The settings menu of the spec. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const built = import.meta.env.BUILD_DATE;
  return {
    version: getRuntime().buildId,
    builtOn: built ? formatDate(language, new Date(built)) : null,
    theme: parseThemePreference(readCookie(request.headers.get("cookie"), THEME_COOKIE)),
    /** Acting staff find the operator console here. */
    console: isStaff(actorOf(viewer)),
  };
}

function Entry({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <LocalLink
        to={to}
        className="flex min-h-12 items-center justify-between px-4 hover:bg-[var(--surface-muted)]"
      >
        {children}
        <ChevronRight className="text-muted size-4" aria-hidden="true" />
      </LocalLink>
    </li>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="text-muted mb-1 px-1 text-sm font-semibold">{title}</h2>
      <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">{children}</ul>
    </section>
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("setting.title")}</h1>
      <Group title={t("setting.account")}>
        <Entry to="/profile">{t("setting.profile")}</Entry>
        <Entry to="/setting/account">{t("setting.account")}</Entry>
        <Entry to="/my/skill">{t("setting.skills")}</Entry>
        <Entry to="/setting/blind">{t("setting.hidden")}</Entry>
        <Entry to="/setting/alarm">{t("alarm.settingsTitle")}</Entry>
        <Entry to="/my/pin">{t("setting.pinned")}</Entry>
        <Entry to="/my/point">{t("setting.points")}</Entry>
        {loaderData.console ? <Entry to="/admin">{t("setting.console")}</Entry> : null}
      </Group>
      <Group title={t("setting.payments")}>
        <Entry to="/setting/purchases">{t("setting.purchases")}</Entry>
        <Entry to="/settlement">{t("withdrawal.title")}</Entry>
        <Entry to="/settlement/account">{t("setting.payoutAccount")}</Entry>
        <Entry to="/setting/security">{t("setting.payoutPassword")}</Entry>
      </Group>
      <Group title={t("setting.display")}>
        <li className="flex min-h-12 items-center justify-between gap-3 px-4">
          <span>{t("theme.label")}</span>
          <ThemeSwitch initial={loaderData.theme} />
        </li>
        <li className="flex min-h-12 items-center justify-between gap-3 px-4">
          <span>{t("language.label")}</span>
          <LanguageSwitch />
        </li>
      </Group>
      <Group title={t("setting.support")}>
        <li className="px-4 py-3">
          <p className="font-semibold">{t("setting.customer")}</p>
          <p className="text-muted text-sm">{t("setting.customerHours")}</p>
          <p className="text-sm">
            <a href={`mailto:${t("setting.customerEmailAddress")}`} className="text-link underline">
              {t("setting.customerEmail")}
            </a>
          </p>
        </li>
        <Entry to="/setting/inquiry">{t("setting.inquiry")}</Entry>
        <Entry to="/policy/terms">{t("footer.terms")}</Entry>
        <Entry to="/policy/privacy">{t("footer.privacy")}</Entry>
        <li className="text-muted flex min-h-12 items-center px-4 text-sm" data-testid="setting-version">
          {loaderData.builtOn
            ? t("setting.versionBuilt", { version: loaderData.version, date: loaderData.builtOn })
            : t("setting.version", { version: loaderData.version })}
        </li>
      </Group>
      <LocalLink
        to="/login/withdrawal"
        className="block px-1 text-sm text-rose-700 underline dark:text-rose-300"
      >
        {t("setting.withdraw")}
      </LocalLink>
    </section>
  );
}
