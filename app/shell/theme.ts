export const themePreferences = ["auto", "light", "dark"] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ColorMode = "light" | "dark";

export const THEME_COOKIE = "theme";
export const THEME_STORAGE_KEY = "motomate.theme";

export function parseThemePreference(value: string | undefined | null): ThemePreference {
  return value === "light" || value === "dark" || value === "auto" ? value : "auto";
}

/** The mode to show: a route's forced mode first, then the member's choice, then the OS for "auto". */
export function resolveColorMode(
  preference: ThemePreference,
  forced: ColorMode | undefined,
  systemDark: boolean | undefined,
): ColorMode | undefined {
  if (forced) return forced;
  if (preference !== "auto") return preference;
  if (systemDark === undefined) return undefined;
  return systemDark ? "dark" : "light";
}

/**
 * Runs in <head> before the page paints, so "auto" follows the OS with no flash, and keeps following it live.
 * It reads its inputs from data attributes the server wrote on <html>.
 */
export const themeScript = `(() => {
  const root = document.documentElement;
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  // Without the cookie (cleared, or another device) the choice kept on this device is restored.
  if (!/(?:^|; )${THEME_COOKIE}=/.test(document.cookie)) {
    const stored = window.localStorage.getItem("${THEME_STORAGE_KEY}");
    if (stored === "light" || stored === "dark" || stored === "auto") {
      root.dataset.themePreference = stored;
      document.cookie = "${THEME_COOKIE}=" + stored + "; Path=/; Max-Age=31536000; SameSite=Lax";
    }
  }
  const apply = () => {
    const forced = root.dataset.forcedTheme;
    const preference = root.dataset.themePreference || "auto";
    const mode = forced || (preference === "auto" ? (media.matches ? "dark" : "light") : preference);
    root.classList.toggle("dark", mode === "dark");
    root.style.colorScheme = mode;
  };
  apply();
  media.addEventListener("change", apply);
  window.__motomateApplyTheme = apply;
})();`;
