import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { rateLimitCounter, verificationSend } from "#app/db/schema";
import { createTestDatabase } from "#tests/setup/database";
import { FixedClock } from "./clock.server";
import {
  clearSends,
  hit,
  MAX_RATE_WINDOW_MS,
  peek,
  purgeStaleRateCounters,
  recordSend,
  refund,
  reset,
  type RateRule,
} from "./rate-limit.server";

let db: Database;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

const start = new Date("2026-11-21T00:00:00Z");
const HOUR = 60 * 60_000;

async function storedCount(key: string) {
  const [row] = await db.select().from(rateLimitCounter).where(eq(rateLimitCounter.key, key));
  return row?.count;
}

async function storedSend(target: string, purpose: string) {
  const [row] = await db
    .select()
    .from(verificationSend)
    .where(and(eq(verificationSend.target, target), eq(verificationSend.purpose, purpose)));
  return row;
}

describe("fixed-window rate limit", () => {
  const rule: RateRule = { limit: 3, windowMs: 60_000 };

  it("allows `limit` hits per window and counts each key apart", async () => {
    const clock = new FixedClock(start);
    const verdicts = [];
    for (let n = 0; n < 3; n++) {
      verdicts.push(await hit(db, "sign-in:ip:203.0.113.7", rule, clock.now()));
      clock.advance(10_000);
    }
    expect(verdicts).toEqual([
      { allowed: true, remaining: 2, retryAfterMs: 0 },
      { allowed: true, remaining: 1, retryAfterMs: 0 },
      { allowed: true, remaining: 0, retryAfterMs: 0 },
    ]);
    // 30 s into the window that began with the first hit.
    expect(await hit(db, "sign-in:ip:203.0.113.7", rule, clock.now())).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 30_000,
    });
    expect(await hit(db, "sign-in:ip:203.0.113.7", rule, clock.now())).toMatchObject({ allowed: false });
    expect(await storedCount("sign-in:ip:203.0.113.7")).toBe(5);

    expect(await hit(db, "sign-in:ip:203.0.113.8", rule, clock.now())).toEqual({
      allowed: true,
      remaining: 2,
      retryAfterMs: 0,
    });
  });

  it("starts a new window once the old one has ended", async () => {
    const clock = new FixedClock(start);
    const key = "sign-in:email:rider@example.com";
    for (let n = 0; n < 4; n++) await hit(db, key, rule, clock.now());

    clock.advance(rule.windowMs - 1);
    expect(await hit(db, key, rule, clock.now())).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1 });

    clock.advance(1);
    expect(await hit(db, key, rule, clock.now())).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
    expect(await storedCount(key)).toBe(1);
    const [row] = await db.select().from(rateLimitCounter).where(eq(rateLimitCounter.key, key));
    expect(row!.windowStart.getTime()).toBe(clock.now().getTime());

    // The new window runs from its own first hit.
    clock.advance(rule.windowMs - 1);
    await hit(db, key, rule, clock.now());
    await hit(db, key, rule, clock.now());
    expect(await hit(db, key, rule, clock.now())).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1 });
  });

  it("peeks without counting, and reset forgets the key", async () => {
    const clock = new FixedClock(start);
    const key = "password-change:member-1";
    expect(await peek(db, key, rule, clock.now())).toEqual({ allowed: true, remaining: 3, retryAfterMs: 0 });

    await hit(db, key, rule, clock.now());
    await hit(db, key, rule, clock.now());
    for (let n = 0; n < 3; n++) {
      expect(await peek(db, key, rule, clock.now())).toEqual({
        allowed: true,
        remaining: 1,
        retryAfterMs: 0,
      });
    }
    expect(await storedCount(key)).toBe(2);

    await hit(db, key, rule, clock.now());
    clock.advance(20_000);
    expect(await peek(db, key, rule, clock.now())).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 40_000,
    });
    clock.advance(40_000);
    expect(await peek(db, key, rule, clock.now())).toEqual({ allowed: true, remaining: 3, retryAfterMs: 0 });

    clock.set(start);
    expect(await peek(db, key, rule, clock.now())).toMatchObject({ allowed: false });
    await reset(db, key);
    expect(await storedCount(key)).toBeUndefined();
    expect(await hit(db, key, rule, clock.now())).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
  });

  it("gives back a hit that turned out not to count, never below zero", async () => {
    const clock = new FixedClock(start);
    const key = "sign-in:untrusted:member-2";
    await hit(db, key, rule, clock.now());
    await hit(db, key, rule, clock.now());
    await refund(db, key);
    expect(await storedCount(key)).toBe(1);
    await refund(db, key);
    await refund(db, key);
    expect(await storedCount(key)).toBe(0);
    await refund(db, "never-hit");
    expect(await storedCount("never-hit")).toBeUndefined();
  });

  it("refuses a rule that cannot be counted", async () => {
    await expect(hit(db, "bad", { limit: -1, windowMs: 1000 }, start)).rejects.toThrow(RangeError);
    await expect(hit(db, "bad", { limit: 3, windowMs: 0 }, start)).rejects.toThrow(RangeError);
    expect(await storedCount("bad")).toBeUndefined();
  });

  it("counts every one of many concurrent hits on one key", { tags: ["concurrency"] }, async () => {
    const key = "sign-up:ip:198.51.100.1";
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, () => hit(db, key, { limit: 10, windowMs: 60_000 }, start)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    expect(
      verdicts
        .filter((v) => v.allowed)
        .map((v) => v.remaining)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await storedCount(key)).toBe(40);
  });
});

