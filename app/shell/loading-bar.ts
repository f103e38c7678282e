/** Timings of the top loading bar. */
export const loadingBarTimings = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
} as const;

export interface LoadingBarState {
  visible: boolean;
  progress: number;
  error: boolean;
}

type Listener = (state: LoadingBarState) => void;

/**
 * The bar appears only for loads longer than the throttle, creeps towards 100% over the duration, then stays at 100%
 * for the hide delay and is reset after the reset delay. An error turns it red until the reset.
 */
export class LoadingBarController {
  private state: LoadingBarState = { visible: false, progress: 0, error: false };
  private timers: ReturnType<typeof setTimeout>[] = [];
  private ticker: ReturnType<typeof setInterval> | undefined;
  private loading = false;
  private navigated = false;
  private listeners = new Set<Listener>();

  subscribe(listener: Listener) {
    this.listeners.add(listener);
    listener(this.state);
    return () => void this.listeners.delete(listener);
  }

  get current() {
    return this.state;
  }

  private set(patch: Partial<LoadingBarState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  start() {
    if (this.loading) return;
    this.loading = true;
    this.navigated = true;
    this.clearTimers();
    this.set({ error: false, progress: 0, visible: false });
    this.timers.push(
      setTimeout(() => {
        if (!this.loading) return;
        const step = 100 / (loadingBarTimings.duration / 100);
        this.set({ visible: true, progress: step });
        this.ticker = setInterval(() => {
          // Never reaches 100% on its own: only finish() completes the bar.
          this.set({ progress: Math.min(this.state.progress + step * (1 - this.state.progress / 100), 95) });
        }, 100);
      }, loadingBarTimings.throttle),
    );
  }

  finish() {
    if (!this.loading) return;
    this.loading = false;
    this.clearTimers();
    if (!this.state.visible) {
      this.set({ progress: 0 });
      return;
    }
    this.set({ progress: 100 });
    this.timers.push(
      setTimeout(() => {
        this.set({ visible: false });
        this.timers.push(
          setTimeout(() => this.set({ progress: 0, error: false }), loadingBarTimings.resetDelay),
        );
      }, loadingBarTimings.hideDelay),
    );
  }

  /** Marks the current (or just finished) navigation as failed; the first server-rendered page is not one. */
  error() {
    if (!this.navigated) return;
    this.set({ error: true, visible: true });
    if (!this.loading) {
      this.loading = true;
      this.finish();
    }
  }
}

export const loadingBar = new LoadingBarController();
