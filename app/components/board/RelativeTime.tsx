import { useT } from "#app/i18n/react";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SEOUL_OFFSET = 9 * HOUR;

/** The calendar day in Asia/Seoul, written 2026.01.05 in both languages. */
export function seoulDate(iso: string): string {
  return new Date(Date.parse(iso) + SEOUL_OFFSET).toISOString().slice(0, 10).replaceAll("-", ".");
}

/** Day and minute in Asia/Seoul: 2026.01.05 14:03. */
export function seoulDateTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + SEOUL_OFFSET).toISOString();
  return `${shifted.slice(0, 10).replaceAll("-", ".")} ${shifted.slice(11, 16)}`;
}

/**
 * "5분 전" for times within a week, the Seoul date after that. `now` comes from the loader, so the server and the
 * browser render the same text.
 */
export function RelativeTime({ iso, now }: { iso: string; now: string }) {
  const t = useT();
  const elapsed = Math.max(0, Date.parse(now) - Date.parse(iso));
  let text: string;
  if (elapsed < MINUTE) text = t("board.time.justNow");
  else if (elapsed < HOUR) text = t("board.time.minutes", { count: Math.floor(elapsed / MINUTE) });
  else if (elapsed < DAY) text = t("board.time.hours", { count: Math.floor(elapsed / HOUR) });
  else if (elapsed < 7 * DAY) text = t("board.time.days", { count: Math.floor(elapsed / DAY) });
  else text = seoulDate(iso);
  return (
    <time dateTime={iso} title={seoulDateTime(iso)}>
      {text}
    </time>
  );
}
