import { describe, expect, it } from "vitest";
import { formatSeoul, formatSeoulDate, parseSeoulInput, toSeoulInput } from "#app/i18n/seoul-time";
import { eventState } from "./tabs";

describe("event times in Korean time", () => {
  it("reads and writes datetime-local values as Asia/Seoul", () => {
    const start = parseSeoulInput("2026-05-01T10:00");
    expect(start?.toISOString()).toBe("2026-05-01T01:00:00.000Z");
    expect(toSeoulInput(start!)).toBe("2026-05-01T10:00");
    expect(formatSeoul(new Date("2026-04-30T15:30:00Z"))).toBe("2026.05.01 00:30");
    expect(formatSeoulDate(new Date("2026-04-30T15:30:00Z"))).toBe("2026.05.01");
  });

  it("refuses values that are not a real date and time", () => {
    for (const value of ["", "2026-02-30T10:00", "2026-05-01 10:00", "2026-05-01T24:00", "tomorrow"])
      expect(parseSeoulInput(value), value).toBeNull();
  });

  it("tells an event's state from its period: the start is active, the end is ended", () => {
    const event = { startsAt: new Date("2026-05-01T00:00:00Z"), endsAt: new Date("2026-05-02T00:00:00Z") };
    expect(eventState(event, new Date("2026-04-30T23:59:59Z"))).toBe("upcoming");
    expect(eventState(event, event.startsAt)).toBe("active");
    expect(eventState(event, event.endsAt)).toBe("ended");
  });
});
