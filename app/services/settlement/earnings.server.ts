import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { earningLine, meeting, type paymentOrder } from "#app/db/schema";
import { defineJob, scheduleJob, type JobKind } from "#app/platform/jobs.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor, type ActorOrSystem } from "#app/services/actor";
import {
  ensureMemberAccount,
  memberPendingEarningsCode,
  memberWithdrawableEarningsCode,
} from "#app/services/ledger/accounts.server";
import { post } from "#app/services/ledger/posting.server";
import { hasOpenRefundRequest } from "#app/services/payments/refund-requests.server";
import { applyTransition, bindMachine } from "#app/services/state-machine.server";
import { earningLineMachine } from "./settlement-machine";
import { releasableAt } from "./settlement-rules";

/**
 * Experts' earnings lines (ADR 064): one per settled payment, opened in the unit that settles it, released from the
 * hold by a job at the line's release instant (unless a refund request for its meeting is open: the decision
 * schedules the release again), and taken back by refunds while pending. A released line is refunded only when an
 * administrator reverses it explicitly; a line in a withdrawal or paid out is never refunded.
 */

export type EarningLine = typeof earningLine.$inferSelect;
type Order = typeof paymentOrder.$inferSelect;

export const earningLines = bindMachine(earningLineMachine, {
  table: earningLine,
  id: earningLine.id,
  state: earningLine.status,
});

const releaseKey = (lineId: number) => `earnings.release:${lineId}`;
const releasedKey = (lineId: number) => `earning:${lineId}:release`;

const earningsReleaseJob = defineJob("earnings.release", {
  payload: z.object({ lineId: z.number().int().positive() }),
  maxAttempts: 10,
  handle: async ({ lineId }, { uow }) => {
    await releaseLine(uow, lineId);
  },
});

export const earningsJobs: ReadonlyArray<JobKind> = [earningsReleaseJob] as JobKind[];

/**
 * Opens the earnings line of a settled order, in the settlement's unit: `earned` won of the `price` after the `fee`,
 * withdrawable from the meeting's end + the hold. Once per order; a second call changes nothing.
 */
export async function openEarningLine(
  uow: UnitOfWork,
  order: Order,
  providerId: string,
  settled: { fee: number; providerType: "individual" | "business" },
): Promise<void> {
  const [row] = await uow.tx
    .select({ endedAt: meeting.endedAt })
    .from(meeting)
    .where(eq(meeting.id, order.meetingId));
  const at = releasableAt(row?.endedAt ?? uow.now);
  const [line] = await uow.tx
    .insert(earningLine)
    .values({
      providerId,
      meetingId: order.meetingId,
      orderId: order.id,
      price: order.price,
      fee: settled.fee,
      amount: order.price - settled.fee,
      providerType: settled.providerType,
      settledAt: uow.now,
      releasableAt: at,
      updatedAt: uow.now,
    })
    .onConflictDoNothing({ target: earningLine.orderId })
    .returning({ id: earningLine.id });
  if (line) await scheduleRelease(uow, line.id, at);
}

async function scheduleRelease(uow: UnitOfWork, lineId: number, at: Date) {
  const runAt = at.getTime() > uow.now.getTime() ? at : uow.now;
  await scheduleJob(uow, earningsReleaseJob, { lineId }, { key: releaseKey(lineId), runAt });
}

/** After a refund request of the meeting was decided: its line, still pending, is released when its time came. */
export async function releaseAfterDecision(uow: UnitOfWork, meetingId: number): Promise<void> {
  const [line] = await uow.tx
    .select({ id: earningLine.id, releasableAt: earningLine.releasableAt, status: earningLine.status })
    .from(earningLine)
    .where(eq(earningLine.meetingId, meetingId));
  if (line?.status === "pending") await scheduleRelease(uow, line.id, line.releasableAt);
}

/**
 * Releases a pending line whose hold is over: pending → withdrawable earnings in the ledger and the line's state, in
 * one unit. The meeting's row is locked first (as a refund request takes it), so a request made at the last moment
 * and the release never both happen. Not yet due, not pending, or held by an open request: nothing happens.
 */
