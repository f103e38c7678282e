/**
 * Event periods are typed and shown in Korean time. Korea keeps no daylight saving time, so a fixed offset is
 * exact (and needs no time-zone data in the browser).
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60_000;

function seoulParts(date: Date) {
  const shifted = new Date(date.getTime() + SEOUL_OFFSET_MS).toISOString();
  return { day: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** The value of a datetime-local field in Korean time: "2026-05-01T10:00". */
export function toSeoulInput(date: Date): string {
  const { day, time } = seoulParts(date);
  return `${day}T${time}`;
}

/** A datetime-local value read as Korean time; null unless it is a real date and time. */
export function parseSeoulInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second ?? 0);
  const date = new Date(utc - SEOUL_OFFSET_MS);
  // Date.UTC rolls 2026-02-30 over into March: such a value is not a real date.
  if (toSeoulInput(date).slice(0, 16) !== value.trim().slice(0, 16)) return null;
  return date;
}

/** "2026.05.01 10:00" in Korean time. */
export function formatSeoul(date: Date): string {
  const { day, time } = seoulParts(date);
  return `${day.replaceAll("-", ".")} ${time}`;
}

/** "2026.05.01" in Korean time. */
export function formatSeoulDate(date: Date): string {
  return seoulParts(date).day.replaceAll("-", ".");
}
