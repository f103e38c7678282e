import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { earningLine, ledgerTransaction, withdrawal } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import { scheduleJob } from "#app/platform/jobs.server";
import { bulkTransferCsv } from "#app/platform/payouts/bulk-transfer";
import type { PayoutMode } from "#app/platform/payouts/types";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import type { Actor, ActorOrSystem, StaffActor } from "#app/services/actor";
import { hasMeaningfulText } from "#app/services/content/meaningful-length";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  BANK_FEES_KRW,
  ensureMemberAccount,
  ensurePlatformAccount,
  memberWithdrawableEarningsCode,
  PAYOUT_CLEARING_KRW,
  PAYOUTS_PAID_KRW,
  WITHHOLDING_TAX_KRW,
} from "#app/services/ledger/accounts.server";
import { post, reverseTransaction, type PostEntry } from "#app/services/ledger/posting.server";
import { requirePermission } from "#app/services/permissions";
import { applyTransition } from "#app/services/state-machine.server";
import { earningLines } from "./earnings.server";
import type { SettlementErrorCode } from "./errors";
import { withdrawalPayoutJob, payoutJobKey } from "./payout-job";
import { ADMIN_REASON_MAX } from "./settlement-rules";
import { openAccountNumber, payoutAccountOf } from "./settlement-info.server";
import { withdrawalAmounts } from "./tax";
import { withdrawals, type WithdrawalActor } from "./withdrawal-machine.server";

/**
 * Withdrawals of experts' earnings (ADR 064). The member selects withdrawable earnings lines and, after the
 * withdrawal password, requests them in one unit of work: the lines locked in id order and checked, the settlement
 * information's account copied, the amounts computed by the server (the bank's fee, the tax withheld of
 * individuals), the lines moved to `withdrawing` and one posting — withdrawable earnings to payout clearing, the bank
 * fees and the tax payable. The member's account never goes below zero (the ledger refuses it) and a line is in one
 * withdrawal at most (its lock and its state), so neither two requests at once nor a double click take more than
 * the balance.
 *
 * Then the payout: with the manual service administrators export the requested withdrawals as a bulk-transfer file
 * (they become `processing`) and mark each paid or failed; with an automatic one the request itself moves the
 * withdrawal to `processing` and schedules the payout job in the same unit (see `payouts.server.ts`). Paid: payout
 * clearing to payouts paid, the lines paid. Failed or cancelled: the request's posting reversed and the lines
 * withdrawable again.
 */

export type Withdrawal = typeof withdrawal.$inferSelect;

const fail = (code: SettlementErrorCode) => new DomainError("settlement", code);

/** At most this many lines in one withdrawal (the page lists no more). */
export const MAX_LINES_PER_WITHDRAWAL = 200;
/** At most this many withdrawals in one bulk-transfer file. */
const MAX_EXPORT = 500;

const SYSTEM: WithdrawalActor = { role: "system", id: null };

const requestKey = (id: number) => `withdrawal:${id}:request`;
const paidKey = (id: number) => `withdrawal:${id}:paid`;

/** A payout key the payout services accept: `wd-` and 24 random URL-safe characters. */
const newPayoutKey = () => `wd-${randomBytes(18).toString("base64url")}`;

export interface WithdrawalConfig {
  /** The bank's transfer fee per withdrawal, in won. */
  bankFee: number;
  /** Manual: administrators export and mark; automatic: the request schedules the payout job. */
  payoutMode: PayoutMode;
}

export interface WithdrawalQuote {
  lineIds: number[];
  category: "individual" | "business";
  /** The lines' earnings, what the member withdraws. */
  gross: number;
  /** The platform's fees already taken on those lines: shown, not deducted again. */
  platformFee: number;
  bankFee: number;
  incomeTax: number;
  localTax: number;
  deposit: number;
  bankCode: string;
  holderName: string;
  accountMasked: string;
}

