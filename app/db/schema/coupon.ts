import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { member } from "./auth";
import { meetingKinds, type MeetingKind } from "./meeting";

/**
 * Coupons (ADR 060): a coupon is what an administrator makes — how much it takes off, on which meetings, from what
 * amount, when, how many — and a member's coupon is one member holding it, once, until it is used or expires.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** How a coupon takes its discount off: a fixed number of won, or a percentage (capped in won when a cap is set). */
export const couponDiscountKinds = ["won", "percent"] as const;
export type CouponDiscountKind = (typeof couponDiscountKinds)[number];

export const coupon = pgTable(
  "coupon",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    discountKind: text("discount_kind").$type<CouponDiscountKind>().notNull(),
    /** Won off (`won`), or percent off, 1–100 (`percent`). */
    value: integer("value").notNull(),
    /** `percent` only: the most won it takes off; null: no cap. */
    maxDiscount: integer("max_discount"),
    /** The smallest amount in won it applies to; 0: any amount. */
    minAmount: integer("min_amount").notNull().default(0),
    /** The meeting kinds it applies to (`meetingType` codes), at least one. */
    meetingKinds: text("meeting_kinds").array().$type<MeetingKind[]>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** The end of its validity; every member's coupon of it expires then (`member_coupon.expires_at`). */
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Ended early by an administrator: no more registrations or issues; coupons held keep their expiry. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** How many members may hold it; null: as many as want it. */
    quantity: integer("quantity"),
    /** How many members hold it: counted up by one guarded statement, never past `quantity`. */
    issuedCount: integer("issued_count").notNull().default(0),
    /** What members type to register it: upper-case letters and digits only (normalised); null: issued only. */
    code: text("code"),
    /** The administrator who made it; null for the demo's and once that account is gone. */
    issuerId: text("issuer_id").references(() => member.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("coupon_code_key").on(t.code),
    index("coupon_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("coupon_discount_kind_check", sql`${t.discountKind} in (${list(couponDiscountKinds)})`),
    check("coupon_value_check", sql`${t.value} > 0 and (${t.discountKind} = 'won' or ${t.value} <= 100)`),
    check(
      "coupon_max_discount_check",
      sql`${t.maxDiscount} is null or (${t.discountKind} = 'percent' and ${t.maxDiscount} > 0)`,
    ),
    check("coupon_min_amount_check", sql`${t.minAmount} >= 0`),
    check(
      "coupon_meeting_kinds_check",
      sql`cardinality(${t.meetingKinds}) > 0 and ${t.meetingKinds} <@ array[${list(meetingKinds)}]::text[]`,
    ),
    check("coupon_period_check", sql`${t.endsAt} > ${t.startsAt}`),
    check(
      "coupon_quantity_check",
      sql`${t.issuedCount} >= 0 and (${t.quantity} is null or (${t.quantity} > 0 and ${t.issuedCount} <= ${t.quantity}))`,
    ),
    check("coupon_code_check", sql`${t.code} is null or ${t.code} ~ '^[A-Z0-9]{4,20}$'`),
  ],
);

/**
 * A member holding a coupon: one per coupon and member. Usable until `expires_at` (a copy of the coupon's end) and
 * used at most once: `used_at`, what it was used for (`used_for`, e.g. a payment) and the discount it gave are set
 * together by one guarded statement, and cleared together when a use is undone.
 */
export const memberCoupon = pgTable(
  "member_coupon",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupon.id),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** What the coupon was used for, as `<kind>:<id>` (`payment:42`). */
    usedFor: text("used_for"),
    /** The won it took off. */
    discount: integer("discount"),
  },
  (t) => [
    uniqueIndex("member_coupon_coupon_member_key").on(t.couponId, t.memberId),
    index("member_coupon_member_idx").on(t.memberId, t.expiresAt),
    check(
      "member_coupon_use_check",
      sql`(${t.usedAt} is null) = (${t.usedFor} is null) and (${t.usedAt} is null) = (${t.discount} is null)`,
    ),
    check("member_coupon_discount_check", sql`${t.discount} is null or ${t.discount} >= 0`),
  ],
);
