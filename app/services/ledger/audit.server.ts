import { eq, sql } from "drizzle-orm";
import { queryRows } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction } from "#app/db/schema";
import { executor, type DatabaseOrUnit } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";

/** What verifies the books: balances recomputed from the entries, and the ledger's invariants over all of it. */

/** The balance as the sum of the account's entries, to check the cached one. */
export async function derivedBalance(source: DatabaseOrUnit, accountCode: string): Promise<number> {
  const db = executor(source);
  const [account] = await db
    .select({ id: ledgerAccount.id })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.code, accountCode));
  if (!account) throw new DomainError("ledger", "unknown_account", { accountCode });
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::bigint` })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.accountId, account.id));
  return Number(row?.sum ?? 0);
}

export interface LedgerAudit {
  /** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
  unbalancedTransactions: number[];
  /** Transactions whose entries are not all in one currency, or not in their accounts' currency. */
  mixedCurrencyTransactions: number[];
  /** Accounts whose cached balance differs from the sum of their entries. */
  balanceMismatches: { code: string; cached: number; derived: number }[];
  /** Accounts below zero that may not be. */
  negativeAccounts: string[];
  /** Reversals whose entries are not the exact opposite of their original's, account by account. */
  reversalMismatches: number[];
}

/** Checks the ledger's invariants over all of it (for tests and operational checks, not for requests). */
export async function auditLedger(source: DatabaseOrUnit): Promise<LedgerAudit> {
  const db = executor(source);
  const unbalanced = await queryRows<{ id: number | string }>(
    db,
    sql`select transaction_id as id from ${ledgerEntry} group by transaction_id
        having sum(amount) <> 0 or count(*) < 2
        union
        select t.id from ${ledgerTransaction} t
        where not exists (select 1 from ${ledgerEntry} e where e.transaction_id = t.id)
        order by id`,
  );
  const mixed = await queryRows<{ id: number | string }>(
    db,
    sql`select e.transaction_id as id from ${ledgerEntry} e join ${ledgerAccount} a on a.id = e.account_id
        group by e.transaction_id
        having count(distinct e.currency) > 1 or bool_or(e.currency <> a.currency)
        order by id`,
  );
  const mismatches = await queryRows<{ code: string; cached: number | string; derived: number | string }>(
    db,
    sql`select a.code, a.balance as cached, coalesce(d.sum, 0)::bigint as derived
        from ${ledgerAccount} a
        left join (select account_id, sum(amount) as sum from ${ledgerEntry} group by account_id) d
          on d.account_id = a.id
        where a.balance <> coalesce(d.sum, 0)
        order by a.code`,
  );
  const negative = await db
    .select({ code: ledgerAccount.code })
    .from(ledgerAccount)
    .where(sql`not ${ledgerAccount.allowNegative} and ${ledgerAccount.balance} < 0`)
    .orderBy(ledgerAccount.code);
  const reversals = await queryRows<{ id: number | string }>(
    db,
    sql`select r.id from ${ledgerTransaction} r
        where r.reverses_transaction_id is not null and exists (
          select 1 from ${ledgerEntry} e
          where e.transaction_id in (r.id, r.reverses_transaction_id)
          group by e.account_id having sum(e.amount) <> 0)
        order by r.id`,
  );
  return {
    unbalancedTransactions: unbalanced.map((row) => Number(row.id)),
    mixedCurrencyTransactions: mixed.map((row) => Number(row.id)),
    balanceMismatches: mismatches.map((row) => ({
      code: row.code,
      cached: Number(row.cached),
      derived: Number(row.derived),
    })),
    negativeAccounts: negative.map((row) => row.code),
    reversalMismatches: reversals.map((row) => Number(row.id)),
  };
}