/** The ids as a sorted set; refused when none, not ids, or too many. */
function checkedIds(lineIds: readonly number[]): number[] {
  const ids = [...new Set(lineIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw fail("nothing_selected");
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw fail("line_not_withdrawable");
  if (ids.length > MAX_LINES_PER_WITHDRAWAL) throw fail("too_many_lines");
  return ids;
}

/** The member's selected lines, locked in id order when asked; refused unless every one is theirs and withdrawable. */
async function selectedLines(uow: UnitOfWork, actor: Actor, ids: number[], lock: boolean) {
  const query = uow.tx
    .select()
    .from(earningLine)
    .where(inArray(earningLine.id, ids))
    .orderBy(asc(earningLine.id));
  const lines = lock ? await query.for("update") : await query;
  if (
    lines.length !== ids.length ||
    lines.some((line) => line.providerId !== actor.id || line.status !== "withdrawable")
  )
    throw fail("line_not_withdrawable");
  return lines;
}

/** The quote of the lines for the account; refused when nothing would be deposited. */
async function quoteIn(
  uow: UnitOfWork,
  actor: Actor,
  lineIds: readonly number[],
  config: Pick<WithdrawalConfig, "bankFee">,
  lock: boolean,
): Promise<WithdrawalQuote> {
  const ids = checkedIds(lineIds);
  const lines = await selectedLines(uow, actor, ids, lock);
  const account = await payoutAccountOf(uow, actor.id);
  if (!account) throw fail("no_settlement_info");
  const gross = lines.reduce((sum, line) => sum + line.amount, 0);
  const platformFee = lines.reduce((sum, line) => sum + line.fee, 0);
  const amounts = withdrawalAmounts(gross, account.category, config.bankFee);
  if (gross <= 0 || amounts.deposit <= 0) throw fail("deposit_too_small");
  return {
    lineIds: ids,
    category: account.category,
    ...amounts,
    platformFee,
    bankCode: account.bankCode,
    holderName: account.holderName,
    accountMasked: account.accountMasked,
  };
}

/** What a withdrawal of the selected lines would deposit, for the confirmation step; nothing is written. */
export function quoteWithdrawal(
  db: Database,
  clock: Clock,
  actor: Actor,
  lineIds: readonly number[],
  config: Pick<WithdrawalConfig, "bankFee">,
): Promise<WithdrawalQuote> {
  return runInTransaction(db, clock, (uow) => quoteIn(uow, actor, lineIds, config, false));
}

/** The request's posting: withdrawable earnings out; the deposit owed, the bank's fee and the tax withheld in. */
function requestEntries(row: Withdrawal): PostEntry[] {
  const tax = row.incomeTax + row.localTax;
  return [
    { accountCode: memberWithdrawableEarningsCode(row.userId), amount: -row.gross },
    { accountCode: PAYOUT_CLEARING_KRW, amount: row.deposit },
    ...(row.bankFee > 0 ? [{ accountCode: BANK_FEES_KRW, amount: row.bankFee }] : []),
    ...(tax > 0 ? [{ accountCode: WITHHOLDING_TAX_KRW, amount: tax }] : []),
  ];
}

/** Moves a withdrawal to `processing`, stamped; with the automatic service its payout job is scheduled now. */
async function startProcessing(uow: UnitOfWork, id: number, by: WithdrawalActor, automatic: boolean) {
  await applyTransition(
    uow,
    withdrawals,
    id,
    "process",
    by,
    {},
    { processingAt: uow.now, updatedAt: uow.now },
  );
  if (automatic)
    await scheduleJob(
      uow,
      withdrawalPayoutJob,
      { withdrawalId: id },
      { key: payoutJobKey(id), runAt: uow.now },
    );
}

/**
 * The member withdraws the selected lines (after the withdrawal password, checked by the page). One unit: the lines
 * locked and checked, the withdrawal written with the amounts and the account, the lines `withdrawing`, the posting;
 * with the automatic payout service also `processing` and its job. Answers the withdrawal.
 */
export async function requestWithdrawal(
  db: Database,
  clock: Clock,
  actor: Actor,
  lineIds: readonly number[],
  config: WithdrawalConfig,
): Promise<Withdrawal> {
  return runInTransaction(db, clock, async (uow) => {
    const quote = await quoteIn(uow, actor, lineIds, config, true);
    const account = (await payoutAccountOf(uow, actor.id))!;
    const [row] = await uow.tx
      .insert(withdrawal)
      .values({
        userId: actor.id,
        category: quote.category,
        gross: quote.gross,
        platformFee: quote.platformFee,
        bankFee: quote.bankFee,
        incomeTax: quote.incomeTax,
        localTax: quote.localTax,
        deposit: quote.deposit,
        bankCode: account.bankCode,
        holderName: account.holderName,
        accountSealed: account.accountSealed,
        accountMasked: account.accountMasked,
        payoutKey: newPayoutKey(),
        requestedAt: uow.now,
        updatedAt: uow.now,
      })
      .returning();
    const made = row!;
    const by = { role: "member", id: actor.id } as const;
    for (const id of quote.lineIds)
      await applyTransition(
        uow,
        earningLines,
        id,
        "withdraw",
        by,
        {},
        { withdrawalId: made.id, updatedAt: uow.now },
      );
    await ensureMemberAccount(uow, actor.id, "member_withdrawable_earnings");
    for (const kind of ["payout_clearing", "bank_fees", "withholding_tax"] as const)
      await ensurePlatformAccount(uow, kind);
    await post(uow, {
      idempotencyKey: requestKey(made.id),
      kind: "withdrawal",
      actor,
      subject: { type: "withdrawal", id: String(made.id) },
      memo: `lines ${quote.lineIds.join(",")}`,
      entries: requestEntries(made),
    }).catch((error: unknown) => {
      // An administrator's adjustment took part of these lines' money: the balance no longer covers them.
      if (isDomainError(error, "ledger") && error.code === "insufficient_balance")
        throw fail("balance_short");
      throw error;
    });
    if (config.payoutMode !== "manual") {
      await startProcessing(uow, made.id, SYSTEM, true);
      return { ...made, status: "processing" as const, processingAt: uow.now };
    }
    return made;
  });
}

/** Locks a withdrawal; null when there is none. */
async function lockWithdrawal(uow: UnitOfWork, id: number): Promise<Withdrawal | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await uow.tx.select().from(withdrawal).where(eq(withdrawal.id, id)).for("update");
  return row ?? null;
}

/** The lines of a withdrawal back to withdrawable (failed, cancelled), and the request's posting reversed. */
async function giveBack(
  uow: UnitOfWork,
  row: Withdrawal,
  by: { role: "member" | "system" | "admin"; id: string | null },
  ledgerActor: ActorOrSystem,
  reason: string,
) {
  const lines = await uow.tx
    .select({ id: earningLine.id })
    .from(earningLine)
    .where(eq(earningLine.withdrawalId, row.id))
    .orderBy(asc(earningLine.id))
    .for("update");
  for (const line of lines)
    await applyTransition(
      uow,
      earningLines,
      line.id,
      "giveBack",
      by,
      {},
      { withdrawalId: null, updatedAt: uow.now },
    );
  const [posted] = await uow.tx
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(eq(ledgerTransaction.idempotencyKey, requestKey(row.id)));
  if (posted) await reverseTransaction(uow, posted.id, ledgerActor, reason);
}

/** The member cancels their withdrawal while it waits (`requested`): the lines and the won back. */
export async function cancelWithdrawal(
  db: Database,
  clock: Clock,
  actor: Actor,
  withdrawalId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const row = await lockWithdrawal(uow, withdrawalId);
    if (!row || row.userId !== actor.id) throw fail("not_found");
    if (row.status !== "requested") throw fail("not_requested");
    const by = { role: "member", id: actor.id } as const;
    await applyTransition(
      uow,
      withdrawals,
      row.id,
      "cancel",
      by,
      {},
      { cancelledAt: uow.now, updatedAt: uow.now },
    );
    await giveBack(uow, row, by, actor, "withdrawal cancelled");
  });
}

