import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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
    /** One of the service's `ledgerAccountKinds`, which fixes the currency and whether it may go negative. */
    kind: text("kind").notNull(),
    currency: text("currency", { enum: ledgerCurrencies }).notNull(),
    allowNegative: boolean("allow_negative").notNull().default(false),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("ledger_account_owner_idx").on(t.ownerId),
    check("ledger_account_currency_check", sql`${t.currency} in ('P', 'KRW')`),
    check("ledger_account_balance_check", sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

export const ledgerActorKinds = ["member", "admin", "system"] as const;

/**
 * One posting: immutable, its entries sum to zero, and it is posted at most once per idempotency key. It records
 * who caused it (a member, an administrator or the system), what it is about (a payment, a review, a member …) and,
 * for a reversal, the transaction it reverses, which can be reversed once.
 */
export const ledgerTransaction = pgTable(
  "ledger_transaction",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** One of the service's `ledgerKinds`; rows of an older version may hold a kind no longer listed. */
    kind: text("kind").notNull(),
    memo: text("memo"),
    /** The unit of work's time: every posting gives it. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    actorKind: text("actor_kind", { enum: ledgerActorKinds }).notNull(),
    /** The member or administrator; null for the system. */
    actorId: text("actor_id"),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    reversesTransactionId: bigint("reverses_transaction_id", { mode: "number" }),
  },
  (t) => [
    index("ledger_transaction_subject_idx").on(t.subjectType, t.subjectId, t.id),
    foreignKey({
      name: "ledger_transaction_reverses_fk",
      columns: [t.reversesTransactionId],
      foreignColumns: [t.id],
    }),
    // A transaction is reversed at most once.
    uniqueIndex("ledger_transaction_reverses_idx").on(t.reversesTransactionId),
    check("ledger_transaction_actor_kind_check", sql`${t.actorKind} in ('member', 'admin', 'system')`),
    check("ledger_transaction_actor_check", sql`(${t.actorKind} = 'system') = (${t.actorId} is null)`),
    check("ledger_transaction_subject_check", sql`(${t.subjectType} is null) = (${t.subjectId} is null)`),
  ],
);

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
