import { aliasedTable, and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { coupon, member, memberCoupon, type CouponDiscountKind, type MeetingKind } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type DatabaseOrUnit, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import { notifyEach } from "#app/services/notifications/notify.server";
import { requirePermission } from "#app/services/permissions";
import { COUPON_NAME_MAX, COUPON_WON_MAX, ISSUE_MEMBERS_MAX } from "./coupon.schema";
import type { CouponErrorCode } from "./errors";
import { COUPON_CODE, couponMeetingKinds, discountKinds, normaliseCouponCode } from "./rules";

/*
 * Coupons as the operator console makes them (ADR 060): create one, end one early, issue one to members. Each act
 * needs `manage:money` (administrators and finance staff; the page also wants the recent step-up) and writes its
 * audit row in its own unit of work. Issuing and members' registrations both take the coupon's row first, so the
 * count of holders never passes the quantity.
 */

const couponError = (code: CouponErrorCode, params?: Record<string, string | number>) =>
  new DomainError("coupon", code, params ? { params } : undefined);

function requireMoneyStaff(actor: Actor | null): asserts actor is StaffActor {
  requirePermission(actor, "manage:money", () => couponError("forbidden"));
}

/** The largest amount a field holds (PostgreSQL `integer`, with room). */
const AMOUNT_MAX = 999_999_999;
const CONSOLE_PAGE_SIZE = 20;

const isWhole = (value: number, min: number, max: number) =>
  Number.isSafeInteger(value) && value >= min && value <= max;

export interface CouponInput {
  name: string;
  discountKind: CouponDiscountKind;
  /** Won off, or percent off (1–100). */
  value: number;
  /** Percent only: the most won it takes off; null: no cap. Ignored for a won coupon. */
  maxDiscount: number | null;
  minAmount: number;
  meetingKinds: MeetingKind[];
  startsAt: Date | null;
  endsAt: Date | null;
  /** Null: as many as want it. */
  quantity: number | null;
  /** As typed; normalised here. Null: issued by administrators only. */
  code: string | null;
}

/** The coupon's values, each checked (the form checked them too), or the first refusal. */
function checkedCoupon(input: CouponInput, now: Date) {
  const name = input.name.trim();
  if (name === "" || [...name].length > COUPON_NAME_MAX) throw couponError("name_invalid");
  if (!(discountKinds as readonly string[]).includes(input.discountKind)) throw couponError("value_invalid");
  if (!isWhole(input.value, 1, COUPON_WON_MAX)) throw couponError("value_invalid");
  const percent = input.discountKind === "percent";
  if (percent && input.value > 100) throw couponError("percent_invalid");
  const maxDiscount = percent ? input.maxDiscount : null;
  if (maxDiscount !== null && !isWhole(maxDiscount, 1, AMOUNT_MAX)) throw couponError("cap_invalid");
  if (!isWhole(input.minAmount, 0, AMOUNT_MAX)) throw couponError("minimum_invalid");
  const meetingKinds = couponMeetingKinds.filter((kind) => input.meetingKinds.includes(kind));
  if (meetingKinds.length === 0 || meetingKinds.length !== new Set(input.meetingKinds).size)
    throw couponError("kinds_required");
  const { startsAt, endsAt } = input;
  if (!startsAt || !endsAt || endsAt <= startsAt || endsAt <= now) throw couponError("period_invalid");
  if (input.quantity !== null && !isWhole(input.quantity, 1, AMOUNT_MAX))
    throw couponError("quantity_invalid");
  const code = input.code === null ? null : normaliseCouponCode(input.code);
  if (code !== null && !COUPON_CODE.test(code)) throw couponError("code_format");
  return {
    name,
    discountKind: input.discountKind,
    value: input.value,
    maxDiscount,
    minAmount: input.minAmount,
    meetingKinds,
    startsAt,
    endsAt,
    quantity: input.quantity,
    code,
  };
}

/** Makes a coupon; a registration code another coupon has is refused. Answers its id. */
export async function createCoupon(
  source: DatabaseOrUnit,
  clock: Clock,
  actor: Actor | null,
  input: CouponInput,
  from?: ActingFrom,
): Promise<{ id: number }> {
  requireMoneyStaff(actor);
  return runInTransaction(source, clock, async (uow) => {
    const values = checkedCoupon(input, uow.now);
    // The unique key decides between two administrators choosing one code at once, without failing the unit.
    const [made] = await uow.tx
      .insert(coupon)
      .values({ ...values, issuerId: actor.id, createdAt: uow.now, updatedAt: uow.now })
      .onConflictDoNothing()
      .returning({ id: coupon.id });
    if (!made) throw couponError("code_taken");
    await recordAdminAct(
      uow,
      actor,
      {
        action: "coupon.create",
        subject: { kind: "coupon", id: made.id },
        after: {
          ...values,
          startsAt: values.startsAt.toISOString(),
          endsAt: values.endsAt.toISOString(),
        },
      },
      from,
    );
    return made;
  });
}

/** The coupon's row, locked for the act: registrations and other acts on it wait. */
async function lockCoupon(uow: UnitOfWork, couponId: number) {
  const [row] = await uow.tx.select().from(coupon).where(eq(coupon.id, couponId)).for("update");
  if (!row) throw couponError("not_found");
  return row;
}

/** Whether a coupon is no longer given out at `now`: ended early, or past its end. */
const closed = (row: { endedAt: Date | null; endsAt: Date }, now: Date) =>
  row.endedAt !== null || row.endsAt <= now;

/**
 * Ends a coupon now: no member may register it or be issued it any more. Coupons members already hold keep their
 * expiry (they were given them). One that has already ended is refused.
 */
export async function endCoupon(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  input: { couponId: number },
  from?: ActingFrom,
): Promise<void> {
  requireMoneyStaff(actor);
  await runInTransaction(db, clock, async (uow) => {
    const row = await lockCoupon(uow, input.couponId);
    if (closed(row, uow.now)) throw couponError("ended");
    await uow.tx.update(coupon).set({ endedAt: uow.now, updatedAt: uow.now }).where(eq(coupon.id, row.id));
    await recordAdminAct(
      uow,
      actor,
      {
        action: "coupon.end",
        subject: { kind: "coupon", id: row.id },
        before: { endsAt: row.endsAt.toISOString(), issuedCount: row.issuedCount },
        after: { endedAt: uow.now.toISOString() },
      },
      from,
    );
  });
}

export interface IssueResult {
  /** Members given the coupon now. */
  issued: number;
  /** Members named who already held it, left as they were. */
  skipped: number;
}

/**
 * Gives a coupon to members named by nickname (any letter case) or id, and tells each of them (the `coupon`
 * notification). A name that is no member (or a withdrawn one) refuses the whole issue, naming them; members who
 * already hold it are skipped and counted. Refused when the coupon has not started, has ended, or has fewer left
 * than the members to give it to.
 */
export async function issueCoupon(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  input: { couponId: number; members: string[] },
  from?: ActingFrom,
): Promise<IssueResult> {
  requireMoneyStaff(actor);
  const names = [...new Set(input.members.map((name) => name.trim()).filter(Boolean))];
  if (names.length === 0) throw couponError("members_required");
  if (names.length > ISSUE_MEMBERS_MAX) throw couponError("members_too_many", { max: ISSUE_MEMBERS_MAX });
  return runInTransaction(db, clock, async (uow) => {
    const row = await lockCoupon(uow, input.couponId);
    if (closed(row, uow.now)) throw couponError("ended");
    if (row.startsAt > uow.now) throw couponError("not_started");
    const lowered = names.map((name) => name.toLowerCase());
    const found = await uow.tx
      .select({ id: member.id, nickname: member.nickname })
      .from(member)
      .where(
        and(
          isNull(member.withdrawnAt),
          or(inArray(member.id, names), inArray(sql`lower(${member.nickname})`, lowered)),
        ),
      );
    const missing = names.filter(
      (name) => !found.some((one) => one.id === name || one.nickname?.toLowerCase() === name.toLowerCase()),
    );
    if (missing.length > 0) throw couponError("members_not_found", { names: missing.join(", ") });
    const memberIds = [...new Set(found.map((one) => one.id))];
    const holders = await uow.tx
      .select({ memberId: memberCoupon.memberId })
      .from(memberCoupon)
      .where(and(eq(memberCoupon.couponId, row.id), inArray(memberCoupon.memberId, memberIds)));
    const fresh = memberIds.filter((id) => !holders.some((holder) => holder.memberId === id));
    if (row.quantity !== null && row.issuedCount + fresh.length > row.quantity)
      throw couponError("not_enough_left", { remaining: row.quantity - row.issuedCount });
    const inserted =
      fresh.length === 0
        ? []
        : await uow.tx
            .insert(memberCoupon)
            .values(
              fresh.map((memberId) => ({
                couponId: row.id,
                memberId,
                issuedAt: uow.now,
                expiresAt: row.endsAt,
              })),
            )
            .onConflictDoNothing()
            .returning({ memberId: memberCoupon.memberId });
    if (inserted.length > 0)
      await uow.tx
        .update(coupon)
        .set({ issuedCount: sql`${coupon.issuedCount} + ${inserted.length}` })
        .where(eq(coupon.id, row.id));
    // From the platform, not from the administrator: no actor.
    await notifyEach(
      uow,
      inserted.map((one) => ({
        recipientId: one.memberId,
        type: "coupon" as const,
        params: { title: row.name },
        link: "/my/coupon",
        dedupeKey: `coupon:${row.id}`,
      })),
    );
    const result = { issued: inserted.length, skipped: memberIds.length - inserted.length };
    await recordAdminAct(
      uow,
      actor,
      {
        action: "coupon.issue",
        subject: { kind: "coupon", id: row.id },
        before: { issuedCount: row.issuedCount },
        after: { ...result, members: inserted.map((one) => one.memberId) },
      },
      from,
    );
    return result;
  });
}

/** Where a coupon is in its life, as the console shows it. */
export type CouponState = "scheduled" | "active" | "ended" | "expired";

export function couponState(
  row: { startsAt: Date; endsAt: Date; endedAt: Date | null },
  now: Date,
): CouponState {
  if (row.endedAt) return "ended";
  if (row.endsAt <= now) return "expired";
  return row.startsAt > now ? "scheduled" : "active";
}

export interface ConsoleCoupon {
  id: number;
  name: string;
  discountKind: CouponDiscountKind;
  value: number;
  maxDiscount: number | null;
  minAmount: number;
  meetingKinds: MeetingKind[];
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  quantity: number | null;
  issuedCount: number;
  usedCount: number;
  code: string | null;
  issuerNickname: string | null;
  state: CouponState;
}

/** The coupons, newest first, a page at a time, with how many members hold and have used each. */
export async function listConsoleCoupons(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  query: { page: number },
): Promise<{ rows: ConsoleCoupon[]; hasNext: boolean }> {
  requireMoneyStaff(actor);
  const issuer = aliasedTable(member, "issuer");
  const rows = await db
    .select({
      coupon,
      issuerNickname: issuer.nickname,
      usedCount: sql<number>`(select count(*)::int from ${memberCoupon}
        where ${memberCoupon.couponId} = ${coupon.id} and ${memberCoupon.usedAt} is not null)`,
    })
    .from(coupon)
    .leftJoin(issuer, eq(issuer.id, coupon.issuerId))
    .orderBy(desc(coupon.createdAt), desc(coupon.id))
    .limit(CONSOLE_PAGE_SIZE + 1)
    .offset((query.page - 1) * CONSOLE_PAGE_SIZE);
  const now = clock.now();
  return {
    rows: rows.slice(0, CONSOLE_PAGE_SIZE).map((row) => ({
      id: row.coupon.id,
      name: row.coupon.name,
      discountKind: row.coupon.discountKind,
      value: row.coupon.value,
      maxDiscount: row.coupon.maxDiscount,
      minAmount: row.coupon.minAmount,
      meetingKinds: row.coupon.meetingKinds,
      startsAt: row.coupon.startsAt,
      endsAt: row.coupon.endsAt,
      endedAt: row.coupon.endedAt,
      quantity: row.coupon.quantity,
      issuedCount: row.coupon.issuedCount,
      usedCount: Number(row.usedCount),
      code: row.coupon.code,
      issuerNickname: row.issuerNickname,
      state: couponState(row.coupon, now),
    })),
    hasNext: rows.length > CONSOLE_PAGE_SIZE,
  };
}