export async function releaseLine(uow: UnitOfWork, lineId: number): Promise<boolean> {
  const [found] = await uow.tx
    .select({ meetingId: earningLine.meetingId })
    .from(earningLine)
    .where(eq(earningLine.id, lineId));
  if (!found) return false;
  await uow.tx.select({ id: meeting.id }).from(meeting).where(eq(meeting.id, found.meetingId)).for("update");
  const [line] = await uow.tx.select().from(earningLine).where(eq(earningLine.id, lineId)).for("update");
  if (!line || line.status !== "pending") return false;
  if (line.releasableAt.getTime() > uow.now.getTime()) {
    await scheduleRelease(uow, line.id, line.releasableAt);
    return false;
  }
  if (await hasOpenRefundRequest(uow, line.meetingId)) return false;
  if (line.amount > 0) {
    await ensureMemberAccount(uow, line.providerId, "member_withdrawable_earnings");
    await post(uow, {
      idempotencyKey: releasedKey(line.id),
      kind: "hold_released",
      actor: systemActor,
      subject: { type: "payment", id: String(line.orderId) },
      memo: `meeting ${line.meetingId}`,
      entries: [
        { accountCode: memberPendingEarningsCode(line.providerId), amount: -line.amount },
        { accountCode: memberWithdrawableEarningsCode(line.providerId), amount: line.amount },
      ],
    });
  }
  await uow.tx
    .update(earningLine)
    .set({ releasedAt: uow.now, updatedAt: uow.now })
    .where(eq(earningLine.id, line.id));
  await applyTransition(uow, earningLines, line.id, "release", { role: "system", id: null }, {});
  return true;
}

/** How a refund may touch the provider's earnings: only while pending, unless an administrator reverses them. */
export type ReleasedEarnings = "refuse" | "reverse";

/**
 * The account a refund of `order` takes the provider's share from, and its line locked for the refund: pending
 * earnings before the release (or without a line: not settled yet); withdrawable earnings when `released` says an
 * administrator reverses a released line; refused otherwise.
 */
export async function earningsAccountForRefund(
  uow: UnitOfWork,
  order: Order,
  providerId: string,
  released: ReleasedEarnings,
  refuse: (code: "earnings_released" | "earnings_paid_out") => Error,
): Promise<{ accountCode: string; line: EarningLine | null }> {
  const [line] = await uow.tx
    .select()
    .from(earningLine)
    .where(eq(earningLine.orderId, order.id))
    .for("update");
  if (!line || line.status === "pending" || line.status === "refunded")
    return { accountCode: memberPendingEarningsCode(providerId), line: line ?? null };
  if (line.status === "withdrawable") {
    if (released !== "reverse") throw refuse("earnings_released");
    return { accountCode: memberWithdrawableEarningsCode(providerId), line };
  }
  throw refuse("earnings_paid_out");
}

/**
 * Takes `providerShare` won back from a line after a refund, in the refund's unit; a whole refund leaves it at 0
 * and refunded (`refund` while pending by the system or an administrator, `reverse` of a released one by an
 * administrator).
 */
export async function takeBackFromLine(
  uow: UnitOfWork,
  line: EarningLine,
  providerShare: number,
  whole: boolean,
  actor: ActorOrSystem,
): Promise<void> {
  const amount = whole ? 0 : Math.max(0, line.amount - providerShare);
  await uow.tx
    .update(earningLine)
    .set({ amount, updatedAt: uow.now })
    .where(and(eq(earningLine.id, line.id), eq(earningLine.status, line.status)));
  if (!whole || line.status === "refunded") return;
  const by =
    actor.kind === "system"
      ? ({ role: "system", id: null } as const)
      : ({ role: "admin", id: actor.id } as const);
  await applyTransition(uow, earningLines, line.id, line.status === "pending" ? "refund" : "reverse", by, {});
}
