import { describe, expect, it } from "vitest";
import { relativeTime } from "#app/i18n/relative-time";

const now = new Date("2026-03-02T03:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("relative time of notifications", () => {
  it("reads naturally in both languages", () => {
    expect(relativeTime("ko", ago(20), now)).toBe("지금");
    expect(relativeTime("en", ago(20), now)).toBe("now");
    expect(relativeTime("ko", ago(3 * 60), now)).toBe("3분 전");
    expect(relativeTime("en", ago(3 * 60), now)).toBe("3 minutes ago");
    expect(relativeTime("ko", ago(5 * 3600), now)).toBe("5시간 전");
    expect(relativeTime("ko", ago(26 * 3600), now)).toBe("어제");
    expect(relativeTime("en", ago(3 * 86400), now)).toBe("3 days ago");
  });

  it("gives the date in Seoul after a week", () => {
    expect(relativeTime("ko", new Date("2026-02-01T16:00:00Z"), now)).toBe("2026. 2. 2.");
    expect(relativeTime("en", new Date("2026-02-01T16:00:00Z"), now)).toBe("Feb 2, 2026");
  });
});
