import { describe, expect, it } from "vitest";
import { parseSeoulInput, seoulDay, seoulTime, toSeoulInput } from "#app/platform/seoul-calendar";
import { formatDate, formatDateTime, formatDay, formatRelative } from "./calendar";

describe("the Seoul calendar", () => {
  it("puts a moment written between 00:00 and 09:00 KST on its Seoul day, not the UTC one", () => {
    expect(seoulDay("2026-11-21T15:30:00Z")).toBe("2026-11-22");
    expect(seoulDay("2026-11-21T14:59:59.999Z")).toBe("2026-11-21");
    expect(seoulDay(new Date("2026-11-21T15:00:00Z"))).toBe("2026-11-22");
    expect(seoulDay("2026-12-31T15:00:00Z")).toBe("2027-01-01");
    expect(seoulTime("2026-11-21T15:30:00Z")).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 0,
      minute: 30,
      second: 0,
    });
    expect(formatDate("ko", "2026-11-21T15:30:00Z")).toBe("2026.11.22");
    expect(formatDate("en", "2026-11-21T15:30:00Z")).toBe("Nov 22, 2026");
  });

  it("writes dates and times the same way in every runtime", () => {
    const at = "2026-11-22T11:22:00Z";
    expect(formatDate("ko", at)).toBe("2026.11.22");
    expect(formatDate("en", at)).toBe("Nov 22, 2026");
    expect(formatDateTime("ko", at)).toBe("2026.11.22 20:22");
    expect(formatDateTime("en", at)).toBe("Nov 22, 2026, 8:22 PM");
    expect(formatDateTime("ko", "2026-11-05T15:05:00Z")).toBe("2026.11.06 00:05");
    expect(formatDateTime("en", "2026-11-05T15:05:00Z")).toBe("Nov 6, 2026, 12:05 AM");
    expect(formatDateTime("en", "2026-11-06T03:00:00Z")).toBe("Nov 6, 2026, 12:00 PM");
    expect(formatDay("ko", "2026-12-01")).toBe("2026.12.01");
    expect(formatDay("en", "2026-12-01")).toBe("Dec 1, 2026");
  });

  it("reads and writes datetime-local values as Korean time", () => {
    const start = parseSeoulInput("2026-05-01T10:00");
    expect(start?.toISOString()).toBe("2026-05-01T01:00:00.000Z");
    expect(toSeoulInput(start!)).toBe("2026-05-01T10:00");
    expect(toSeoulInput(new Date("2026-04-30T15:30:00Z"))).toBe("2026-05-01T00:30");
    for (const value of ["", "2026-02-30T10:00", "2026-05-01 10:00", "2026-05-01T24:00", "tomorrow"])
      expect(parseSeoulInput(value), value).toBeNull();
  });
});

describe("relative times", () => {
  const now = new Date("2026-11-22T11:00:00Z"); // 20:00 in Seoul
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;
  const hour = 60 * minute;

  it("say just now, then minutes, then hours, in both languages with plurals", () => {
    expect(formatRelative("ko", ago(59_999), now)).toBe("방금 전");
    expect(formatRelative("en", ago(0), now)).toBe("just now");
    expect(formatRelative("ko", ago(minute), now)).toBe("1분 전");
    expect(formatRelative("en", ago(minute), now)).toBe("1 minute ago");
    expect(formatRelative("en", ago(3 * minute + 59_000), now)).toBe("3 minutes ago");
    expect(formatRelative("ko", ago(59 * minute + 59_000), now)).toBe("59분 전");
    expect(formatRelative("ko", ago(hour), now)).toBe("1시간 전");
    expect(formatRelative("en", ago(hour), now)).toBe("1 hour ago");
    expect(formatRelative("en", ago(23 * hour + 59 * minute), now)).toBe("23 hours ago");
  });

  it("count Seoul calendar days after a day, and give the date from the seventh day on", () => {
    expect(formatRelative("ko", ago(24 * hour), now)).toBe("어제");
    expect(formatRelative("en", ago(24 * hour), now)).toBe("yesterday");
    // 23:50 two Seoul days ago is 24 h 10 min before 00:00 on the Seoul day after: "2 days".
    expect(formatRelative("en", "2026-11-20T14:50:00Z", "2026-11-21T15:00:00Z")).toBe("2 days ago");
    expect(formatRelative("ko", ago(3 * 24 * hour), now)).toBe("3일 전");
    expect(formatRelative("en", ago(6 * 24 * hour), now)).toBe("6 days ago");
    expect(formatRelative("ko", ago(7 * 24 * hour), now)).toBe("2026.11.15");
    expect(formatRelative("en", ago(7 * 24 * hour), now)).toBe("Nov 15, 2026");
  });

  it("read a moment after `now` (written since the page loaded) as just now", () => {
    expect(formatRelative("ko", new Date(now.getTime() + 10 * minute), now)).toBe("방금 전");
    expect(formatRelative("en", now.toISOString(), now.toISOString())).toBe("just now");
  });
});
