/**
 * The product's calendar is Seoul's: the one place that knows where a Seoul day begins and ends. Korea keeps no
 * daylight saving time, so a fixed +09:00 offset is exact, and everything here is arithmetic on milliseconds, never
 * the runtime's locale or time-zone data: the server and the browser agree, whatever their ICU build or time zone.
 * Pure: no clock of its own (give it the app clock's "now"), usable on both sides. Texts for people (dates, "3 hours
 * ago") are made from these by app/i18n/calendar.
 */

const SEOUL_OFFSET_MS = 9 * 60 * 60_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A moment: a Date, or its ISO text as loaders send it. */
export type Moment = Date | string;

/** A Seoul calendar day written "2026-11-22". */
export type SeoulDay = string;

export interface SeoulTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function millis(at: Moment): number {
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

/** The Seoul calendar day of a moment ("today" of the app clock's now) as "2026-11-22": for keys, comparisons, fields. */
export function seoulDay(at: Moment): SeoulDay {
  const { year, month, day } = seoulTime(at);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The year and month in Seoul as "2026/11", e.g. for storage folders. */
export function seoulMonthPath(at: Moment): string {
  const { year, month } = seoulTime(at);
  return `${year}/${pad2(month)}`;
}

/** Days since 1970-01-01 in Seoul: two moments on the same Seoul day have the same number. */
function seoulDayNumber(at: Moment): number {
  return Math.floor((millis(at) + SEOUL_OFFSET_MS) / DAY_MS);
}

/** How many Seoul calendar days lie between two moments: 1 from 23:59 to 00:01 the next day. */
export function seoulDaysBetween(from: Moment, to: Moment): number {
  return seoulDayNumber(to) - seoulDayNumber(from);
}

function parseDay(day: SeoulDay): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date)
    throw new RangeError(`not a day: ${day}`);
  return [year, month, date];
}

/** The moment a Seoul day begins (its 00:00 in Seoul, 15:00 UTC the day before). */
export function startOfSeoulDay(day: SeoulDay): Date {
  const [year, month, date] = parseDay(day);
  return new Date(Date.UTC(year, month - 1, date) - SEOUL_OFFSET_MS);
}

/** The Seoul day `count` days after (or before, when negative) the given one, across month and year ends. */
export function addSeoulDays(day: SeoulDay, count: number): SeoulDay {
  return seoulDay(new Date(startOfSeoulDay(day).getTime() + count * DAY_MS));
}

/** The moment `hours` hours before `now` ("24 hours ago" is a duration, not a calendar day). */
export function hoursAgo(now: Moment, hours: number): Date {
  return new Date(millis(now) - hours * HOUR_MS);
}

/** The moment `days` whole days of 24 hours before `now`. */
export function daysAgo(now: Moment, days: number): Date {
  return new Date(millis(now) - days * DAY_MS);
}

/** The value of a datetime-local field in Korean time: "2026-05-01T10:00". */
export function toSeoulInput(at: Moment): string {
  const { hour, minute } = seoulTime(at);
  return `${seoulDay(at)}T${pad2(hour)}:${pad2(minute)}`;
}

/** The moment in ISO 8601 with Seoul's offset, to the second: "2026-05-01T10:00:07+09:00" (for outside services). */
export function toSeoulTimestamp(at: Moment): string {
  return `${toSeoulInput(at)}:${pad2(seoulTime(at).second)}+09:00`;
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
