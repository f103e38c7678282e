import { describe, expect, it } from "vitest";
import { eventState } from "./tabs";

describe("event states", () => {
  it("tells an event's state from its period: the start is active, the end is ended", () => {
    const event = { startsAt: new Date("2026-05-01T00:00:00Z"), endsAt: new Date("2026-05-02T00:00:00Z") };
    expect(eventState(event, new Date("2026-04-30T23:59:59Z"))).toBe("upcoming");
    expect(eventState(event, event.startsAt)).toBe("active");
    expect(eventState(event, event.endsAt)).toBe("ended");
  });
});
