import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { earningLine, ledgerAccount, settlementInfo } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { encryptPersonal, type PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { PayoutRequest, PayoutService, PayoutState } from "#app/platform/payouts/types";
import { PayoutUnavailable } from "#app/platform/payouts/types";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import {
  BANK_FEES_KRW,
  memberPendingEarningsCode,
  memberWithdrawableEarningsCode,
  PAYOUT_CLEARING_KRW,
  PAYOUTS_PAID_KRW,
  WITHHOLDING_TAX_KRW,
} from "#app/services/ledger/accounts.server";
import { releaseLine } from "#app/services/settlement/earnings.server";
import { endedPaidMeeting } from "./payments";

/** Test data of withdrawals: settlement information, withdrawable earnings lines, the balances, a payout service. */

export const TEST_ACCOUNT_NUMBER = "110123456789";
export const TEST_RESIDENT_NUMBER = "9001011234567";

/** The member's settlement information, its numbers sealed with the keyring as the real page seals them. */
export async function registerSettlementInfo(
  db: Database,
  clock: Clock,
  keyring: PersonalDataKeyring,
  userId: string,
  category: "individual" | "business" = "individual",
): Promise<void> {
  const now = clock.now();
  await db
    .insert(settlementInfo)
    .values({
      userId,
      category,
      bankCode: "088",
      holderName: "김라이더",
      accountSealed: encryptPersonal(
        keyring,
        { purpose: "bank-account", ownerId: userId },
        TEST_ACCOUNT_NUMBER,
      ),
      accountMasked: "110-***-***789",
      residentSealed:
        category === "individual"
          ? encryptPersonal(keyring, { purpose: "resident-number", ownerId: userId }, TEST_RESIDENT_NUMBER)
          : null,
      residentMasked: category === "individual" ? "900101-*******" : null,
      ownerName: category === "business" ? "김사장" : null,
      taxEmail: category === "business" ? "tax@example.com" : null,
      taxPhone: category === "business" ? "010-1234-5678" : null,
      agreedAt: category === "individual" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The provider's lines of `count` paid meetings that ended, released now (their hold moved into the past). */
export async function withdrawableLines(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  sides: { requester: Actor; provider: Actor },
  count = 1,
  amount = 30_000,
): Promise<number[]> {
  const meetingIds: number[] = [];
  for (let i = 0; i < count; i++)
    meetingIds.push(await endedPaidMeeting(db, clock, gateway, sides, { amount }));
  const lines = await db
    .select({ id: earningLine.id })
    .from(earningLine)
    .where(inArray(earningLine.meetingId, meetingIds))
    .orderBy(asc(earningLine.id));
  await releaseNow(
    db,
    clock,
    lines.map((line) => line.id),
  );
  return lines.map((line) => line.id);
}

/** Releases pending lines now, as their job would after the hold (the hold moved a second into the past). */
async function releaseNow(db: Database, clock: Clock, lineIds: number[]): Promise<void> {
  for (const id of lineIds) {
    await db
      .update(earningLine)
      .set({ releasableAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(earningLine.id, id));
    await runInTransaction(db, clock, (uow) => releaseLine(uow, id));
  }
}

/** The balances a withdrawal moves, the member's and the platform's. */
export async function withdrawalBalances(db: Database, memberId: string) {
  const balanceOf = (code: string) =>
    db
      .select({ balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(eq(ledgerAccount.code, code))
      .then(([row]) => Number(row?.balance ?? 0));
  return {
    pending: await balanceOf(memberPendingEarningsCode(memberId)),
    withdrawable: await balanceOf(memberWithdrawableEarningsCode(memberId)),
    clearing: await balanceOf(PAYOUT_CLEARING_KRW),
    bankFees: await balanceOf(BANK_FEES_KRW),
    tax: await balanceOf(WITHHOLDING_TAX_KRW),
    paid: await balanceOf(PAYOUTS_PAID_KRW),
  };
}

/**
 * A payout service kept in memory, as an automatic one behaves: payouts by key (a second send of a key changes
 * nothing), answered `processing` until the test settles them; `unavailable` makes every call throw
 * `PayoutUnavailable`. It records what was sent (never logged).
 */
export class MemoryPayouts implements PayoutService {
  readonly mode = "toss" as const;
  readonly payouts = new Map<string, { request: PayoutRequest; state: PayoutState }>();
  /** The keys sent and looked up, in order, one entry per call. */
  readonly sent: string[] = [];
  readonly looked: string[] = [];
  unavailable = false;

  send(requests: PayoutRequest[]): Promise<PayoutState[]> {
    this.sent.push(...requests.map((request) => request.payoutKey));
    if (this.unavailable) return Promise.reject(new PayoutUnavailable("test: unreachable"));
    return Promise.resolve(
      requests.map((request) => {
        const known = this.payouts.get(request.payoutKey);
        if (known) return known.state;
        const state: PayoutState = { status: "processing", ref: `ref-${request.payoutKey}` };
        this.payouts.set(request.payoutKey, { request, state });
        return state;
      }),
    );
  }

  /** Like Toss Payments, asked only by the reference its answer to the send gave. */
  lookup(payoutKey: string, ref?: string | null): Promise<PayoutState> {
    this.looked.push(payoutKey);
    if (this.unavailable) return Promise.reject(new PayoutUnavailable("test: unreachable"));
    if (!ref) return Promise.reject(new PayoutUnavailable("test: asked without the reference"));
    if (this.payouts.get(payoutKey) && ref !== `ref-${payoutKey}`)
      return Promise.reject(new PayoutUnavailable("test: another payout's reference"));
    return Promise.resolve(this.payouts.get(payoutKey)?.state ?? { status: "unknown" });
  }

  balance(): Promise<number | null> {
    return Promise.resolve(1_000_000);
  }

  parseWebhook(rawBody: string): { payoutKey: string | null; ref: string | null } | null {
    try {
      const body = JSON.parse(rawBody) as {
        eventType?: unknown;
        data?: { payoutKey?: unknown; id?: unknown };
      };
      if (body.eventType !== "payout.changed") return null;
      return {
        payoutKey: typeof body.data?.payoutKey === "string" ? body.data.payoutKey : null,
        ref: typeof body.data?.id === "string" ? body.data.id : null,
      };
    } catch {
      return null;
    }
  }

  /** The bank answered: the payout of the key is paid or failed. */
  settle(payoutKey: string, outcome: "paid" | "failed") {
    const known = this.payouts.get(payoutKey);
    if (!known) throw new Error(`no payout ${payoutKey}`);
    known.state =
      outcome === "paid"
        ? { status: "paid", ref: `ref-${payoutKey}`, paidAt: null }
        : { status: "failed", ref: `ref-${payoutKey}`, code: "INVALID_ACCOUNT", message: "계좌 오류" };
  }
}
