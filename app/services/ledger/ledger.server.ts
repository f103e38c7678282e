import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member, type LedgerCurrency } from "#app/db/schema";
import { DomainError, isDomainError } from "#app/services/errors";

export { ledgerErrorCodes, type LedgerErrorCode } from "./errors";

/**
 * The double-entry ledger of points (P) and won (KRW): accounts, immutable transactions whose entries sum to zero,
 * and an idempotency key on every transaction. Each account's balance is cached on its row and updated in the
 * transaction that posts its entries, by one guarded statement, so concurrent postings can never take an account
 * that may not go negative below zero.
 */

/** Where welcome grants and other promotional points come from; it goes negative by the points given away. */
export const PROMOTIONS_POINTS = "platform:promotions:points";
/** The platform's fee income in won. */
export const PLATFORM_FEES_KRW = "platform:fees:krw";
export const memberPointsCode = (userId: string) => `member:${userId}:points`;
export const memberEarningsCode = (userId: string) => `member:${userId}:earnings`;

export type LedgerAccountKind =
  | "member_points"
  | "member_earnings"
  | "platform_promotions"
  | "platform_fees"
  | "bank_fees"
  | "gateway_clearing"
  | (string & {});

export type LedgerAccount = typeof ledgerAccount.$inferSelect;

export interface AccountSpec {
  code: string;
  kind: LedgerAccountKind;
  currency: LedgerCurrency;
  ownerId?: string | null;
  /** Platform and source accounts may go negative; member accounts never. */
  allowNegative: boolean;
}

/**
 * The account with `spec.code`, created when missing; safe to call repeatedly and concurrently. An existing account
 * with other properties is refused with "account_mismatch".
 */
export async function ensureAccount(db: Database, spec: AccountSpec): Promise<LedgerAccount> {
  const ownerId = spec.ownerId ?? null;
  await db
    .insert(ledgerAccount)
    .values({
      code: spec.code,
      kind: spec.kind,
      currency: spec.currency,
      ownerId,
      allowNegative: spec.allowNegative,
    })
    .onConflictDoNothing({ target: ledgerAccount.code });
  const [account] = await db.select().from(ledgerAccount).where(eq(ledgerAccount.code, spec.code));
  if (!account) throw new Error(`ledger account ${spec.code} was neither created nor found`);
  if (
    account.kind !== spec.kind ||
    account.currency !== spec.currency ||
    account.ownerId !== ownerId ||
    account.allowNegative !== spec.allowNegative
  ) {
    throw new DomainError("ledger", "account_mismatch", { accountCode: spec.code });
  }
  return account;
}

export function ensurePromotionsAccount(db: Database): Promise<LedgerAccount> {
  return ensureAccount(db, {
    code: PROMOTIONS_POINTS,
    kind: "platform_promotions",
    currency: "P",
    allowNegative: true,
  });
}

export function ensureMemberPointsAccount(db: Database, userId: string): Promise<LedgerAccount> {
  return ensureAccount(db, {
    code: memberPointsCode(userId),
    kind: "member_points",
    currency: "P",
    ownerId: userId,
    allowNegative: false,
  });
}

export interface PostEntry {
  accountCode: string;
  /** Signed: positive adds to the account, negative takes from it. */
  amount: number;
}

export interface PostInput {
  /** Unique per posting; a request or job that retries passes the same key and gets the same transaction. */
  idempotencyKey: string;
  /** welcome_grant | gift | use | review_reward | adjustment | … */
  kind: string;
  memo?: string | null;
  createdBy?: string | null;
  entries: PostEntry[];
  /** The transaction's time, from the application clock; the database's time when omitted. */
  now?: Date;
}

export interface PostResult {
  transactionId: number;
  /** False when the idempotency key had already been posted and that transaction is returned instead. */
  created: boolean;
}

function checkEntries(entries: PostEntry[]) {
  if (entries.length === 0) throw new DomainError("ledger", "unbalanced");
  let sum = 0n;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new DomainError("ledger", "invalid_amount", { accountCode: entry.accountCode });
    }
    sum += BigInt(entry.amount);
  }
  if (sum !== 0n) throw new DomainError("ledger", "unbalanced");
}

