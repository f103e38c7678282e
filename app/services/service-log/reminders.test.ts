import { describe, expect, it } from "vitest";
import { addMonths, bikeReminders, defaultIntervals, reminderDedupeKey, reminderStatus } from "./reminders";

const oil = defaultIntervals.oil;
const last = (doneOn: string, mileageKm: number | null = 10_000) => ({ entryId: 7, doneOn, mileageKm });

describe("periodic work reminders", () => {
  it("adds months within the target month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-08-15", 6)).toBe("2027-02-15");
    expect(addMonths("2026-12-01", 36)).toBe("2029-12-01");
  });

  it("is due when its months have passed, even with few kilometres", () => {
    const status = reminderStatus("oil", oil, last("2026-05-20"), 10_100, "2026-11-20");
    expect(status).toMatchObject({ state: "due", dueOn: "2026-11-20", dueKm: 13_000 });
  });

  it("is due when its kilometres have been ridden, before its day", () => {
    expect(reminderStatus("oil", oil, last("2026-10-01"), 13_000, "2026-11-20").state).toBe("due");
    expect(reminderStatus("oil", oil, last("2026-10-01"), 12_999, "2026-11-20").state).toBe("soon");
  });

  it("is coming soon within 30 days or 300 km, fine before that", () => {
    expect(reminderStatus("oil", oil, last("2026-06-10"), 10_000, "2026-11-20").state).toBe("soon");
    expect(reminderStatus("oil", oil, last("2026-06-21"), 10_000, "2026-11-20").state).toBe("ok");
    expect(reminderStatus("oil", oil, last("2026-10-01"), 12_700, "2026-11-20").state).toBe("soon");
    expect(reminderStatus("oil", oil, last("2026-10-01"), 12_699, "2026-11-20").state).toBe("ok");
  });

  it("counts by months alone without a mileage, and by nothing without an entry", () => {
    expect(reminderStatus("oil", oil, last("2026-10-01", null), 99_999, "2026-11-20")).toMatchObject({
      state: "ok",
      dueKm: null,
    });
    expect(reminderStatus("oil", oil, null, 50_000, "2026-11-20").state).toBe("none");
    expect(reminderStatus("oil", { ...oil, enabled: false }, last("2020-01-01"), 0, "2026-11-20").state).toBe(
      "off",
    );
  });

  it("uses the owner's interval where set and the defaults elsewhere", () => {
    const statuses = bikeReminders(
      { chain: { enabled: true, months: 12, km: 5_000 } },
      { chain: last("2026-06-01"), tyres: last("2026-06-01") },
      11_000,
      "2026-11-20",
    );
    expect(statuses.map((status) => [status.work, status.state])).toEqual([
      ["oil", "none"],
      ["chain", "ok"],
      ["tyres", "ok"],
    ]);
  });

  it("names the event by bike, work and the entry it counts from", () => {
    const status = reminderStatus("chain", defaultIntervals.chain, last("2026-01-01"), 0, "2026-11-20");
    expect(reminderDedupeKey(3, status)).toBe("serviceDue:3:chain:7");
  });
});
