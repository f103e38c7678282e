import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { earningLine, meeting, paymentOrder } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { systemActor } from "#app/services/actor";
import { refundPayment } from "#app/services/payments/refunds.server";
import { auditLedger } from "#app/services/ledger/audit.server";
import {
  memberPendingEarningsCode,
  memberWithdrawableEarningsCode,
} from "#app/services/ledger/accounts.server";
import { balanceOf as storedBalance } from "#app/services/ledger/reads.server";
import { HOLD_MS } from "#app/services/payments/payment-rules";
import { decideRefundRequest, requestRefund } from "#app/services/payments/refund-requests.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { endedPaidMeeting, localGateway, runPaymentJobs } from "#tests/setup/payments";
import { reverseReleasedEarnings } from "./adjustments.server";
import { releaseLine } from "./earnings.server";
import { releasableAt } from "./settlement-rules";

let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;
const clock = new FixedClock(new Date("2026-07-01T03:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

const balanceOf = (code: string) =>
  storedBalance(db, code).catch((error: unknown) => {
    if (error instanceof Error && error.message === "ledger.unknown_account") return 0;
    throw error;
  });

const cleanBooks = {
  unbalancedTransactions: [],
  mixedCurrencyTransactions: [],
  balanceMismatches: [],
  negativeAccounts: [],
  reversalMismatches: [],
};

const lineOf = async (meetingId: number) =>
  (await db.select().from(earningLine).where(eq(earningLine.meetingId, meetingId)))[0]!;

async function paidAndEnded(options: { business?: boolean; amount?: number } = {}) {
  const requester = await insertMember(db);
  const provider = await insertMember(db, options.business ? { memberType: "business" } : {});
  const meetingId = await endedPaidMeeting(
    db,
    clock,
    gateway,
    { requester, provider },
    {
      amount: options.amount ?? 30_000,
    },
  );
  return { requester, provider, meetingId };
}

describe("an ended paid meeting's earnings", () => {
  it("are one pending line at the meeting's end, withdrawable 8 × 24 hours after it by the job", async () => {
    const { provider, meetingId } = await paidAndEnded({ amount: 30_000 });
    const line = await lineOf(meetingId);
    expect(line).toMatchObject({ providerId: provider.id, price: 30_000, fee: 3_000, amount: 27_000 });
    expect(line.status).toBe("pending");
    expect(line.releasableAt.getTime() - line.settledAt.getTime()).toBeLessThanOrEqual(HOLD_MS);
    expect(await balanceOf(memberPendingEarningsCode(provider.id))).toBe(27_000);

    // One millisecond before the instant, the job finds nothing due.
    clock.set(new Date(line.releasableAt.getTime() - 1));
    await runPaymentJobs(db, clock, gateway);
    expect((await lineOf(meetingId)).status).toBe("pending");

    clock.set(line.releasableAt);
    await runPaymentJobs(db, clock, gateway);
    const released = await lineOf(meetingId);
    expect(released.status).toBe("withdrawable");
    expect(released.releasedAt).toEqual(line.releasableAt);
    expect(await balanceOf(memberPendingEarningsCode(provider.id))).toBe(0);
    expect(await balanceOf(memberWithdrawableEarningsCode(provider.id))).toBe(27_000);
    expect(await auditLedger(db)).toEqual(cleanBooks);

    // The release runs once, whatever runs it again.
    expect(await runInTransaction(db, clock, (uow) => releaseLine(uow, line.id))).toBe(false);
    expect(await balanceOf(memberWithdrawableEarningsCode(provider.id))).toBe(27_000);
  });

  it("take the business fee of 5% for a business provider", async () => {
    const { meetingId } = await paidAndEnded({ business: true, amount: 15_000 });
    expect(await lineOf(meetingId)).toMatchObject({ fee: 750, amount: 14_250, providerType: "business" });
  });

  it("stay on hold while a refund request is open, and are released when it is declined", async () => {
    const { requester, provider, meetingId } = await paidAndEnded();
    const { id: requestId } = await requestRefund(db, clock, requester, meetingId, "비가 와서 못 갔어요");
    const line = await lineOf(meetingId);
    clock.set(new Date(line.releasableAt.getTime() + 60_000));
    await runPaymentJobs(db, clock, gateway);
    expect((await lineOf(meetingId)).status).toBe("pending");

    await decideRefundRequest(db, clock, admin, requestId, { kind: "declined", reason: "규정상 불가" });
    await runPaymentJobs(db, clock, gateway);
    expect((await lineOf(meetingId)).status).toBe("withdrawable");
    expect(await balanceOf(memberWithdrawableEarningsCode(provider.id))).toBe(27_000);
  });

  it("lose the provider's share of a part refunded while pending, and all of a whole refund", async () => {
    const part = await paidAndEnded();
    const { id: partId } = await requestRefund(db, clock, part.requester, part.meetingId, "절반만 받았어요");
    await decideRefundRequest(db, clock, admin, partId, {
      kind: "partial",
      amount: 10_000,
      reason: "절반",
    });
    // 10,000 of 30,000 charged: the provider gives back ceil(27,000 / 3) = 9,000.
    expect(await lineOf(part.meetingId)).toMatchObject({ status: "pending", amount: 18_000 });
    expect(await balanceOf(memberPendingEarningsCode(part.provider.id))).toBe(18_000);
    await runPaymentJobs(db, clock, gateway);
    clock.set(new Date((await lineOf(part.meetingId)).releasableAt.getTime() + 1));
    await runPaymentJobs(db, clock, gateway);
    expect(await lineOf(part.meetingId)).toMatchObject({ status: "withdrawable", amount: 18_000 });
    expect(await balanceOf(memberWithdrawableEarningsCode(part.provider.id))).toBe(18_000);

    const whole = await paidAndEnded();
    const { id: wholeId } = await requestRefund(db, clock, whole.requester, whole.meetingId, "안 왔어요");
    await decideRefundRequest(db, clock, admin, wholeId, { kind: "full", reason: "전액" });
    expect(await lineOf(whole.meetingId)).toMatchObject({ status: "refunded", amount: 0 });
    expect(await balanceOf(memberPendingEarningsCode(whole.provider.id))).toBe(0);
    expect(await auditLedger(db)).toEqual(cleanBooks);
  });

  it("once released are refunded only by an administrator's explicit reversal, from the withdrawable balance", async () => {
    const { provider, meetingId } = await paidAndEnded();
    const line = await lineOf(meetingId);
    clock.set(releasableAt(clock.now()));
    await runPaymentJobs(db, clock, gateway);
    expect((await lineOf(meetingId)).status).toBe("withdrawable");

    // Any other refund of the payment (the system's, a decision) is refused once the line was released.
    await expect(
      runInTransaction(db, clock, async (uow) => {
        const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, meetingId));
        return refundPayment(uow, row!, null, { role: "system", id: null }, systemActor, "late");
      }),
    ).rejects.toMatchObject({ area: "payment", code: "earnings_released" });
    await expect(reverseReleasedEarnings(db, clock, provider, line.id, "잘못 정산됨")).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(reverseReleasedEarnings(db, clock, admin, line.id, "")).rejects.toMatchObject({
      code: "reason_required",
    });
    await reverseReleasedEarnings(db, clock, admin, line.id, "분쟁 조정으로 회수");
    expect(await lineOf(meetingId)).toMatchObject({ status: "refunded", amount: 0 });
    expect(await balanceOf(memberWithdrawableEarningsCode(provider.id))).toBe(0);
    const [order] = await db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId));
    expect(order!.refundedAmount).toBe(order!.amount);
    await expect(reverseReleasedEarnings(db, clock, admin, line.id, "두 번")).rejects.toMatchObject({
      code: "not_reversible",
    });
    expect(await auditLedger(db)).toEqual(cleanBooks);
  });
});