/**
 * A processing withdrawal was paid (the administrator's word, or the payout service's answer): its lines paid, the
 * deposit from payout clearing to payouts paid. The member is told (the machine's effect).
 */
export async function settlePaid(
  uow: UnitOfWork,
  row: Withdrawal,
  by: WithdrawalActor,
  ledgerActor: ActorOrSystem,
  payoutRef: string | null = null,
): Promise<void> {
  await applyTransition(
    uow,
    withdrawals,
    row.id,
    "pay",
    by,
    {},
    {
      paidAt: uow.now,
      updatedAt: uow.now,
      ...(payoutRef ? { payoutRef } : {}),
    },
  );
  const lines = await uow.tx
    .select({ id: earningLine.id })
    .from(earningLine)
    .where(eq(earningLine.withdrawalId, row.id))
    .orderBy(asc(earningLine.id))
    .for("update");
  const lineBy = by.role === "member" ? SYSTEM : { role: by.role, id: by.id };
  for (const line of lines)
    await applyTransition(uow, earningLines, line.id, "payOut", lineBy, {}, { updatedAt: uow.now });
  await ensurePlatformAccount(uow, "payouts_paid");
  await post(uow, {
    idempotencyKey: paidKey(row.id),
    kind: "withdrawal",
    actor: ledgerActor,
    subject: { type: "withdrawal", id: String(row.id) },
    memo: "paid out",
    entries: [
      { accountCode: PAYOUT_CLEARING_KRW, amount: -row.deposit },
      { accountCode: PAYOUTS_PAID_KRW, amount: row.deposit },
    ],
  });
}

