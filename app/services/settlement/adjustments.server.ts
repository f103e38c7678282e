import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { earningLine, meeting, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { hasMeaningfulText } from "#app/services/content/meaningful-length";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  ensureMemberAccount,
  ensurePlatformAccount,
  memberWithdrawableEarningsCode,
  EARNINGS_ADJUSTMENTS_KRW,
} from "#app/services/ledger/accounts.server";
import { post } from "#app/services/ledger/posting.server";
import { refundPayment } from "#app/services/payments/refunds.server";
import { requirePermission } from "#app/services/permissions";
import type { EarningsErrorCode } from "./earnings-errors";
import { ADJUSTMENT_MAX_WON, ADMIN_REASON_MAX } from "./settlement-rules";

/**
 * Administrators' acts on experts' earnings (ADR 064), each after the money step-up and in the audit log: the
 * explicit reversal of a released line (the requester refunded in full, the provider's withdrawable earnings taken
 * back), and an adjustment of a member's withdrawable earnings up or down with a reason.
 */

const fail = (code: EarningsErrorCode) => new DomainError("earnings", code);

function checkedReason(reason: string): string {
  const value = reason.trim();
  if (!hasMeaningfulText(value)) throw fail("reason_required");
  if ([...value].length > ADMIN_REASON_MAX) throw fail("reason_length");
  return value;
}

/**
 * Reverses a released (withdrawable) earnings line: its payment is refunded to the requester in full, at the gateway
 * by the refund job, and the provider's share comes back out of their withdrawable earnings. Only a line still
 * withdrawable (not in a withdrawal, not paid out) of a payment not refunded in part before.
 */
export async function reverseReleasedEarnings(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  lineId: number,
  reason: string,
  from?: ActingFrom,
): Promise<{ refunded: number }> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const staff: StaffActor = actor;
  const why = checkedReason(reason);
  if (!Number.isSafeInteger(lineId) || lineId <= 0) throw fail("not_found");
  return runInTransaction(db, clock, async (uow) => {
    const [found] = await uow.tx
      .select({ meetingId: earningLine.meetingId })
      .from(earningLine)
      .where(eq(earningLine.id, lineId));
    if (!found) throw fail("not_found");
    const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, found.meetingId)).for("update");
    const [line] = await uow.tx.select().from(earningLine).where(eq(earningLine.id, lineId)).for("update");
    if (!row || !line || line.status !== "withdrawable" || row.paymentStatus !== "paid")
      throw fail("not_reversible");
    const refunded = await refundPayment(
      uow,
      row,
      null,
      { role: "admin", id: staff.id },
      staff,
      why,
      "reverse",
    ).catch((error: unknown) => {
      // An adjustment took part of the line's money from the withdrawable balance already.
      if (isDomainError(error, "ledger") && error.code === "insufficient_balance") throw fail("insufficient");
      throw error;
    });
    await recordAdminAct(
      uow,
      staff,
      {
        action: "earnings.reverse",
        subject: { kind: "earning_line", id: lineId },
        reason: why,
        before: { status: line.status, amount: line.amount },
        after: { status: "refunded", amount: 0, refunded, meetingId: row.id, providerId: line.providerId },
      },
      from,
    );
    return { refunded };
  });
}

/**
 * Adds `amount` won (negative: takes it) to a member's withdrawable earnings, from or to the platform's adjustments
 * account, with a reason. A take that would leave the balance below zero is refused.
 */
export async function adjustEarnings(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  memberId: string,
  amount: number,
  reason: string,
  from?: ActingFrom,
): Promise<void> {
  requirePermission(actor, "manage:money", () => fail("forbidden"));
  const staff: StaffActor = actor;
  const why = checkedReason(reason);
  if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > ADJUSTMENT_MAX_WON)
    throw fail("amount_invalid");
  await runInTransaction(db, clock, async (uow) => {
    const [target] = await uow.tx.select({ id: member.id }).from(member).where(eq(member.id, memberId));
    if (!target) throw fail("not_found");
    await ensureMemberAccount(uow, memberId, "member_withdrawable_earnings");
    await ensurePlatformAccount(uow, "platform_adjustments_krw");
    // One act per staff member, member, amount and reason in a minute: a double submission posts once.
    const minute = Math.floor(uow.now.getTime() / 60_000);
    const digest = createHash("sha256").update(why).digest("base64url").slice(0, 16);
    const { transactionId } = await post(uow, {
      idempotencyKey: `adjustment:${staff.id}:${memberId}:${amount}:${digest}:${minute}`,
      kind: "adjustment",
      actor: staff,
      subject: { type: "member", id: memberId },
      memo: why,
      entries: [
        { accountCode: memberWithdrawableEarningsCode(memberId), amount },
        { accountCode: EARNINGS_ADJUSTMENTS_KRW, amount: -amount },
      ],
    }).catch((error: unknown) => {
      if (isDomainError(error, "ledger") && error.code === "insufficient_balance") throw fail("insufficient");
      throw error;
    });
    await recordAdminAct(
      uow,
      staff,
      {
        action: "earnings.adjust",
        subject: { kind: "member", id: memberId },
        reason: why,
        before: null,
        after: { amount, transactionId },
      },
      from,
    );
  });
}
