import { translate, type Language } from "./index";
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  millis,
  seoulDaysBetween,
  seoulTime,
  type Moment,
  type SeoulTime,
} from "#app/platform/seoul-calendar";

/**
 * Dates and times as people read them, in the page's language and Seoul's calendar. Every text is made from the
 * catalogue and arithmetic, never from the runtime's locale or time-zone data: the server and the browser print the
 * same bytes, whatever their ICU build or time zone.
 */

/** Past this many calendar days a relative time gives way to the date. */
const RELATIVE_DAYS = 7;

const monthKeys = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
] as const;

/** The values a date or time pattern of the catalogue (`time.pattern.*`) may use. */
export const calendarFields = [
  "year",
  "month",
  "month2",
  "monthName",
  "day",
  "day2",
  "hour2",
  "hour12",
  "minute2",
  "meridiem",
] as const;

const pad2 = (value: number) => String(value).padStart(2, "0");

function fields(language: Language, time: SeoulTime): Record<(typeof calendarFields)[number], string> {
  return {
    year: String(time.year),
    month: String(time.month),
    month2: pad2(time.month),
    monthName: translate(language, `time.month.${monthKeys[time.month - 1]!}`),
    day: String(time.day),
    day2: pad2(time.day),
    hour2: pad2(time.hour),
    hour12: String(time.hour % 12 || 12),
    minute2: pad2(time.minute),
    meridiem: translate(language, time.hour < 12 ? "time.am" : "time.pm"),
  };
}

/** A date: "2026.11.22" / "Nov 22, 2026". For records (announcements, points, inquiries, member since …). */
export function formatDate(language: Language, at: Moment): string {
  return translate(language, "time.pattern.date", fields(language, seoulTime(at)));
}

/** A day value that has no time ("2026-12-01": a birthday, an effective date) written as a date. */
export function formatDay(language: Language, day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const time = { year, month, day: date, hour: 0, minute: 0, second: 0 };
  return translate(language, "time.pattern.date", fields(language, time));
}

/** A date and time where the time matters (event periods, sent messages): "2026.11.22 20:22" / "Nov 22, 2026, 8:22 PM". */
export function formatDateTime(language: Language, at: Moment): string {
  const values = fields(language, seoulTime(at));
  return translate(language, "time.pattern.dateTime", {
    date: translate(language, "time.pattern.date", values),
    time: translate(language, "time.pattern.time", values),
  });
}

/**
 * When something was written, as people say it: "방금 전", "3분 전", "3시간 전", "어제", "3일 전" (and "just now",
 * "3 minutes ago" …), then the date once it is a week old. Days count Seoul calendar days. `now` is the server's
 * clock as the loader sent it, so the page hydrates with the text it was rendered with; a moment after `now`
 * (written since the page loaded) is "just now".
 */
export function formatRelative(language: Language, at: Moment, now: Moment): string {
  const elapsed = millis(now) - millis(at);
  if (elapsed < MINUTE_MS) return translate(language, "time.justNow");
  if (elapsed < HOUR_MS)
    return translate(language, "time.minutesAgo", { count: Math.floor(elapsed / MINUTE_MS) });
  if (elapsed < DAY_MS) return translate(language, "time.hoursAgo", { count: Math.floor(elapsed / HOUR_MS) });
  const days = seoulDaysBetween(at, now);
  if (days <= 1) return translate(language, "time.yesterday");
  if (days < RELATIVE_DAYS) return translate(language, "time.daysAgo", { count: days });
  return formatDate(language, at);
}
