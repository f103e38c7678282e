/** The one source of "now", so that time-based rules can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * Another clock moved forward by an offset that only grows: the server's clock when TEST_CLOCK is on, so that the
 * browser tests can pass a time window (an event's start, an edit window) without waiting. It never goes back.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now() {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  /** Moves forward by `ms` milliseconds. */
  advance(ms: number) {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the clock only moves forward");
    this.offsetMs += ms;
  }
  /** Moves forward to `at`; a moment already past is refused. */
  moveTo(at: Date) {
    this.advance(at.getTime() - this.now().getTime());
  }
}
