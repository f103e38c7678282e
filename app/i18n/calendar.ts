import { translate, type Language } from "./index";

/**
 * The product's calendar is Seoul's. Korea keeps no daylight saving time, so a fixed +09:00 offset is exact, and
 * every text here is made from the catalogue and arithmetic, never from the runtime's locale or time-zone data:
 * the server and the browser print the same bytes, whatever their ICU build or time zone.
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
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

/** A moment: a Date, or its ISO text as loaders send it. */
export type Moment = Date | string;

export interface SeoulTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

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

function millis(at: Moment): number {
  return typeof at === "string" ? Date.parse(at) : at.getTime();
}

const pad2 = (value: number) => String(value).padStart(2, "0");

/** The wall-clock time in Seoul of a moment. */
export function seoulTime(at: Moment): SeoulTime {
  const shifted = new Date(millis(at) + SEOUL_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The Seoul calendar day of a moment as "2026-11-22" (for keys, comparisons and date fields). */
export function seoulDay(at: Moment): string {
  const { year, month, day } = seoulTime(at);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Days since 1970-01-01 in Seoul: two moments on the same Seoul day have the same number. */
function seoulDayNumber(at: Moment): number {
  return Math.floor((millis(at) + SEOUL_OFFSET_MS) / DAY_MS);
}

/** The value of a datetime-local field in Korean time: "2026-05-01T10:00". */
export function toSeoulInput(at: Moment): string {
  const { hour, minute } = seoulTime(at);
  return `${seoulDay(at)}T${pad2(hour)}:${pad2(minute)}`;
}

/** A datetime-local value read as Korean time; null unless it is a real date and time. */
export function parseSeoulInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second ?? 0) - SEOUL_OFFSET_MS);
  // Date.UTC rolls 2026-02-30 over into March: such a value is not a real date.
  if (toSeoulInput(date) !== value.trim().slice(0, 16)) return null;
  return date;
}

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
  const days = seoulDayNumber(now) - seoulDayNumber(at);
  if (days <= 1) return translate(language, "time.yesterday");
  if (days < RELATIVE_DAYS) return translate(language, "time.daysAgo", { count: days });
  return formatDate(language, at);
}
