import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member, type LedgerCurrency } from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import type { LedgerSubject } from "./kinds";

/** What the ledger says to pages and services: an account's balance, a subject's postings, a member's history. */

export interface Posting {
  transactionId: number;
  /** A kind of `ledgerKinds`, or an older one. */
  kind: string;
  actor: { kind: "member" | "admin" | "system"; id: string | null };
  memo: string | null;
  createdAt: Date;
  reversesTransactionId: number | null;
  entries: { accountCode: string; amount: number; currency: LedgerCurrency }[];
}

/** Every transaction about a subject (a payment, a review, a member …), oldest first, with its entries. */
export async function postingsOf(source: DatabaseOrUnit, subject: LedgerSubject): Promise<Posting[]> {
  const db = executor(source);
  const transactions = await db
    .select()
    .from(ledgerTransaction)
    .where(and(eq(ledgerTransaction.subjectType, subject.type), eq(ledgerTransaction.subjectId, subject.id)))
    .orderBy(asc(ledgerTransaction.id));
  if (transactions.length === 0) return [];
  const entries = await db
    .select({
      transactionId: ledgerEntry.transactionId,
      accountCode: ledgerAccount.code,
      amount: ledgerEntry.amount,
      currency: ledgerEntry.currency,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(
      inArray(
        ledgerEntry.transactionId,
        transactions.map((row) => row.id),
      ),
    )
    .orderBy(asc(ledgerEntry.id));
  return transactions.map((row) => ({
    transactionId: row.id,
    kind: row.kind,
    actor: { kind: row.actorKind, id: row.actorId },
    memo: row.memo,
    createdAt: row.createdAt,
    reversesTransactionId: row.reversesTransactionId,
    entries: entries
      .filter((entry) => entry.transactionId === row.id)
      .map(({ accountCode, amount, currency }) => ({ accountCode, amount, currency })),
  }));
}

/** The cached balance of an account. */
export async function balanceOf(source: DatabaseOrUnit, accountCode: string): Promise<number> {
  const db = executor(source);
  const [row] = await db
    .select({ balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.code, accountCode));
  if (!row) throw new DomainError("ledger", "unknown_account", { accountCode });
  return row.balance;
}

export interface HistoryOptions {
  currency: LedgerCurrency;
  /** earn: what came in; use: what went out. */
  direction?: "earn" | "use";
  /** 1 to 100. */
  limit: number;
  /** The transactionId of the last row of the previous page. */
  before?: number;
}

export interface HistoryRow {
  transactionId: number;
  /** A kind of `ledgerKinds`, or one stored by an older version. */
  kind: string;
  /** Signed, for the member's account(s): positive came in, negative went out. */
  amount: number;
  /** The other member of the transaction (a gift's giver or receiver), or null for the platform. */
  counterpartNickname: string | null;
  createdAt: Date;
}

const HISTORY_MAX_LIMIT = 100;

/** A member's transactions in one currency, newest first, a page at a time (keyset on the transaction id). */
export async function history(
  source: DatabaseOrUnit,
  ownerId: string,
  options: HistoryOptions,
): Promise<HistoryRow[]> {
  const db = executor(source);
  const { currency, direction, limit, before } = options;
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT) {
    throw new RangeError(`bad history limit ${limit}`);
  }
  const beforeFilter = before === undefined ? sql`` : sql`and e.transaction_id < ${before}`;
  const having =
    direction === "earn"
      ? sql`having sum(e.amount) > 0`
      : direction === "use"
        ? sql`having sum(e.amount) < 0`
        : sql``;
  const rows = await queryRows<{
    transaction_id: number | string;
    kind: string;
    amount: number | string;
    counterpart_nickname: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`
    with mine as (
      select e.transaction_id, sum(e.amount)::bigint as amount
      from ${ledgerEntry} e
      where e.account_id in (
        select a.id from ${ledgerAccount} a where a.owner_id = ${ownerId} and a.currency = ${currency}
      ) ${beforeFilter}
      group by e.transaction_id
      ${having}
      order by e.transaction_id desc
      limit ${limit}
    )
    select m.transaction_id, t.kind, m.amount, t.created_at,
      (select mem.nickname
         from ${ledgerEntry} o
         join ${ledgerAccount} oa on oa.id = o.account_id
         join ${member} mem on mem.id = oa.owner_id
        where o.transaction_id = m.transaction_id and oa.owner_id <> ${ownerId}
        order by o.id
        limit 1) as counterpart_nickname
    from mine m
    join ${ledgerTransaction} t on t.id = m.transaction_id
    order by m.transaction_id desc`,
  );
  return rows.map((row) => ({
    transactionId: Number(row.transaction_id),
    kind: row.kind,
    amount: Number(row.amount),
    counterpartNickname: row.counterpart_nickname,
    createdAt: new Date(row.created_at),
  }));
}
