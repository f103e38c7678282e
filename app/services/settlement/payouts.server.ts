import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { withdrawal } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import { defineJob, type JobKind } from "#app/platform/jobs.server";
import type { Logger } from "#app/platform/logger.server";
import type { PayoutHint, PayoutService, PayoutState } from "#app/platform/payouts/types";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import { systemActor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { PAYOUT_ATTEMPTS, PAYOUT_JOB_KIND, payoutPayload } from "./payout-job";
import { openAccountNumber } from "./settlement-info.server";
import {
  lockWithdrawal,
  settleFailed,
  settlePaid,
  withdrawalByPayoutKey,
  withdrawalByPayoutRef,
  type Withdrawal,
} from "./withdrawals.server";

/**
 * Automatic payouts (ADR 064). A withdrawal requested with an automatic payout service is `processing` and has its
 * payout job from the request's own unit on. The job asks the service outside any transaction (`prepare`): first
 * where the payout of the withdrawal's key is — a crash after an earlier send and before its answer was saved is
 * found there — and sends it only when the service has none under the key (the key makes a second send harmless
 * anyway). An answer of paid or failed is recorded in the job's unit; still processing, or no certain answer
 * (`PayoutUnavailable`), leaves the withdrawal `processing` and the job is retried. Nothing is ever guessed.
 *
 * The service's webhook is a hint: the withdrawal it names is looked up at the service the same way.
 */

const SYSTEM = { role: "system", id: null } as const;

/** What the service says of a processing withdrawal, asked outside any unit. */
type PayoutView = { kind: "skip" } | { kind: "state"; state: PayoutState };

async function askService(
  db: Database,
  payouts: PayoutService,
  keyring: PersonalDataKeyring,
  withdrawalId: number,
): Promise<PayoutView> {
  const [row] = await db.select().from(withdrawal).where(eq(withdrawal.id, withdrawalId));
  if (row?.status !== "processing") return { kind: "skip" };
  const known = await payouts.lookup(row.payoutKey);
  if (known.status !== "unknown") return { kind: "state", state: known };
  const [sent] = await payouts.send([
    {
      payoutKey: row.payoutKey,
      memberId: row.userId,
      category: row.category,
      amount: row.deposit,
      bankCode: row.bankCode,
      accountNumber: openAccountNumber(keyring, row.accountSealed, row.userId),
      holderName: row.holderName,
    },
  ]);
  return { kind: "state", state: sent ?? { status: "unknown" } };
}

/** The payout is still on its way, or the service has none: the job tries again later. */
class PayoutPending extends Error {
  constructor(withdrawalId: number, status: string) {
    super(`payout of withdrawal ${withdrawalId} is ${status}; asked again later`);
    this.name = "PayoutPending";
  }
}

/** Records the service's answer about a locked processing withdrawal; answers its state after it. */
async function applyState(
  uow: UnitOfWork,
  row: Withdrawal,
  state: PayoutState,
): Promise<Withdrawal["status"]> {
  if (state.status === "paid") {
    await settlePaid(uow, row, SYSTEM, systemActor, state.ref);
    return "paid";
  }
  if (state.status === "failed") {
    await settleFailed(
      uow,
      row,
      SYSTEM,
      systemActor,
      `${state.code}: ${state.message}`.slice(0, 200),
      state.ref,
    );
    return "failed";
  }
  return "processing";
}

/** The jobs of withdrawals, the payout job bound to the process's payout service and the keyring that opens accounts. */
export function withdrawalJobs(payouts: PayoutService, keyring: PersonalDataKeyring): ReadonlyArray<JobKind> {
  const payoutJob = defineJob(PAYOUT_JOB_KIND, {
    payload: payoutPayload,
    maxAttempts: PAYOUT_ATTEMPTS,
    prepare: ({ withdrawalId }, { db }) => askService(db, payouts, keyring, withdrawalId),
    handle: async ({ withdrawalId }, { uow, prepared }) => {
      const view = prepared as PayoutView;
      if (view.kind === "skip") return;
      const row = await lockWithdrawal(uow, withdrawalId);
      if (row?.status !== "processing") return;
      const after = await applyState(uow, row, view.state);
      if (after === "processing") throw new PayoutPending(withdrawalId, view.state.status);
    },
  });
  return [payoutJob] as JobKind[];
}

const refuse = (code: "payout_unknown" | "payout_final") => new DomainError("settlement", code);

/**
 * A payout webhook's hint: the withdrawal it names (by key, else by the service's reference) is looked up at the
 * service and its answer recorded. A withdrawal the product does not have, or one no longer processing, is refused
 * and nothing changes. Answers the withdrawal's state after it.
 */
export async function settleFromPayoutHint(
  db: Database,
  clock: Clock,
  payouts: PayoutService,
  logger: Logger,
  hint: PayoutHint,
): Promise<Withdrawal["status"]> {
  const found =
    (hint.payoutKey && hint.payoutKey.length <= 64
      ? await withdrawalByPayoutKey(db, hint.payoutKey)
      : null) ?? (hint.ref && hint.ref.length <= 200 ? await withdrawalByPayoutRef(db, hint.ref) : null);
  if (!found) {
    logger.info({ payoutKey: hint.payoutKey }, "payout webhook for a withdrawal the product does not have");
    throw refuse("payout_unknown");
  }
  if (found.status !== "processing") throw refuse("payout_final");
  const state = await payouts.lookup(found.payoutKey);
  return runInTransaction(db, clock, async (uow) => {
    const row = await lockWithdrawal(uow, found.id);
    if (row?.status !== "processing") throw refuse("payout_final");
    return applyState(uow, row, state);
  });
}