/** Entries as comparable text, in a canonical order. */
function entrySignature(entries: { accountCode: string; amount: number }[]): string {
  return entries
    .map((entry) => `${entry.accountCode}\u0000${entry.amount}`)
    .sort()
    .join("\u0001");
}

/**
 * Posts a balanced transaction in one database transaction: the entries are non-zero integers in one currency that
 * sum to zero. An idempotency key that was already posted returns that transaction (`created: false`), or throws
 * "idempotency_conflict" when the request differs from it in kind or entries; concurrent posts with one key wait for
 * each other at the key's unique index, so exactly one of them posts. Balances are updated in account-id order (no
 * deadlocks between postings), each by one statement that refuses to take an account that may not go negative below
 * zero ("insufficient_balance", and nothing of the posting is kept).
 */
export async function post(db: Database, input: PostInput): Promise<PostResult> {
  if (input.idempotencyKey.length === 0) throw new TypeError("a ledger posting needs an idempotency key");
  checkEntries(input.entries);
  const codes = [...new Set(input.entries.map((entry) => entry.accountCode))];

  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: ledgerAccount.id, code: ledgerAccount.code, currency: ledgerAccount.currency })
      .from(ledgerAccount)
      .where(inArray(ledgerAccount.code, codes));
    const byCode = new Map(accounts.map((account) => [account.code, account]));
    for (const code of codes) {
      if (!byCode.has(code)) throw new DomainError("ledger", "unknown_account", { accountCode: code });
    }
    const currency = accounts[0]!.currency;
    if (accounts.some((account) => account.currency !== currency))
      throw new DomainError("ledger", "mixed_currency");

    // The key is claimed first: a concurrent post with the same key blocks here until this one commits or rolls
    // back, before either has locked an account.
    const [claimed] = await tx
      .insert(ledgerTransaction)
      .values({
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        memo: input.memo ?? null,
        createdBy: input.createdBy ?? null,
        ...(input.now ? { createdAt: input.now } : {}),
      })
      .onConflictDoNothing({ target: ledgerTransaction.idempotencyKey })
      .returning({ id: ledgerTransaction.id });
    if (!claimed) return existingPosting(tx, input);

    const deltas = new Map<number, { code: string; delta: bigint }>();
    for (const entry of input.entries) {
      const account = byCode.get(entry.accountCode)!;
      const current = deltas.get(account.id) ?? { code: account.code, delta: 0n };
      current.delta += BigInt(entry.amount);
      deltas.set(account.id, current);
    }
    for (const [accountId, { code, delta }] of [...deltas].sort(([a], [b]) => a - b)) {
      if (delta === 0n) continue;
      const amount = sql`${delta.toString()}::bigint`;
      const updated = await tx
        .update(ledgerAccount)
        .set({ balance: sql`${ledgerAccount.balance} + ${amount}` })
        .where(
          and(
            eq(ledgerAccount.id, accountId),
            sql`(${ledgerAccount.allowNegative} or ${ledgerAccount.balance} + ${amount} >= 0)`,
          ),
        )
        .returning({ id: ledgerAccount.id });
      if (updated.length === 0)
        throw new DomainError("ledger", "insufficient_balance", { accountCode: code });
    }

    await tx.insert(ledgerEntry).values(
      input.entries.map((entry) => ({
        transactionId: claimed.id,
        accountId: byCode.get(entry.accountCode)!.id,
        amount: entry.amount,
        currency,
      })),
    );
    return { transactionId: claimed.id, created: true };
  });
}

