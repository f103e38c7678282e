import { aliasedTable, and, asc, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { coupon, member, memberCoupon, type CouponDiscountKind, type MeetingKind } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { hit, refund, type RateRule } from "#app/platform/rate-limit.server";
import { HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import type { CouponBoxGroup } from "./coupon.schema";
import type { CouponErrorCode } from "./errors";
import { COUPON_CODE, normaliseCouponCode } from "./rules";

/*
 * The member's coupon box (/my/coupon, ADR 060): registering a coupon by its code, and the coupons held, usable,
 * used and expired.
 */

const couponError = (code: CouponErrorCode, params?: Record<string, string | number>) =>
  new DomainError("coupon", code, params ? { params } : undefined);

/**
 * Codes that name no coupon, per member: a code is a secret worth guessing, so wrong ones are limited as wrong
 * passwords are. Every try counts before the look-up (parallel guesses cannot overrun the limit) and a code that
 * names a coupon is given back.
 */
export const codeGuesses: RateRule = { limit: 10, windowMs: HOUR_MS };
const guessKey = (memberId: string) => `coupon:code:${memberId}`;

export interface Registered {
  memberCouponId: number;
  name: string;
  expiresAt: Date;
}

/**
 * Registers a coupon by its code for the member: one per member ("already received"), only between its start and
 * its end and while any are left. The count is taken by one guarded statement on the coupon's row, so when two
 * members register the last one at once, one gets it and the other is told it is sold out.
 */
export async function registerCoupon(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: { code: string },
): Promise<Registered> {
  const code = normaliseCouponCode(input.code);
  if (code === "") throw couponError("code_required");
  const attempt = await hit(db, guessKey(actor.id), codeGuesses, clock.now());
  if (!attempt.allowed)
    throw couponError("too_many_attempts", {
      minutes: Math.max(1, Math.ceil(attempt.retryAfterMs / MINUTE_MS)),
    });
  const [found] = COUPON_CODE.test(code)
    ? await db.select({ id: coupon.id }).from(coupon).where(eq(coupon.code, code))
    : [];
  if (!found) throw couponError("code_unknown");
  await refund(db, guessKey(actor.id));
  return runInTransaction(db, clock, async (uow) => {
    const [row] = await uow.tx.select().from(coupon).where(eq(coupon.id, found.id));
    if (!row) throw couponError("code_unknown");
    const [held] = await uow.tx
      .select({ id: memberCoupon.id })
      .from(memberCoupon)
      .where(and(eq(memberCoupon.couponId, row.id), eq(memberCoupon.memberId, actor.id)));
    if (held) throw couponError("already_received");
    if (row.endedAt !== null || row.endsAt <= uow.now) throw couponError("expired");
    if (row.startsAt > uow.now) throw couponError("not_started");
    // Waits for any other registration of this coupon, then counts again: never past the quantity.
    const [claimed] = await uow.tx
      .update(coupon)
      .set({ issuedCount: sql`${coupon.issuedCount} + 1` })
      .where(
        and(
          eq(coupon.id, row.id),
          isNull(coupon.endedAt),
          sql`(${coupon.quantity} is null or ${coupon.issuedCount} < ${coupon.quantity})`,
        ),
      )
      .returning({ id: coupon.id });
    if (!claimed) throw couponError(row.quantity !== null ? "sold_out" : "expired");
    // The member's own double submit: the second waits on the first's key, then finds it (and gives its count back).
    const [given] = await uow.tx
      .insert(memberCoupon)
      .values({ couponId: row.id, memberId: actor.id, issuedAt: uow.now, expiresAt: row.endsAt })
      .onConflictDoNothing()
      .returning({ id: memberCoupon.id });
    if (!given) throw couponError("already_received");
    return { memberCouponId: given.id, name: row.name, expiresAt: row.endsAt };
  });
}

/** A coupon in the member's box. */
export interface BoxCoupon {
  id: number;
  /** The code of this member's coupon, for support: `C-000042`. */
  instanceCode: string;
  name: string;
  discountKind: CouponDiscountKind;
  value: number;
  maxDiscount: number | null;
  minAmount: number;
  meetingKinds: MeetingKind[];
  /** The administrator who made it; null for the platform's own (or an account since gone). */
  issuerNickname: string | null;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /** The won it took off, once used. */
  discount: number | null;
}

/** A member coupon's code as the box shows it. */
export const instanceCode = (id: number) => `C-${String(id).padStart(6, "0")}`;

const BOX_PAGE_SIZE = 20;

/**
 * One page of the member's coupons of a group — usable (soonest to expire first), used (latest first) or expired
 * (latest first) — and how many each group holds.
 */
export async function listCouponBox(
  db: Database,
  clock: Clock,
  actor: Actor,
  query: { tab: CouponBoxGroup; page: number },
): Promise<{ rows: BoxCoupon[]; hasNext: boolean; counts: Record<CouponBoxGroup, number> }> {
  const now = clock.now();
  const mine = eq(memberCoupon.memberId, actor.id);
  const unused = isNull(memberCoupon.usedAt);
  const groups: Record<CouponBoxGroup, { where: SQL; order: SQL[] }> = {
    usable: { where: and(unused, gt(memberCoupon.expiresAt, now))!, order: [asc(memberCoupon.expiresAt)] },
    used: { where: isNotNull(memberCoupon.usedAt), order: [desc(memberCoupon.usedAt)] },
    expired: { where: and(unused, lte(memberCoupon.expiresAt, now))!, order: [desc(memberCoupon.expiresAt)] },
  };
  const { where, order } = groups[query.tab];
  const issuer = aliasedTable(member, "issuer");
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        held: memberCoupon,
        coupon: {
          name: coupon.name,
          discountKind: coupon.discountKind,
          value: coupon.value,
          maxDiscount: coupon.maxDiscount,
          minAmount: coupon.minAmount,
          meetingKinds: coupon.meetingKinds,
        },
        issuerNickname: issuer.nickname,
      })
      .from(memberCoupon)
      .innerJoin(coupon, eq(coupon.id, memberCoupon.couponId))
      .leftJoin(issuer, eq(issuer.id, coupon.issuerId))
      .where(and(mine, where))
      .orderBy(...order, desc(memberCoupon.id))
      .limit(BOX_PAGE_SIZE + 1)
      .offset((query.page - 1) * BOX_PAGE_SIZE),
    db
      .select({
        usable: sql<number>`count(*) filter (where ${groups.usable.where})::int`,
        used: sql<number>`count(*) filter (where ${groups.used.where})::int`,
        expired: sql<number>`count(*) filter (where ${groups.expired.where})::int`,
      })
      .from(memberCoupon)
      .where(mine),
  ]);
  return {
    rows: rows.slice(0, BOX_PAGE_SIZE).map(({ held, coupon: terms, issuerNickname }) => ({
      id: held.id,
      instanceCode: instanceCode(held.id),
      ...terms,
      issuerNickname,
      issuedAt: held.issuedAt,
      expiresAt: held.expiresAt,
      usedAt: held.usedAt,
      discount: held.discount,
    })),
    hasNext: rows.length > BOX_PAGE_SIZE,
    counts: {
      usable: Number(counts?.usable ?? 0),
      used: Number(counts?.used ?? 0),
      expired: Number(counts?.expired ?? 0),
    },
  };
}
