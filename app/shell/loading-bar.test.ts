import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadingBarController, loadingBarTimings } from "./loading-bar";

describe("loading bar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays hidden for loads shorter than the throttle", () => {
    const bar = new LoadingBarController();
    bar.start();
    vi.advanceTimersByTime(loadingBarTimings.throttle - 1);
    bar.finish();
    vi.advanceTimersByTime(5_000);
    expect(bar.current).toEqual({ visible: false, progress: 0, error: false });
  });

  it("shows after the throttle, creeps but never completes alone, then hides and resets", () => {
    const bar = new LoadingBarController();
    bar.start();
    vi.advanceTimersByTime(loadingBarTimings.throttle);
    expect(bar.current.visible).toBe(true);
    vi.advanceTimersByTime(loadingBarTimings.duration);
    const midway = bar.current.progress;
    expect(midway).toBeGreaterThan(50);
    vi.advanceTimersByTime(60_000);
    expect(bar.current.progress).toBeLessThanOrEqual(95);

    bar.finish();
    expect(bar.current).toMatchObject({ visible: true, progress: 100 });
    vi.advanceTimersByTime(loadingBarTimings.hideDelay);
    expect(bar.current).toMatchObject({ visible: false, progress: 100 });
    vi.advanceTimersByTime(loadingBarTimings.resetDelay);
    expect(bar.current).toEqual({ visible: false, progress: 0, error: false });
  });

  it("does not show an error for the first server-rendered page", () => {
    const bar = new LoadingBarController();
    bar.error();
    expect(bar.current).toEqual({ visible: false, progress: 0, error: false });
  });

  it("turns red on an error until it resets", () => {
    const bar = new LoadingBarController();
    const seen: boolean[] = [];
    bar.subscribe((state) => seen.push(state.error));
    bar.start();
    vi.advanceTimersByTime(loadingBarTimings.throttle);
    bar.error();
    expect(bar.current).toMatchObject({ error: true, visible: true });
    bar.finish();
    vi.advanceTimersByTime(loadingBarTimings.hideDelay + loadingBarTimings.resetDelay);
    expect(bar.current.error).toBe(false);
    expect(seen).toContain(true);
  });
});
