/**
 * How fast something may happen: up to `burst` at once, then `perSecond` on average (a token bucket). Kept in
 * memory, so each process counts its own; fine for pacing live connections, which belong to one process.
 */
export interface PaceRule {
  burst: number;
  perSecond: number;
}

/** One bucket: `take` spends a token when one is there and says whether it did. */
export class Pace {
  #tokens: number;
  #at: number;

  constructor(
    private readonly rule: PaceRule,
    now: number,
  ) {
    this.#tokens = rule.burst;
    this.#at = now;
  }

  #refill(now: number) {
    const elapsed = Math.max(0, now - this.#at) / 1000;
    this.#tokens = Math.min(this.rule.burst, this.#tokens + elapsed * this.rule.perSecond);
    this.#at = now;
  }

  take(now: number): boolean {
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Whether the bucket is back to its burst: forgetting it then changes nothing. */
  isFull(now: number): boolean {
    this.#refill(now);
    return this.#tokens >= this.rule.burst;
  }
}

/** Buckets by key (a member's id); full ones are forgotten now and then, so the map holds only recent senders. */
export class Paces {
  readonly #buckets = new Map<string, Pace>();
  #sincePrune = 0;

  constructor(private readonly rule: PaceRule) {}

  take(key: string, now: number): boolean {
    if (++this.#sincePrune >= 1_000) this.#prune(now);
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = new Pace(this.rule, now);
      this.#buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  #prune(now: number) {
    this.#sincePrune = 0;
    for (const [key, bucket] of this.#buckets) if (bucket.isFull(now)) this.#buckets.delete(key);
  }
}
