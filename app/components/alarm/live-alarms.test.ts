import { describe, expect, it } from "vitest";
import { badgeText } from "./AlarmBadge";
import { reconnectDelay } from "#app/components/realtime/socket";
import { currentLiveAlarms, receiveLoaderCount, receiveUnread } from "./live-alarms";

describe("live notification state", () => {
  it("reconnects after 1, 2, 5 and then every 10 seconds", () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it("counts arrivals from events and from rises seen on a refresh, never from reads", () => {
    receiveLoaderCount(2);
    expect(currentLiveAlarms()).toEqual({ count: 2, arrived: 0 });
    receiveUnread({ count: 3, arrived: 1 });
    expect(currentLiveAlarms()).toEqual({ count: 3, arrived: 1 });
    receiveUnread({ count: 1 });
    expect(currentLiveAlarms()).toEqual({ count: 1, arrived: 1 });
    // A refresh after a notification to all members: the rise is what arrived.
    receiveUnread({ count: 4 });
    expect(currentLiveAlarms()).toEqual({ count: 4, arrived: 4 });
  });

  it("shows 99+ beyond 99", () => {
    expect([0, 7, 99, 100, 2400].map(badgeText)).toEqual(["0", "7", "99", "99+", "99+"]);
  });
});