/**
 * A processing withdrawal failed at the bank or the payout service: the lines withdrawable again, the request's
 * posting reversed, the member told to contact an administrator (the machine's effect).
 */
export async function settleFailed(
  uow: UnitOfWork,
  row: Withdrawal,
  by: WithdrawalActor,
  ledgerActor: ActorOrSystem,
  reason: string,
  payoutRef: string | null = null,
): Promise<void> {
  await applyTransition(
    uow,
    withdrawals,
    row.id,
    "fail",
    by,
    { reason },
    {
      failedAt: uow.now,
      failReason: reason,
      updatedAt: uow.now,
      ...(payoutRef ? { payoutRef } : {}),
    },
  );
  await giveBack(uow, row, by, ledgerActor, `withdrawal failed: ${reason}`);
}

/** A reason as stored: trimmed; refused when empty or longer than the limit (in characters). */
function checkedReason(reason: string): string {
  const value = reason.trim();
  if (!hasMeaningfulText(value)) throw fail("reason_required");
  if ([...value].length > ADMIN_REASON_MAX) throw fail("reason_length");
  return value;
}

function staffOf(actor: Actor | null): StaffActor {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  return actor;
}

/** One administrator act on one withdrawal: staff who handle money, the row locked, the act and its audit row. */
async function adminAct(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  withdrawalId: number,
  act: (uow: UnitOfWork, row: Withdrawal, staff: StaffActor) => Promise<Record<string, unknown>>,
  audit: {
    action: "withdrawal.hold" | "withdrawal.unhold" | "withdrawal.paid" | "withdrawal.failed";
    reason?: string;
  },
  from?: ActingFrom,
): Promise<void> {
  const staff = staffOf(actor);
  await runInTransaction(db, clock, async (uow) => {
    const row = await lockWithdrawal(uow, withdrawalId);
    if (!row) throw fail("not_found");
    const after = await act(uow, row, staff);
    await recordAdminAct(
      uow,
      staff,
      {
        action: audit.action,
        subject: { kind: "withdrawal", id: row.id },
        reason: audit.reason ?? null,
        before: { status: row.status },
        after: { ...after, memberId: row.userId, deposit: row.deposit },
      },
      from,
    );
  });
}

const adminBy = (staff: StaffActor) => ({ role: "admin", id: staff.id }) as const;

/** Staff who handle money hold a requested withdrawal (it is not exported or paid) with a reason. */
export async function holdWithdrawal(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  withdrawalId: number,
  reason: string,
  from?: ActingFrom,
): Promise<void> {
  const text = checkedReason(reason);
  return adminAct(
    db,
    clock,
    actor,
    withdrawalId,
    async (uow, row, staff) => {
      if (row.status !== "requested") throw fail("not_requested");
      await applyTransition(
        uow,
        withdrawals,
        row.id,
        "hold",
        adminBy(staff),
        { reason: text },
        {
          holdReason: text,
          updatedAt: uow.now,
        },
      );
      return { status: "held" };
    },
    { action: "withdrawal.hold", reason: text },
    from,
  );
}

/** Staff who handle money release a held withdrawal: requested again. */
export async function unholdWithdrawal(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  withdrawalId: number,
  from?: ActingFrom,
): Promise<void> {
  return adminAct(
    db,
    clock,
    actor,
    withdrawalId,
    async (uow, row, staff) => {
      if (row.status !== "held") throw fail("not_held");
      await applyTransition(
        uow,
        withdrawals,
        row.id,
        "unhold",
        adminBy(staff),
        {},
        {
          holdReason: null,
          updatedAt: uow.now,
        },
      );
      return { status: "requested" };
    },
    { action: "withdrawal.unhold" },
    from,
  );
}

