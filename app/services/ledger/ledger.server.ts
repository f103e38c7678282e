import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "#app/db/client.server";
import { ledgerAccount, ledgerEntry, ledgerTransaction, member, type LedgerCurrency } from "#app/db/schema";
import {
  executor,
  type DatabaseOrUnit,
  type Transaction,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import { systemActor, type ActorOrSystem } from "#app/services/actor";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  ledgerAccountKinds,
  type LedgerAccountKind,
  type LedgerKind,
  type LedgerSubject,
  type MemberAccountKind,
  type PlatformAccountKind,
} from "./kinds";

export { type LedgerErrorCode } from "./errors";
export {
  isLedgerKind,
  type LedgerKind,
  type LedgerSubject,
  type MemberAccountKind,
  type PlatformAccountKind,
} from "./kinds";

/**
 * The double-entry ledger of points (P) and won (KRW): accounts of typed kinds, immutable transactions whose entries
 * sum to zero in one currency, and an idempotency key on every transaction. A posting runs in the caller's unit of
 * work (ADR 019), takes its time from it and records who caused it and what it is about. Each account's balance is
 * cached on its row and updated by one guarded statement in the posting, so concurrent postings can never take an
 * account that may not go negative below zero.
 */

const memberAccountCode = (userId: string, kind: MemberAccountKind) =>
  `member:${userId}:${ledgerAccountKinds[kind].code}`;
const platformAccountCode = (kind: PlatformAccountKind) => `platform:${ledgerAccountKinds[kind].code}`;

export const memberPointsCode = (userId: string) => memberAccountCode(userId, "member_points");
export const memberPendingEarningsCode = (userId: string) =>
  memberAccountCode(userId, "member_pending_earnings");
export const memberWithdrawableEarningsCode = (userId: string) =>
  memberAccountCode(userId, "member_withdrawable_earnings");
/** Where welcome grants and other promotional points come from; it goes negative by the points given away. */
export const PROMOTIONS_POINTS = platformAccountCode("platform_promotions");
export const SPENT_POINTS = platformAccountCode("platform_spent");
export const GATEWAY_CLEARING_KRW = platformAccountCode("gateway_clearing");
export const PLATFORM_FEES_KRW = platformAccountCode("platform_fees");
export const BANK_FEES_KRW = platformAccountCode("bank_fees");

export type LedgerAccount = typeof ledgerAccount.$inferSelect;

/**
 * The account `code` of `kind`, created when missing; safe to call repeatedly and concurrently. The kind fixes the
 * currency, and a member's account never goes negative; an existing account with the code but other properties is
 * refused with "account_mismatch".
 */
async function ensureAccount(
  uow: UnitOfWork,
  code: string,
  kind: LedgerAccountKind,
  ownerId: string | null,
): Promise<LedgerAccount> {
  const db = uow.tx;
  const { currency, owner } = ledgerAccountKinds[kind];
  const allowNegative = owner === "platform";
  await db
    .insert(ledgerAccount)
    .values({ code, kind, currency, ownerId, allowNegative, createdAt: uow.now })
    .onConflictDoNothing({ target: ledgerAccount.code });
  const [account] = await db.select().from(ledgerAccount).where(eq(ledgerAccount.code, code));
  if (!account) throw new Error(`ledger account ${code} was neither created nor found`);
  if (
    account.kind !== kind ||
    account.currency !== currency ||
    account.ownerId !== ownerId ||
    account.allowNegative !== allowNegative
  ) {
    throw new DomainError("ledger", "account_mismatch", { accountCode: code });
  }
  return account;
}

/** A member's account of a member kind (points, pending or withdrawable earnings), created when missing. */
export function ensureMemberAccount(
  uow: UnitOfWork,
  userId: string,
  kind: MemberAccountKind,
): Promise<LedgerAccount> {
  return ensureAccount(uow, memberAccountCode(userId, kind), kind, userId);
}

/** The platform's one account of a platform kind, created when missing. */
export function ensurePlatformAccount(uow: UnitOfWork, kind: PlatformAccountKind): Promise<LedgerAccount> {
  return ensureAccount(uow, platformAccountCode(kind), kind, null);
}

export function ensurePromotionsAccount(uow: UnitOfWork): Promise<LedgerAccount> {
  return ensurePlatformAccount(uow, "platform_promotions");
}

export function ensureMemberPointsAccount(uow: UnitOfWork, userId: string): Promise<LedgerAccount> {
  return ensureMemberAccount(uow, userId, "member_points");
}

export interface PostEntry {
  accountCode: string;
  /** Signed: positive adds to the account, negative takes from it. */
  amount: number;
}

