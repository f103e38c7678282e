import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { member } from "./auth";

export const ledgerCurrencies = ["P", "KRW"] as const;
/** Points (P) and won (KRW) are separate currencies: one transaction moves one of them. */
export type LedgerCurrency = (typeof ledgerCurrencies)[number];

/**
 * An account of the double-entry ledger, named by a stable code such as `member:<userId>:points` or
 * `platform:promotions:points`. `balance` caches the sum of the account's entries and is updated in the transaction
 * that posts them; accounts that may not go negative (every member account) are guarded by the update and by a check.
 */
export const ledgerAccount = pgTable(
  "ledger_account",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    ownerId: text("owner_id").references(() => member.id),
    /** member_points | member_earnings | platform_promotions | platform_fees | bank_fees | gateway_clearing | … */
    kind: text("kind").notNull(),
    currency: text("currency", { enum: ledgerCurrencies }).notNull(),
    allowNegative: boolean("allow_negative").notNull().default(false),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_account_owner_idx").on(t.ownerId),
    check("ledger_account_currency_check", sql`${t.currency} in ('P', 'KRW')`),
    check("ledger_account_balance_check", sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/** One posting: immutable, its entries sum to zero, and it is posted at most once per idempotency key. */
export const ledgerTransaction = pgTable("ledger_transaction", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  /** welcome_grant | gift | use | review_reward | adjustment | … */
  kind: text("kind").notNull(),
  memo: text("memo"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** The member or job that posted it, when known. */
  createdBy: text("created_by"),
});

/** A signed amount (points or won) on one account within one transaction. */
export const ledgerEntry = pgTable(
  "ledger_entry",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransaction.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => ledgerAccount.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency", { enum: ledgerCurrencies }).notNull(),
  },
  (t) => [
    index("ledger_entry_account_idx").on(t.accountId, t.id),
    // A member's history pages by transaction id; the entries of one transaction are read together.
    index("ledger_entry_account_transaction_idx").on(t.accountId, t.transactionId),
    index("ledger_entry_transaction_idx").on(t.transactionId),
    check("ledger_entry_amount_check", sql`${t.amount} <> 0`),
  ],
);
