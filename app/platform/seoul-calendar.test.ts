import { describe, expect, it } from "vitest";
import {
  addSeoulDays,
  daysAgo,
  hoursAgo,
  parseSeoulInput,
  seoulDay,
  seoulDaysBetween,
  seoulMonthPath,
  seoulTime,
  startOfSeoulDay,
  toSeoulInput,
} from "./seoul-calendar";

describe("Seoul days", () => {
  it("turns the day at midnight in Seoul, 15:00 UTC", () => {
    expect(seoulDay(new Date("2026-11-22T14:59:59.999Z"))).toBe("2026-11-22");
    expect(seoulDay(new Date("2026-11-22T15:00:00.000Z"))).toBe("2026-11-23");
    expect(seoulDay("2026-11-22T15:00:00.000Z")).toBe("2026-11-23");
    expect(seoulTime(new Date("2026-11-22T15:00:00Z"))).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it("begins a day at its Seoul midnight", () => {
    expect(startOfSeoulDay("2026-11-23").toISOString()).toBe("2026-11-22T15:00:00.000Z");
    expect(startOfSeoulDay("2027-01-01").toISOString()).toBe("2026-12-31T15:00:00.000Z");
    expect(() => startOfSeoulDay("2026-02-30")).toThrow(RangeError);
    expect(() => startOfSeoulDay("tomorrow")).toThrow(RangeError);
  });

  it("counts days across month ends, leap days and the new year", () => {
    expect(addSeoulDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addSeoulDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addSeoulDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addSeoulDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addSeoulDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addSeoulDays("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("counts calendar days between moments in Seoul, not 24-hour spans", () => {
    // 23:59 and 00:01 in Seoul, two minutes apart, are on two days.
    expect(seoulDaysBetween(new Date("2026-11-22T14:59:00Z"), new Date("2026-11-22T15:01:00Z"))).toBe(1);
    // 00:01 and 23:59 of the same Seoul day, almost a day apart, are on one day.
    expect(seoulDaysBetween(new Date("2026-11-22T15:01:00Z"), new Date("2026-11-23T14:59:00Z"))).toBe(0);
    expect(seoulDaysBetween(new Date("2026-11-30T15:00:00Z"), new Date("2026-12-31T15:00:00Z"))).toBe(31);
  });

  it("measures hours and days ago as durations", () => {
    const now = new Date("2026-12-01T00:30:00Z");
    expect(hoursAgo(now, 24).toISOString()).toBe("2026-11-30T00:30:00.000Z");
    expect(daysAgo(now, 8).toISOString()).toBe("2026-11-23T00:30:00.000Z");
  });

  it("names the month in Seoul for storage folders", () => {
    expect(seoulMonthPath(new Date("2026-11-30T14:59:59Z"))).toBe("2026/11");
    expect(seoulMonthPath(new Date("2026-11-30T15:00:00Z"))).toBe("2026/12");
    expect(seoulMonthPath(new Date("2026-12-31T15:00:00Z"))).toBe("2027/01");
  });

  it("reads and writes datetime-local values in Korean time", () => {
    const at = parseSeoulInput("2026-12-01T00:30");
    expect(at?.toISOString()).toBe("2026-11-30T15:30:00.000Z");
    expect(toSeoulInput(at!)).toBe("2026-12-01T00:30");
    expect(parseSeoulInput("2026-02-29T10:00")).toBeNull();
    expect(parseSeoulInput("2026-11-22 10:00")).toBeNull();
  });
});