/** The transaction already posted under the request's key, when it is the same posting. */
async function existingPosting(db: Database, input: PostInput): Promise<PostResult> {
  const [existing] = await db
    .select({ id: ledgerTransaction.id, kind: ledgerTransaction.kind })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} conflicted but was not found`);
  const stored = await db
    .select({ accountCode: ledgerAccount.code, amount: ledgerEntry.amount })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(eq(ledgerEntry.transactionId, existing.id));
  if (existing.kind !== input.kind || entrySignature(stored) !== entrySignature(input.entries)) {
    throw new DomainError("ledger", "idempotency_conflict", { idempotencyKey: input.idempotencyKey });
  }
  return { transactionId: existing.id, created: false };
}

export interface TransferInput {
  from: string;
  to: string;
  /** Positive. */
  amount: number;
  kind: string;
  idempotencyKey: string;
  memo?: string | null;
  createdBy?: string | null;
  now?: Date;
}

/** Moves a positive `amount` from one account to another: a posting of two entries. */
export function transfer(db: Database, input: TransferInput): Promise<PostResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    return Promise.reject(new DomainError("ledger", "invalid_amount", { accountCode: input.from }));
  }
  if (input.from === input.to)
    return Promise.reject(new DomainError("ledger", "same_account", { accountCode: input.from }));
  return post(db, {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    memo: input.memo,
    createdBy: input.createdBy,
    now: input.now,
    entries: [
      { accountCode: input.from, amount: -input.amount },
      { accountCode: input.to, amount: input.amount },
    ],
  });
}

export const welcomeGrantKey = (userId: string) => `welcome:${userId}`;

/**
 * Gives a member the welcome points, once: the idempotency key `welcome:<userId>` makes repeated and concurrent calls
 * post one transaction. `granted` is false when the member already had them (also when granted with another amount).
 */
export async function grantWelcomePoints(
  db: Database,
  userId: string,
  amount: number,
  options: { now?: Date } = {},
): Promise<{ granted: boolean }> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError("ledger", "invalid_amount");
  await ensurePromotionsAccount(db);
  await ensureMemberPointsAccount(db, userId);
  try {
    const { created } = await transfer(db, {
      from: PROMOTIONS_POINTS,
      to: memberPointsCode(userId),
      amount,
      kind: "welcome_grant",
      idempotencyKey: welcomeGrantKey(userId),
      now: options.now,
    });
    return { granted: created };
  } catch (error) {
    if (isDomainError(error, "ledger") && error.code === "idempotency_conflict") return { granted: false };
    throw error;
  }
}

/** The cached balance of an account. */
export async function balanceOf(db: Database, accountCode: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.code, accountCode));
  if (!row) throw new DomainError("ledger", "unknown_account", { accountCode });
  return row.balance;
}

/** The balance as the sum of the account's entries, to check the cached one. */
export async function derivedBalance(db: Database, accountCode: string): Promise<number> {
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
  kind: string;
  /** Signed, for the member's account(s): positive came in, negative went out. */
  amount: number;
  /** The other member of the transaction (a gift's giver or receiver), or null for the platform. */
  counterpartNickname: string | null;
  createdAt: Date;
}

export const HISTORY_MAX_LIMIT = 100;

/** A member's transactions in one currency, newest first, a page at a time (keyset on the transaction id). */
export async function history(db: Database, ownerId: string, options: HistoryOptions): Promise<HistoryRow[]> {
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

export interface LedgerAudit {
  /** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
  unbalancedTransactions: number[];
  /** Transactions whose entries are not all in one currency, or not in their accounts' currency. */
  mixedCurrencyTransactions: number[];
  /** Accounts whose cached balance differs from the sum of their entries. */
  balanceMismatches: { code: string; cached: number; derived: number }[];
  /** Accounts below zero that may not be. */
  negativeAccounts: string[];
}

/** Checks the ledger's invariants over all of it (for tests and operational checks, not for requests). */
export async function auditLedger(db: Database): Promise<LedgerAudit> {
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
  return {
    unbalancedTransactions: unbalanced.map((row) => Number(row.id)),
    mixedCurrencyTransactions: mixed.map((row) => Number(row.id)),
    balanceMismatches: mismatches.map((row) => ({
      code: row.code,
      cached: Number(row.cached),
      derived: Number(row.derived),
    })),
    negativeAccounts: negative.map((row) => row.code),
  };
}
