import { useId, useSyncExternalStore } from "react";
import { useT } from "#app/i18n/react";
import {
  parseThemePreference,
  THEME_COOKIE,
  THEME_STORAGE_KEY,
  themePreferences,
  type ThemePreference,
} from "#app/shell/theme";

declare global {
  interface Window {
    __motomateApplyTheme?: () => void;
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The preference the page runs with: the theme script may have restored it from local storage. */
function currentPreference(): ThemePreference {
  return parseThemePreference(document.documentElement.dataset.themePreference);
}

/** Keeps the choice in local storage and in a cookie (so the server renders it next time) and applies it now. */
function saveThemePreference(preference: ThemePreference) {
  window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  document.cookie = `${THEME_COOKIE}=${preference}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
  document.documentElement.dataset.themePreference = preference;
  window.__motomateApplyTheme?.();
  for (const listener of listeners) listener();
}

export function ThemeSwitch({ initial }: { initial: ThemePreference }) {
  const t = useT();
  const id = useId();
  const preference = useSyncExternalStore(subscribe, currentPreference, () => initial);
  return (
    <div className="flex items-center gap-1 text-sm">
      <label htmlFor={id} className="sr-only">
        {t("theme.label")}
      </label>
      <select
        id={id}
        value={preference}
        onChange={(event) => saveThemePreference(parseThemePreference(event.target.value))}
        className="surface min-h-9 rounded-md border border-subtle px-2"
      >
        {themePreferences.map((value) => (
          <option key={value} value={value}>
            {t(`theme.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
