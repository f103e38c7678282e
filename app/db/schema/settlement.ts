import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { member } from "./auth";
import { meeting } from "./meeting";
import { paymentOrder } from "./payment";

/**
 * What experts are paid (ADR 064): one earnings line per settled payment, the member's settlement information
 * (withdrawal account, sealed numbers), the withdrawal password, and withdrawals with their payout. Money itself is in
 * the ledger; these rows say which won is which and where it is in its life.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** An earnings line's states: on hold, free to withdraw, in a withdrawal, paid out, or refunded to nothing. */
export const earningLineStatuses = ["pending", "withdrawable", "withdrawing", "paid", "refunded"] as const;
export type EarningLineStatus = (typeof earningLineStatuses)[number];

/**
 * One settled payment in its provider's earnings: the price, the platform's fee and what the provider earns of it
 * (`amount`, less what refunds took back), released from the hold at `releasableAt` (the meeting's end + 8 days)
 * unless a refund request is open, then withdrawn by one withdrawal.
 */
export const earningLine = pgTable(
  "earning_line",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    providerId: text("provider_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => paymentOrder.id, { onDelete: "cascade" }),
    /** The requested price the fee was taken on. */
    price: integer("price").notNull(),
    fee: integer("fee").notNull(),
    /** Won the provider earns of it now: `price - fee` less what refunds took back. */
    amount: integer("amount").notNull(),
    status: text("status").$type<EarningLineStatus>().notNull().default("pending"),
    /** The provider's type the fee was taken for (individual 10%, business 5%). */
    providerType: text("provider_type").$type<"individual" | "business">().notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }).notNull(),
    releasableAt: timestamp("releasable_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    withdrawalId: integer("withdrawal_id").references(() => withdrawal.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("earning_line_provider_idx").on(t.providerId, t.status, t.id),
    index("earning_line_release_idx").on(t.status, t.releasableAt),
    index("earning_line_withdrawal_idx").on(t.withdrawalId),
    check("earning_line_status_check", sql`${t.status} in (${list(earningLineStatuses)})`),
    check(
      "earning_line_amount_check",
      sql`${t.price} >= 0 and ${t.fee} >= 0 and ${t.amount} >= 0 and ${t.amount} <= ${t.price} - ${t.fee}`,
    ),
    check(
      "earning_line_withdrawal_check",
      sql`(${t.status} in ('withdrawing', 'paid')) = (${t.withdrawalId} is not null)`,
    ),
  ],
);

export const settlementCategories = ["individual", "business"] as const;
export type SettlementCategory = (typeof settlementCategories)[number];

/**
 * A member's settlement information (the withdrawal account): one per member. The account and resident numbers are
 * sealed (ADR 017) and kept beside their masked forms, so no page ever opens them; only the payout and the tax
 * export do, each opening audit-logged.
 */
export const settlementInfo = pgTable(
  "settlement_info",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => member.id, { onDelete: "cascade" }),
    category: text("category").$type<SettlementCategory>().notNull(),
    bankCode: text("bank_code").notNull(),
    holderName: text("holder_name").notNull(),
    accountSealed: text("account_sealed").notNull(),
    accountMasked: text("account_masked").notNull(),
    /** Individuals only: the resident registration number, for the withholding filing. */
    residentSealed: text("resident_sealed"),
    residentMasked: text("resident_masked"),
    /** Businesses only: the owner's name, and where the platform's fee invoices go. */
    ownerName: text("owner_name"),
    taxEmail: text("tax_email"),
    taxPhone: text("tax_phone"),
    /**
     * The member as a seller of the automatic payout service (Toss Payments' seller id), registered with this
     * account at the first payout; cleared by every change of the information, so the next payout registers again.
     */
    payoutSellerId: text("payout_seller_id"),
    /** When the member agreed to the collection of the resident number for the tax filing. */
    agreedAt: timestamp("agreed_at", { withTimezone: true }),
    /** An administrator's review: null until looked at, then when and by whom, and a note when something is wrong. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    reviewNote: text("review_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("settlement_info_category_check", sql`${t.category} in (${list(settlementCategories)})`),
    check(
      "settlement_info_individual_check",
      sql`${t.category} <> 'individual' or (${t.residentSealed} is not null and ${t.agreedAt} is not null)`,
    ),
    check(
      "settlement_info_business_check",
      sql`${t.category} <> 'business' or (${t.ownerName} is not null and ${t.taxEmail} is not null and ${t.taxPhone} is not null)`,
    ),
  ],
);

/**
 * The withdrawal password: six digits hashed like a password, the wrong tries counted on the row (locked at 5,
 * until an administrator unlocks it and the member sets a new one).
 */
export const withdrawalPassword = pgTable("withdrawal_password", {
  userId: text("user_id")
    .primaryKey()
    .references(() => member.id, { onDelete: "cascade" }),
  /** Null after an administrator's unlock: the member sets a new one. */
  hash: text("hash"),
  failedTries: integer("failed_tries").notNull().default(0),
  lockedAt: timestamp("locked_at", { withTimezone: true }),
  setAt: timestamp("set_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** A withdrawal's states (the machine in `app/services/settlement/withdrawal-machine.ts`). */
export const withdrawalStatuses = ["requested", "held", "processing", "paid", "failed", "cancelled"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * A member's withdrawal of earnings lines to their bank account: the amounts computed by the server when it was
 * requested (gross, bank fee, income tax and local income tax withheld, deposit), the account as it was then (sealed
 * again for this row), and the payout's progress at the adapter.
 */
export const withdrawal = pgTable(
  "withdrawal",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    status: text("status").$type<WithdrawalStatus>().notNull().default("requested"),
    category: text("category").$type<SettlementCategory>().notNull(),
    /** The lines' earnings (after the platform's fee), what the member withdraws. */
    gross: integer("gross").notNull(),
    /** The platform fees already taken on those lines (shown, not deducted again). */
    platformFee: integer("platform_fee").notNull().default(0),
    bankFee: integer("bank_fee").notNull(),
    incomeTax: integer("income_tax").notNull().default(0),
    localTax: integer("local_tax").notNull().default(0),
    deposit: integer("deposit").notNull(),
    bankCode: text("bank_code").notNull(),
    holderName: text("holder_name").notNull(),
    accountSealed: text("account_sealed").notNull(),
    accountMasked: text("account_masked").notNull(),
    /** The payout's key at the adapter (idempotency) and the adapter's own id once it answered. */
    payoutKey: text("payout_key").notNull().unique(),
    payoutRef: text("payout_ref"),
    holdReason: text("hold_reason"),
    failReason: text("fail_reason"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    processingAt: timestamp("processing_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("withdrawal_user_idx").on(t.userId, t.id.desc()),
    index("withdrawal_status_idx").on(t.status, t.id),
    check("withdrawal_status_check", sql`${t.status} in (${list(withdrawalStatuses)})`),
    check(
      "withdrawal_amount_check",
      sql`${t.gross} > 0 and ${t.bankFee} >= 0 and ${t.incomeTax} >= 0 and ${t.localTax} >= 0 and ${t.deposit} > 0 and ${t.deposit} = ${t.gross} - ${t.bankFee} - ${t.incomeTax} - ${t.localTax}`,
    ),
  ],
);
