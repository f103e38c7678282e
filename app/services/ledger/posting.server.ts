import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ledgerAccount, ledgerEntry, ledgerTransaction } from "#app/db/schema";
import type { Transaction, UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor, type ActorOrSystem } from "#app/services/actor";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  ensureMemberPointsAccount,
  ensurePromotionsAccount,
  memberPointsCode,
  PROMOTIONS_POINTS,
} from "./accounts.server";
import type { LedgerKind, LedgerSubject } from "./kinds";

/**
 * The double-entry ledger of points (P) and won (KRW): accounts of typed kinds, immutable transactions whose entries
 * sum to zero in one currency, and an idempotency key on every transaction. A posting runs in the caller's unit of
 * work (ADR 019), takes its time from it and records who caused it and what it is about. Each account's balance is
 * cached on its row and updated by one guarded statement in the posting, so concurrent postings can never take an
 * account that may not go negative below zero.
 *
 * This file posts. Beside it: `accounts.server.ts` names and opens the accounts, `reads.server.ts` reads balances,
 * a subject's postings and a member's history, `audit.server.ts` checks the books against the invariants above,
 * `kinds.ts` lists what a posting and an account may be, and `errors.ts` the ledger's refusals.
 */

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