describe("verification sends in a row", () => {
  const target = "rider@example.com";

  it("refuses the 6th send without counting it, and a verification clears the run", async () => {
    const clock = new FixedClock(start);
    const results = [];
    for (let n = 0; n < 5; n++) {
      results.push(await recordSend(db, target, "email-verify", clock.now()));
      clock.advance(60_000);
    }
    expect(results).toEqual([1, 2, 3, 4, 5].map((count) => ({ allowed: true, count })));
    const lastSentAt = (await storedSend(target, "email-verify"))!.lastSentAt;

    expect(await recordSend(db, target, "email-verify", clock.now())).toEqual({ allowed: false, count: 5 });
    clock.advance(60_000);
    expect(await recordSend(db, target, "email-verify", clock.now())).toEqual({ allowed: false, count: 5 });
    expect(await storedSend(target, "email-verify")).toMatchObject({ count: 5, lastSentAt });

    // Another purpose or another address has its own run.
    expect(await recordSend(db, target, "password-reset", clock.now())).toEqual({ allowed: true, count: 1 });
    expect(await recordSend(db, "other@example.com", "email-verify", clock.now())).toEqual({
      allowed: true,
      count: 1,
    });

    await clearSends(db, target, "email-verify");
    expect(await storedSend(target, "email-verify")).toBeUndefined();
    expect(await storedSend(target, "password-reset")).toMatchObject({ count: 1 });
    expect(await recordSend(db, target, "email-verify", clock.now())).toEqual({ allowed: true, count: 1 });
  });

  it("starts a new run 24 hours after the last allowed send", async () => {
    const clock = new FixedClock(start);
    const phone = "01098765432";
    for (let n = 0; n < 5; n++) await recordSend(db, phone, "phone-verify", clock.now());

    // Refused attempts do not move the reset further away.
    clock.advance(12 * HOUR);
    expect(await recordSend(db, phone, "phone-verify", clock.now())).toEqual({ allowed: false, count: 5 });
    clock.advance(12 * HOUR - 1);
    expect(await recordSend(db, phone, "phone-verify", clock.now())).toEqual({ allowed: false, count: 5 });

    clock.advance(1);
    expect(await recordSend(db, phone, "phone-verify", clock.now())).toEqual({ allowed: true, count: 1 });
    expect(await storedSend(phone, "phone-verify")).toMatchObject({ count: 1, lastSentAt: clock.now() });
  });

  it("keeps counting a run whose sends are less than 24 hours apart, and honours other limits", async () => {
    const clock = new FixedClock(start);
    const options = { maxInARow: 2, resetAfterMs: HOUR };
    expect(await recordSend(db, "slow@example.com", "email-verify", clock.now(), options)).toEqual({
      allowed: true,
      count: 1,
    });
    clock.advance(HOUR - 1);
    expect(await recordSend(db, "slow@example.com", "email-verify", clock.now(), options)).toEqual({
      allowed: true,
      count: 2,
    });
    clock.advance(HOUR - 1);
    expect(await recordSend(db, "slow@example.com", "email-verify", clock.now(), options)).toEqual({
      allowed: false,
      count: 2,
    });
    clock.advance(1);
    expect(await recordSend(db, "slow@example.com", "email-verify", clock.now(), options)).toEqual({
      allowed: true,
      count: 1,
    });
    await expect(recordSend(db, "x", "y", clock.now(), { maxInARow: 0 })).rejects.toThrow(RangeError);
    expect(await storedSend("x", "y")).toBeUndefined();
  });

  it("allows exactly 5 of 20 concurrent sends", { tags: ["concurrency"] }, async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => recordSend(db, "burst@example.com", "email-verify", start)),
    );
    const allowed = results.filter((r) => r.allowed);
    expect(allowed.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(results.filter((r) => !r.allowed).every((r) => r.count === 5)).toBe(true);
    expect(await storedSend("burst@example.com", "email-verify")).toMatchObject({ count: 5 });
  });
});

describe("stale counters", () => {
  it("are purged once no rule can still read them, and rules longer than that are refused", async () => {
    const day = { limit: 5, windowMs: MAX_RATE_WINDOW_MS };
    await hit(db, "purge:old", { limit: 5, windowMs: HOUR }, start);
    await hit(db, "purge:day", day, new Date(start.getTime() + HOUR));
    const later = new Date(start.getTime() + MAX_RATE_WINDOW_MS + 30 * 60_000);
    expect(await purgeStaleRateCounters(db, later)).toBeGreaterThan(0);
    expect(await storedCount("purge:old")).toBeUndefined();
    // The day-long window that started an hour later is still running and keeps its count.
    expect(await storedCount("purge:day")).toBe(1);
    await expect(
      hit(db, "purge:long", { limit: 1, windowMs: MAX_RATE_WINDOW_MS + 1 }, start),
    ).rejects.toThrow(RangeError);
  });
});