export interface PostInput {
  /** Unique per posting; a request or job that retries passes the same key and gets the same transaction. */
  idempotencyKey: string;
  kind: LedgerKind;
  /** Who caused the posting. */
  actor: ActorOrSystem;
  /** What it is about, so that a payment's or a review's postings can be found (`postingsOf`). */
  subject?: LedgerSubject | null;
  memo?: string | null;
  entries: PostEntry[];
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
 * Posts a balanced transaction in the caller's unit of work, at the unit's time: the entries are non-zero integers
 * in one currency that sum to zero. An idempotency key that was already posted returns that transaction
 * (`created: false`), or throws "idempotency_conflict" when the request differs from it in kind, subject or entries;
 * concurrent posts with one key wait for each other at the key's unique index, so exactly one of them posts.
 * Balances are updated in account-id order (no deadlocks between postings), each by one statement that refuses to
 * take an account that may not go negative below zero ("insufficient_balance").
 *
 * The posting runs in a savepoint: a refused posting leaves nothing behind, and the unit stays usable when the
 * caller handles the refusal.
 */
export function post(uow: UnitOfWork, input: PostInput): Promise<PostResult> {
  return postInUnit(uow, input, null);
}

async function postInUnit(uow: UnitOfWork, input: PostInput, reverses: number | null): Promise<PostResult> {
  if (input.idempotencyKey.length === 0) throw new TypeError("a ledger posting needs an idempotency key");
  checkEntries(input.entries);
  const codes = [...new Set(input.entries.map((entry) => entry.accountCode))];

  return uow.tx.transaction(async (tx) => {
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
        createdAt: uow.now,
        // The ledger's `admin` is any staff member acting as staff (ADR 055); the role is in the audit log.
        actorKind: input.actor.kind === "staff" ? "admin" : input.actor.kind,
        actorId: input.actor.id,
        subjectType: input.subject?.type ?? null,
        subjectId: input.subject?.id ?? null,
        reversesTransactionId: reverses,
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
async function existingPosting(db: Transaction, input: PostInput): Promise<PostResult> {
  const [existing] = await db
    .select({
      id: ledgerTransaction.id,
      kind: ledgerTransaction.kind,
      subjectType: ledgerTransaction.subjectType,
      subjectId: ledgerTransaction.subjectId,
    })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} conflicted but was not found`);
  const stored = await db
    .select({ accountCode: ledgerAccount.code, amount: ledgerEntry.amount })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(eq(ledgerEntry.transactionId, existing.id));
  if (
    existing.kind !== input.kind ||
    existing.subjectType !== (input.subject?.type ?? null) ||
    existing.subjectId !== (input.subject?.id ?? null) ||
    entrySignature(stored) !== entrySignature(input.entries)
  ) {
    throw new DomainError("ledger", "idempotency_conflict", { idempotencyKey: input.idempotencyKey });
  }
  return { transactionId: existing.id, created: false };
}

export interface TransferInput extends Omit<PostInput, "entries"> {
  from: string;
  to: string;
  /** Positive. */
  amount: number;
}

/** Moves a positive `amount` from one account to another: a posting of two entries. */
export function transfer(uow: UnitOfWork, input: TransferInput): Promise<PostResult> {
  const { from, to, amount, ...posting } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return Promise.reject(new DomainError("ledger", "invalid_amount", { accountCode: from }));
  }
  if (from === to) return Promise.reject(new DomainError("ledger", "same_account", { accountCode: from }));
  return post(uow, {
    ...posting,
    entries: [
      { accountCode: from, amount: -amount },
      { accountCode: to, amount },
    ],
  });
}

export const welcomeGrantKey = (userId: string) => `welcome:${userId}`;

/**
 * Gives a member the welcome points, once: the idempotency key `welcome:<userId>` makes repeated and concurrent calls
 * post one transaction. `granted` is false when the member already had them (also when granted with another amount).
 * The system grants them; the transaction is about the member.
 */
export async function grantWelcomePoints(
  uow: UnitOfWork,
  userId: string,
  amount: number,
): Promise<{ granted: boolean }> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError("ledger", "invalid_amount");
  await ensurePromotionsAccount(uow);
  await ensureMemberPointsAccount(uow, userId);
  try {
    const { created } = await transfer(uow, {
      from: PROMOTIONS_POINTS,
      to: memberPointsCode(userId),
      amount,
      kind: "welcome_grant",
      idempotencyKey: welcomeGrantKey(userId),
      actor: systemActor,
      subject: { type: "member", id: userId },
    });
    return { granted: created };
  } catch (error) {
    if (isDomainError(error, "ledger") && error.code === "idempotency_conflict") return { granted: false };
    throw error;
  }
}

export const reversalKey = (transactionId: number) => `reversal:${transactionId}`;

/**
 * Posts the opposite entries of a transaction (a refund, a cancelled grant) in the caller's unit, linked to it, about
 * the same subject, with `reason` as its memo. A transaction is reversed at most once: the original is locked while
 * this runs, so of concurrent reversals one posts and the others are refused with "already_reversed" (a unique index
 * on the link backs this); a reversal itself is "not_reversible", a missing transaction "unknown_transaction". A
 * reversal that would take an account below zero (the gift was spent) is refused like any posting.
 */
export async function reverseTransaction(
  uow: UnitOfWork,
  transactionId: number,
  actor: ActorOrSystem,
  reason: string,
): Promise<PostResult> {
  const tx = uow.tx;
  const [original] = await tx
    .select({
      id: ledgerTransaction.id,
      reverses: ledgerTransaction.reversesTransactionId,
      subjectType: ledgerTransaction.subjectType,
      subjectId: ledgerTransaction.subjectId,
    })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.id, transactionId))
    .for("update");
  if (!original) throw new DomainError("ledger", "unknown_transaction", { transactionId });
  if (original.reverses !== null) throw new DomainError("ledger", "not_reversible", { transactionId });
  const [reversed] = await tx
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.reversesTransactionId, transactionId));
  if (reversed) throw new DomainError("ledger", "already_reversed", { transactionId });

  const entries = await tx
    .select({ accountCode: ledgerAccount.code, amount: ledgerEntry.amount })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(eq(ledgerEntry.transactionId, transactionId))
    .orderBy(asc(ledgerEntry.id));
  const subject =
    original.subjectType === null || original.subjectId === null
      ? null
      : ({ type: original.subjectType, id: original.subjectId } as LedgerSubject);
  return postInUnit(
    uow,
    {
      idempotencyKey: reversalKey(transactionId),
      kind: "reversal",
      actor,
      subject,
      memo: reason,
      entries: entries.map((entry) => ({ accountCode: entry.accountCode, amount: -entry.amount })),
    },
    transactionId,
  );
}

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
