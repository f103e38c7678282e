import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { businessProfile, member, settlementInfo, withdrawal } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import { defineJob, type JobKind } from "#app/platform/jobs.server";
import type { Logger } from "#app/platform/logger.server";
import {
  PayoutRefused,
  type PayoutHint,
  type PayoutService,
  type PayoutState,
} from "#app/platform/payouts/types";
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
  // Sent before and answered: asked by the service's own reference.
  if (row.payoutRef) return { kind: "state", state: await payouts.lookup(row.payoutKey, row.payoutRef) };
  // Not answered yet (never sent, or a crash before the answer was kept): sent again under the same key, which the
  // service answers once.
  let sellerId: string | undefined;
  if (payouts.registerSeller) {
    const seller = await sellerOf(db, payouts, keyring, row);
    if (seller.kind === "refused") return { kind: "state", state: seller.state };
    sellerId = seller.sellerId;
  }
  const [sent] = await payouts.send([
    {
      payoutKey: row.payoutKey,
      memberId: row.userId,
      category: row.category,
      amount: row.deposit,
      bankCode: row.bankCode,
      accountNumber: openAccountNumber(keyring, row.accountSealed, row.userId),
      holderName: row.holderName,
      ...(sellerId ? { sellerId } : {}),
    },
  ]);
  const state = sent ?? ({ status: "unknown" } as const);
  // The reference is kept at once, outside the job's unit: a retry of a payout still on its way asks by it.
  if (state.status !== "unknown" && state.ref)
    await db
      .update(withdrawal)
      .set({ payoutRef: state.ref })
      .where(and(eq(withdrawal.id, row.id), isNull(withdrawal.payoutRef)));
  return { kind: "state", state };
}

/**
 * The member as a seller of the payout service, registered with their settlement information the first time (the
 * registration's key makes a retry register once) and kept on it. A refusal fails the payout with the service's
 * reason, so the money goes back to the member's withdrawable earnings.
 */
async function sellerOf(
  db: Database,
  payouts: PayoutService,
  keyring: PersonalDataKeyring,
  row: Withdrawal,
): Promise<{ kind: "seller"; sellerId: string } | { kind: "refused"; state: PayoutState }> {
  const [info] = await db.select().from(settlementInfo).where(eq(settlementInfo.userId, row.userId));
  if (!info)
    return {
      kind: "refused",
      state: {
        status: "failed",
        ref: null,
        code: "SETTLEMENT_INFO_MISSING",
        message: "no settlement information",
      },
    };
  if (info.payoutSellerId) return { kind: "seller", sellerId: info.payoutSellerId };
  const [person] = await db
    .select({ email: member.email, phone: member.phoneNumber })
    .from(member)
    .where(eq(member.id, row.userId));
  const [business] =
    info.category === "business"
      ? await db
          .select({ name: businessProfile.name, number: businessProfile.number })
          .from(businessProfile)
          .where(eq(businessProfile.userId, row.userId))
      : [];
  try {
    const seller = await payouts.registerSeller!({
      memberId: row.userId,
      registrationKey: `seller-${row.userId}-${info.updatedAt.getTime()}`,
      kind: info.category === "business" ? "sole-proprietor" : "individual",
      name: info.category === "business" ? (info.ownerName ?? info.holderName) : info.holderName,
      email: info.category === "business" ? (info.taxEmail ?? person?.email ?? "") : (person?.email ?? ""),
      phone: (info.category === "business" ? info.taxPhone : person?.phone)?.replace(/\D/g, "") ?? "",
      ...(business ? { business: { companyName: business.name, registrationNumber: business.number } } : {}),
      bankCode: info.bankCode,
      accountNumber: openAccountNumber(keyring, info.accountSealed, row.userId),
      holderName: info.holderName,
    });
    await db
      .update(settlementInfo)
      .set({ payoutSellerId: seller.sellerId })
      .where(and(eq(settlementInfo.userId, row.userId), eq(settlementInfo.updatedAt, info.updatedAt)));
    return { kind: "seller", sellerId: seller.sellerId };
  } catch (error) {
    if (!(error instanceof PayoutRefused)) throw error;
    return {
      kind: "refused",
      state: { status: "failed", ref: null, code: error.code, message: error.message },
    };
  }
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
  const state = found.payoutRef
    ? await payouts.lookup(found.payoutKey, found.payoutRef)
    : await payouts.lookup(found.payoutKey);
  return runInTransaction(db, clock, async (uow) => {
    const row = await lockWithdrawal(uow, found.id);
    if (row?.status !== "processing") throw refuse("payout_final");
    return applyState(uow, row, state);
  });
}