/** With the manual payout service only: the automatic one answers for itself. */
function manualOnly(mode: PayoutMode) {
  if (mode !== "manual") throw fail("automatic_payouts");
}

/** Staff who handle money say the bank transfer of a processing withdrawal went out (manual payouts). */
export async function markWithdrawalPaid(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  withdrawalId: number,
  mode: PayoutMode,
  from?: ActingFrom,
): Promise<void> {
  manualOnly(mode);
  return adminAct(
    db,
    clock,
    actor,
    withdrawalId,
    async (uow, row, staff) => {
      if (row.status !== "processing") throw fail("not_processing");
      await settlePaid(uow, row, adminBy(staff), staff);
      return { status: "paid" };
    },
    { action: "withdrawal.paid" },
    from,
  );
}

/** Staff who handle money say the bank transfer of a processing withdrawal failed, with why (manual payouts). */
export async function markWithdrawalFailed(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  withdrawalId: number,
  reason: string,
  mode: PayoutMode,
  from?: ActingFrom,
): Promise<void> {
  manualOnly(mode);
  const text = checkedReason(reason);
  return adminAct(
    db,
    clock,
    actor,
    withdrawalId,
    async (uow, row, staff) => {
      if (row.status !== "processing") throw fail("not_processing");
      await settleFailed(uow, row, adminBy(staff), staff, text);
      return { status: "failed" };
    },
    { action: "withdrawal.failed", reason: text },
    from,
  );
}

export interface WithdrawalExport {
  csv: string;
  count: number;
  ids: number[];
}

/**
 * Staff who handle money export every requested withdrawal (oldest first, at most MAX_EXPORT) as the bank's
 * bulk-transfer file, and each becomes `processing`: the file opens the account numbers, so the export and the ids
 * it opened are one audit row, in the same unit. Manual payouts only.
 */
export async function exportWithdrawals(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  keyring: PersonalDataKeyring,
  mode: PayoutMode,
  from?: ActingFrom,
): Promise<WithdrawalExport> {
  const staff = staffOf(actor);
  manualOnly(mode);
  return runInTransaction(db, clock, async (uow) => {
    const rows = await uow.tx
      .select()
      .from(withdrawal)
      .where(eq(withdrawal.status, "requested"))
      .orderBy(asc(withdrawal.id))
      .limit(MAX_EXPORT)
      .for("update");
    const transfers = [];
    for (const row of rows) {
      await startProcessing(uow, row.id, adminBy(staff), false);
      transfers.push({
        bankCode: row.bankCode,
        accountNumber: openAccountNumber(keyring, row.accountSealed, row.userId),
        holderName: row.holderName,
        amount: row.deposit,
        memo: `모토메이트 ${row.id}`,
      });
    }
    const ids = rows.map((row) => row.id);
    if (ids.length > 0)
      await recordAdminAct(
        uow,
        staff,
        {
          action: "withdrawal.export",
          subject: { kind: "withdrawal_export", id: uow.now.toISOString() },
          before: { status: "requested" },
          after: {
            status: "processing",
            count: ids.length,
            ids,
            total: rows.reduce((sum, row) => sum + row.deposit, 0),
          },
        },
        from,
      );
    return { csv: bulkTransferCsv(transfers), count: ids.length, ids };
  });
}

/** The withdrawal a payout key names, for the payout service's answers. */
export async function withdrawalByPayoutKey(db: Database, payoutKey: string): Promise<Withdrawal | null> {
  const [row] = await db.select().from(withdrawal).where(eq(withdrawal.payoutKey, payoutKey));
  return row ?? null;
}

/** The withdrawal a payout's reference names (a webhook without the key). */
export async function withdrawalByPayoutRef(db: Database, payoutRef: string): Promise<Withdrawal | null> {
  const [row] = await db
    .select()
    .from(withdrawal)
    .where(and(eq(withdrawal.payoutRef, payoutRef)));
  return row ?? null;
}

export { lockWithdrawal };
