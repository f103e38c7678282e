import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import { rateLimitCounter, verificationSend } from "#app/db/schema";

/** At most `limit` hits per key in each fixed window of `windowMs`, the window starting at the first hit. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Hits still allowed in the current window. */
  remaining: number;
  /** When not allowed: how long until the window ends; otherwise 0. */
  retryAfterMs: number;
}

/** The longest window a rule may have; counters older than this are stale for every rule and can go. */
export const MAX_RATE_WINDOW_MS = 24 * 60 * 60_000;

function checkRule(rule: RateRule) {
  if (!Number.isInteger(rule.limit) || rule.limit < 0) throw new RangeError(`bad rate limit ${rule.limit}`);
  if (!(rule.windowMs > 0) || rule.windowMs > MAX_RATE_WINDOW_MS)
    throw new RangeError(`bad rate window ${rule.windowMs}`);
}

/** Deletes counters whose window ended for any possible rule (run daily by the job worker). */
export async function purgeStaleRateCounters(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitCounter)
    .where(
      sql`${rateLimitCounter.windowStart} < ${new Date(now.getTime() - MAX_RATE_WINDOW_MS)}::timestamptz`,
    )
    .returning({ key: rateLimitCounter.key });
  return removed.length;
}

function verdict(count: number, windowStart: Date, rule: RateRule, now: Date, allowed: boolean): RateVerdict {
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    retryAfterMs: allowed ? 0 : Math.max(0, windowStart.getTime() + rule.windowMs - now.getTime()),
  };
}

/**
 * Counts one hit on `key` and says whether it is within the rule. The read and the increment are one statement, so
 * hits from concurrent requests and processes are all counted. A window that has ended starts again at `now`.
 */
export async function hit(db: Database, key: string, rule: RateRule, now: Date): Promise<RateVerdict> {
  checkRule(rule);
  const expired = sql`${rateLimitCounter.windowStart} <= ${new Date(now.getTime() - rule.windowMs)}::timestamptz`;
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`
    insert into ${rateLimitCounter} (key, window_start, count) values (${key}, ${now}::timestamptz, 1)
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${rateLimitCounter.count} + 1 end,
      window_start = case when ${expired} then ${now}::timestamptz else ${rateLimitCounter.windowStart} end
    returning count, window_start`,
  );
  if (!row) throw new Error("rate limit upsert returned no row");
  const count = Number(row.count);
  return verdict(count, new Date(row.window_start), rule, now, count <= rule.limit);
}

/** The state of `key` without counting a hit: `allowed` says whether a hit now would be allowed. */
export async function peek(db: Database, key: string, rule: RateRule, now: Date): Promise<RateVerdict> {
  checkRule(rule);
  const [row] = await db
    .select({ count: rateLimitCounter.count, windowStart: rateLimitCounter.windowStart })
    .from(rateLimitCounter)
    .where(eq(rateLimitCounter.key, key));
  if (!row || row.windowStart.getTime() + rule.windowMs <= now.getTime()) {
    return verdict(0, now, rule, now, rule.limit > 0);
  }
  return verdict(row.count, row.windowStart, rule, now, row.count < rule.limit);
}

/**
 * Gives back one hit on `key`. Callers count an attempt before doing the work, so that concurrent attempts cannot
 * all pass a limit they are about to exceed, and give the hit back when the attempt turned out not to count.
 */
export async function refund(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimitCounter)
    .set({ count: sql`${rateLimitCounter.count} - 1` })
    .where(and(eq(rateLimitCounter.key, key), sql`${rateLimitCounter.count} > 0`));
}

/** Forgets the hits on `key`, e.g. after a successful sign-in. */
export async function reset(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounter).where(eq(rateLimitCounter.key, key));
}

export interface SendRule {
  /** Sends allowed in a row before a successful verification or the reset period. */
  maxInARow?: number;
  /** A run of sends is forgotten this long after its last send. */
  resetAfterMs?: number;
}

/**
 * Records a verification code or link sent to `target` (an e-mail address or phone number, normalised by the
 * caller) for `purpose`. A send is allowed while fewer than `maxInARow` were sent in a row; a refused send changes
 * nothing, so retrying does not push the reset further away. `count` is the sends in the current run, this one
 * included when allowed (at least `maxInARow` when refused). One statement, so concurrent sends cannot get past the limit.
 */
export async function recordSend(
  db: Database,
  target: string,
  purpose: string,
  now: Date,
  { maxInARow = 5, resetAfterMs = 24 * 60 * 60_000 }: SendRule = {},
): Promise<{ allowed: boolean; count: number }> {
  if (!Number.isInteger(maxInARow) || maxInARow < 1) throw new RangeError(`bad send limit ${maxInARow}`);
  if (!(resetAfterMs > 0)) throw new RangeError(`bad send reset ${resetAfterMs}`);
  const expired = sql`${verificationSend.lastSentAt} <= ${new Date(now.getTime() - resetAfterMs)}::timestamptz`;
  const rows = await queryRows<{ count: number; allowed: boolean }>(
    db,
    sql`
    with sent as (
      insert into ${verificationSend} (target, purpose, count, last_sent_at)
      values (${target}, ${purpose}, 1, ${now}::timestamptz)
      on conflict (target, purpose) do update set
        count = case when ${expired} then 1 else ${verificationSend.count} + 1 end,
        last_sent_at = ${now}::timestamptz
      where ${expired} or ${verificationSend.count} < ${maxInARow}
      returning count
    )
    select count, true as allowed from sent
    union all
    select greatest(count, ${maxInARow}), false as allowed from ${verificationSend}
    where ${and(eq(verificationSend.target, target), eq(verificationSend.purpose, purpose))}
      and not exists (select 1 from sent)`,
  );
  const [row] = rows;
  // A refusal reads the count as of the statement's snapshot, which concurrent sends may have passed; the run was
  // full when refused, so it is at least `maxInARow` (and a row committed after the snapshot is not seen at all).
  if (!row) return { allowed: false, count: maxInARow };
  return { allowed: row.allowed, count: Number(row.count) };
}

/** Forgets the sends to `target` for `purpose`, after it was verified. */
export async function clearSends(db: Database, target: string, purpose: string): Promise<void> {
  await db
    .delete(verificationSend)
    .where(and(eq(verificationSend.target, target), eq(verificationSend.purpose, purpose)));
}
