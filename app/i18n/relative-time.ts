import type { Language } from "#app/i18n";

const locales: Record<Language, string> = { ko: "ko-KR", en: "en-US" };
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "3분 전" / "3 minutes ago" up to a week, then the date in Seoul. Computed where the page is rendered, from the
 * one clock, so the server's text and the browser's never disagree.
 */
export function relativeTime(language: Language, at: Date, now: Date): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const distance = Math.abs(seconds);
  const format = new Intl.RelativeTimeFormat(locales[language], { numeric: "auto" });
  if (distance < MINUTE) return format.format(0, "second");
  if (distance < HOUR) return format.format(Math.round(seconds / MINUTE), "minute");
  if (distance < DAY) return format.format(Math.round(seconds / HOUR), "hour");
  if (distance < 7 * DAY) return format.format(Math.round(seconds / DAY), "day");
  return new Intl.DateTimeFormat(locales[language], { dateStyle: "medium", timeZone: "Asia/Seoul" }).format(
    at,
  );
}
