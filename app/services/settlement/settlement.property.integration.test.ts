import { and, asc, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  adminAudit,
  earningLine,
  ledgerAccount,
  ledgerTransaction,
  meeting,
  paymentOrder,
  refundRequest,
  withdrawal,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { systemActor } from "#app/services/actor";
import { isDomainError } from "#app/services/errors";
import {
  BANK_FEES_KRW,
  memberPendingEarningsCode,
  memberWithdrawableEarningsCode,
  PAYOUT_CLEARING_KRW,
  PAYOUTS_PAID_KRW,
  WITHHOLDING_TAX_KRW,
} from "#app/services/ledger/accounts.server";
import { auditLedger } from "#app/services/ledger/audit.server";
import { HOLD_MS } from "#app/services/payments/payment-rules";
import { decideRefundRequest, requestRefund } from "#app/services/payments/refund-requests.server";
import { refundPayment } from "#app/services/payments/refunds.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { endedPaidMeeting, localGateway, runPaymentJobs, testKeyring } from "#tests/setup/payments";
import { registerSettlementInfo } from "#tests/setup/settlement";
import { adjustEarnings, reverseReleasedEarnings } from "./adjustments.server";
import { DEFAULT_BANK_FEE } from "./settlement-rules";
import { withholdingOf } from "./tax";
import {
  cancelWithdrawal,
  exportWithdrawals,
  holdWithdrawal,
  markWithdrawalFailed,
  markWithdrawalPaid,
  requestWithdrawal,
  unholdWithdrawal,
} from "./withdrawals.server";

/**
 * Random sequences of what happens to experts' money after their meetings — paid meetings of an individual and a
 * business provider end, the requester asks for a refund and an administrator decides it (in full, in part, or
 * not), time passes (across the 8-day hold and up to its very instant) and the jobs run, the providers withdraw
 * lines and cancel, administrators hold, release, export, mark paid or failed, reverse a released line and adjust
 * withdrawable earnings, and an ordinary refund of released earnings is tried — against the real services and the
 * database. Each command is predicted allowed or refused from what can be seen before it; a refused one is refused
 * with a domain error and changes nothing. After every step the money holds together:
 * 1. the ledger audit finds nothing;
 * 2. every currency's balances sum to zero;
 * 3. a provider's pending earnings are their pending lines, their withdrawable earnings their withdrawable lines plus
 *    the adjustments made to them;
 * 4. a withdrawal's lines are withdrawing while it waits or is processed, paid once it is paid, and none once it
 *    failed or was cancelled; its gross is its lines' sum and its deposit the gross less the bank's fee and the tax;
 *    payout clearing holds the deposits of those waiting or processed, the tax and bank fee accounts what was
 *    withheld from those not failed or cancelled, payouts paid the deposits of those paid;
 * 5. no line is withdrawable while its meeting has an open refund request, nor released before its release instant.
 */

const clock = new FixedClock(new Date("2026-09-01T01:00:00Z"));
let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;
const manual = { bankFee: DEFAULT_BANK_FEE, payoutMode: "manual" as const };
const ADMIN_REASON = "정산 내역 확인 후 조정";

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

// What the model knows beyond the database, over every run (the database and the platform's accounts are shared).
/** Every provider of every run, for the per-provider balances. */
const allProviders: string[] = [];
/** The net of the adjustments made to each provider's withdrawable earnings. */
const adjusted = new Map<string, number>();
/** The adjustments posted (an administrator's same act within a minute posts once). */
const adjustmentKeys = new Set<string>();
/** Each withdrawal's lines when it was requested. */
const requestedLines = new Map<number, number[]>();

type Command =
  | "meeting"
  | "refundRequest"
  | "decide"
  | "advance"
  | "jobs"
  | "withdraw"
  | "cancel"
  | "hold"
  | "unhold"
  | "export"
  | "paid"
  | "failed"
  | "reverse"
  | "ordinaryRefund"
  | "adjust";

type Advance = "minutes" | "hour" | "day" | "days" | "hold" | "pastHold" | "edgeBefore" | "edge";
type PartialShare = "one" | "third" | "most" | "left";

interface Step {
  command: Command;
  /** The provider the command is about: 0 the individual, 1 the business. */
  provider: 0 | 1;
  /** Done by someone who may not (the other side, the other provider, a member instead of an administrator). */
  otherSide: boolean;
  /** Which of the candidates; `fit` picks among those the command suits, otherwise among all. */
  pick: number;
  fit: boolean;
  price: number;
  /** A meeting's requester asks for a refund right after its end. */
  refund: boolean;
  decision: "full" | "partial" | "declined";
  partial: PartialShare;
  advance: Advance;
  runJobs: boolean;
  /** Which of the candidate lines a withdrawal leaves out (the rest are selected, as the page selects all). */
  leaveOut: boolean[];
  foreign: boolean;
  adjustment: number;
}

/** Picks one value, `weight` times as often as a value of weight 1. */
const weighted = <T>(...options: Array<[T, number]>) =>
  fc.oneof(...options.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

const step: fc.Arbitrary<Step> = fc.record({
  command: weighted<Command>(
    ["meeting", 3],
    ["refundRequest", 1],
    ["decide", 3],
    ["advance", 3],
    ["jobs", 1],
    ["withdraw", 4],
    ["cancel", 2],
    ["hold", 2],
    ["unhold", 2],
    ["export", 2],
    ["paid", 3],
    ["failed", 2],
    ["reverse", 1],
    ["ordinaryRefund", 1],
    ["adjust", 2],
  ),
  provider: weighted<0 | 1>([0, 1], [1, 1]),
  otherSide: weighted([false, 9], [true, 1]),
  pick: fc.nat({ max: 20 }),
  fit: weighted([true, 7], [false, 1]),
  // Pickup is priced in steps of 5,000원.
  price: weighted([30_000, 3], [5_000, 2], [55_000, 1]),
  refund: fc.boolean(),
  decision: weighted<Step["decision"]>(["full", 1], ["partial", 2], ["declined", 1]),
  partial: weighted<PartialShare>(["one", 1], ["third", 2], ["most", 2], ["left", 1]),
  advance: weighted<Advance>(
    ["minutes", 1],
    ["hour", 1],
    ["day", 2],
    ["days", 2],
    ["hold", 1],
    ["pastHold", 2],
    ["edgeBefore", 1],
    ["edge", 1],
  ),
  runJobs: weighted([true, 4], [false, 1]),
  leaveOut: fc.array(weighted([false, 3], [true, 1]), { maxLength: 6 }),
  foreign: weighted([false, 9], [true, 1]),
  adjustment: weighted([5_000, 2], [-1_000, 2], [-30_000, 1], [12_345, 1], [0, 1]),
});

const runs = fc.record({
  steps: fc.array(step, { minLength: 14, maxLength: 30 }),
  // Now and then the business provider has no settlement information, and cannot withdraw.
  businessRegistered: weighted([true, 4], [false, 1]),
  // Most runs start once the first meetings' hold is over; the others with their refund window open.
  released: weighted([true, 2], [false, 1]),
});

const choose = <T>(list: readonly T[], pick: number): T | undefined =>
  list.length === 0 ? undefined : list[pick % list.length];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

async function balances(): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: ledgerAccount.code, balance: ledgerAccount.balance })
    .from(ledgerAccount);
  return new Map(rows.map((row) => [row.code, Number(row.balance)]));
}

/** All that a refused command must leave as it was. */
async function snapshot() {
  return {
    balances: await db
      .select({ code: ledgerAccount.code, balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .orderBy(asc(ledgerAccount.code)),
    transactions: await db.select({ count: sql<number>`count(*)::int` }).from(ledgerTransaction),
    audited: await db.select({ count: sql<number>`count(*)::int` }).from(adminAudit),
    lines: await db
      .select({
        id: earningLine.id,
        status: earningLine.status,
        amount: earningLine.amount,
        withdrawalId: earningLine.withdrawalId,
      })
      .from(earningLine)
      .orderBy(asc(earningLine.id)),
    withdrawals: await db
      .select({ id: withdrawal.id, status: withdrawal.status })
      .from(withdrawal)
      .orderBy(asc(withdrawal.id)),
    requests: await db
      .select({ id: refundRequest.id, status: refundRequest.status })
      .from(refundRequest)
      .orderBy(asc(refundRequest.id)),
    orders: await db
      .select({ id: paymentOrder.id, refunded: paymentOrder.refundedAmount })
      .from(paymentOrder)
      .orderBy(asc(paymentOrder.id)),
  };
}

const ACTIVE = ["requested", "held", "processing"] as const;
const isActive = (status: string) => (ACTIVE as readonly string[]).includes(status);
const isGivenBack = (status: string) => status === "failed" || status === "cancelled";

/** The five invariants, over the whole database; `label` names the step in a failure. */
async function expectBooksHold(label: string) {
  // 1. The ledger's own invariants.
  const audit = await auditLedger(db);
  expect(audit, label).toEqual({
    unbalancedTransactions: [],
    mixedCurrencyTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
    reversalMismatches: [],
  });

  // 2. Conservation: each currency's balances sum to zero.
  const perCurrency = await db
    .select({ currency: ledgerAccount.currency, total: sql<string>`sum(${ledgerAccount.balance})::bigint` })
    .from(ledgerAccount)
    .groupBy(ledgerAccount.currency);
  for (const row of perCurrency) expect(Number(row.total), `${label}: ${row.currency} sums to 0`).toBe(0);

  // 3. A provider's balances and their lines.
  const money = await balances();
  const lines = await db.select().from(earningLine).orderBy(asc(earningLine.id));
  for (const providerId of allProviders) {
    const theirs = lines.filter((line) => line.providerId === providerId);
    const of = (status: string) =>
      sum(theirs.filter((line) => line.status === status).map((line) => line.amount));
    expect(money.get(memberPendingEarningsCode(providerId)) ?? 0, `${label}: pending = pending lines`).toBe(
      of("pending"),
    );
    expect(
      money.get(memberWithdrawableEarningsCode(providerId)) ?? 0,
      `${label}: withdrawable = withdrawable lines + adjustments`,
    ).toBe(of("withdrawable") + (adjusted.get(providerId) ?? 0));
  }

  // 4. Withdrawals, their lines and the platform's accounts.
  const withdrawals = await db.select().from(withdrawal).orderBy(asc(withdrawal.id));
  const byId = new Map(withdrawals.map((row) => [row.id, row]));
  for (const row of withdrawals) {
    const linked = lines.filter((line) => line.withdrawalId === row.id);
    const where = `${label}: withdrawal ${row.id} ${row.status}`;
    if (isGivenBack(row.status)) expect(linked, where).toEqual([]);
    else {
      expect(linked.length, where).toBeGreaterThan(0);
      expect(
        linked.every((line) => line.status === (row.status === "paid" ? "paid" : "withdrawing")),
        where,
      ).toBe(true);
      expect(sum(linked.map((line) => line.amount)), `${where}: gross = its lines`).toBe(row.gross);
      const requested = requestedLines.get(row.id);
      if (requested)
        expect(
          linked.map((line) => line.id),
          where,
        ).toEqual(requested);
    }
    const { incomeTax, localTax } = withholdingOf(row.gross, row.category);
    expect({ bankFee: row.bankFee, incomeTax: row.incomeTax, localTax: row.localTax }, where).toEqual({
      bankFee: DEFAULT_BANK_FEE,
      incomeTax,
      localTax,
    });
    expect(row.deposit, `${where}: deposit`).toBe(row.gross - row.bankFee - row.incomeTax - row.localTax);
    expect(row.deposit, where).toBeGreaterThan(0);
  }
  const kept = withdrawals.filter((row) => !isGivenBack(row.status));
  expect(money.get(PAYOUT_CLEARING_KRW) ?? 0, `${label}: payout clearing`).toBe(
    sum(withdrawals.filter((row) => isActive(row.status)).map((row) => row.deposit)),
  );
  expect(money.get(WITHHOLDING_TAX_KRW) ?? 0, `${label}: tax withheld`).toBe(
    sum(kept.map((row) => row.incomeTax + row.localTax)),
  );
  expect(money.get(BANK_FEES_KRW) ?? 0, `${label}: bank fees`).toBe(sum(kept.map((row) => row.bankFee)));
  expect(money.get(PAYOUTS_PAID_KRW) ?? 0, `${label}: payouts paid`).toBe(
    sum(withdrawals.filter((row) => row.status === "paid").map((row) => row.deposit)),
  );
  // … and no line claims a withdrawal that does not hold it.
  for (const line of lines) {
    const owner = line.withdrawalId === null ? undefined : byId.get(line.withdrawalId);
    if (line.status === "withdrawing")
      expect(owner && isActive(owner.status), `${label}: line ${line.id}`).toBe(true);
    else if (line.status === "paid") expect(owner?.status, `${label}: line ${line.id}`).toBe("paid");
    else expect(line.withdrawalId, `${label}: line ${line.id} ${line.status}`).toBeNull();
  }

  // 5. Released only after the hold and with no refund request open.
  const open = await db
    .select({ meetingId: refundRequest.meetingId })
    .from(refundRequest)
    .where(eq(refundRequest.status, "open"));
  const held = new Set(open.map((row) => row.meetingId));
  for (const line of lines) {
    const where = `${label}: line ${line.id} ${line.status}`;
    if (line.status === "pending") expect(line.releasedAt, where).toBeNull();
    if (line.status === "withdrawable") {
      expect(held.has(line.meetingId), `${where} with an open refund request`).toBe(false);
      expect(line.releasableAt.getTime(), where).toBeLessThanOrEqual(clock.now().getTime());
    }
    if (line.releasedAt !== null)
      expect(line.releasedAt.getTime(), where).toBeGreaterThanOrEqual(line.releasableAt.getTime());
    if (line.status === "refunded") expect(line.amount, where).toBe(0);
  }
}

describe("experts' earnings and withdrawals under any sequence of acts", () => {
  it("keep the ledger, the lines and the withdrawals together", async () => {
    // What the runs came to, so that the property is known to have met every path.
    const seen = {
      released: 0,
      heldByRequest: 0,
      partial: 0,
      withdrawn: 0,
      paid: 0,
      failed: 0,
      cancelled: 0,
      held: 0,
      reversed: 0,
      refusedRefund: 0,
      adjusted: 0,
      refused: 0,
    };
    await fc.assert(
      fc.asyncProperty(runs, async ({ steps: randomSteps, businessRegistered, released }) => {
        const requester = await insertMember(db);
        const providers = [
          { member: await insertMember(db), category: "individual" as const, registered: true },
          {
            member: await insertMember(db, { memberType: "business" }),
            category: "business" as const,
            registered: businessRegistered,
          },
        ];
        for (const provider of providers) {
          allProviders.push(provider.member.id);
          if (provider.registered)
            await registerSettlementInfo(db, clock, testKeyring, provider.member.id, provider.category);
        }
        const providerIds = providers.map((provider) => provider.member.id);
        const meetingIds: number[] = [];

        // Each provider starts with a paid meeting that ended, as most would; in most runs its hold is over.
        const first = randomSteps[0]!;
        const opening: Step[] = [
          { ...first, command: "meeting", provider: 0, otherSide: false, refund: false },
          { ...first, command: "meeting", provider: 1, otherSide: false, refund: false },
          ...(released
            ? [{ ...first, command: "advance" as const, advance: "pastHold" as const, runJobs: true }]
            : []),
        ];
        const run = [...opening, ...randomSteps];

        for (const [index, current] of run.entries()) {
          const now = clock.now();
          const lines = await db
            .select()
            .from(earningLine)
            .where(inArray(earningLine.providerId, providerIds))
            .orderBy(asc(earningLine.id));
          const meetings =
            meetingIds.length === 0
              ? []
              : await db
                  .select()
                  .from(meeting)
                  .where(inArray(meeting.id, meetingIds))
                  .orderBy(asc(meeting.id));
          const meetingOf = (id: number) => meetings.find((row) => row.id === id)!;
          const requests =
            meetingIds.length === 0
              ? []
              : await db
                  .select()
                  .from(refundRequest)
                  .where(inArray(refundRequest.meetingId, meetingIds))
                  .orderBy(asc(refundRequest.id));
          // Administrators act on any withdrawal, those of earlier runs too (an export takes them all).
          const every = await db.select().from(withdrawal).orderBy(asc(withdrawal.id));
          const ours = every.filter((row) => providerIds.includes(row.userId));
          const money = await balances();
          const withdrawableOf = (memberId: string) =>
            money.get(memberWithdrawableEarningsCode(memberId)) ?? 0;
          const target = providers[current.provider]!;
          const other = providers[1 - current.provider]!;
          const staff = current.otherSide ? target.member : admin;
          const fitOr = <T>(fit: readonly T[], all: readonly T[]) =>
            choose(current.fit ? fit : all, current.pick);

          /** Whether the command should go through; undefined when the test does not predict it. */
          let expected: boolean | undefined;
          /** The refusal expected, when a particular one is. */
          let expectedCode: string | undefined;
          let attempt: () => Promise<unknown>;
          let afterwards: (() => Promise<void>) | undefined;
          const label = `step ${index} ${current.command}`;

          switch (current.command) {
            case "meeting": {
              expected = true;
              attempt = async () => {
                const meetingId = await endedPaidMeeting(
                  db,
                  clock,
                  gateway,
                  { requester, provider: target.member },
                  { amount: current.price },
                );
                meetingIds.push(meetingId);
                if (current.refund)
                  await requestRefund(db, clock, requester, meetingId, "정비가 덜 되었어요");
              };
              break;
            }
            case "refundRequest": {
              const asked = new Set(requests.map((row) => row.meetingId));
              const row = fitOr(
                meetings.filter(
                  (candidate) => !asked.has(candidate.id) && candidate.paymentStatus === "paid",
                ),
                meetings,
              );
              if (!row) continue;
              const who = current.otherSide ? target.member : requester;
              expected =
                !current.otherSide &&
                !asked.has(row.id) &&
                row.paymentStatus === "paid" &&
                row.endedAt !== null &&
                now.getTime() < row.endedAt.getTime() + HOLD_MS;
              attempt = () => requestRefund(db, clock, who, row.id, "약속한 정비를 받지 못했어요");
              break;
            }
            case "decide": {
              const request = fitOr(
                requests.filter((row) => row.status === "open"),
                requests,
              );
              if (!request) continue;
              const [order] = await db
                .select()
                .from(paymentOrder)
                .where(eq(paymentOrder.id, request.orderId));
              const left = order!.amount - order!.refundedAmount;
              const partAmount = {
                one: 1,
                third: Math.floor(left / 3),
                most: left - Math.floor(left / 20),
                left,
              }[current.partial];
              expected =
                !current.otherSide &&
                request.status === "open" &&
                (current.decision !== "partial" || (partAmount >= 1 && partAmount < left));
              const decision =
                current.decision === "partial"
                  ? { kind: "partial" as const, amount: partAmount, reason: "일부만 환불합니다" }
                  : { kind: current.decision, reason: "확인 후 결정합니다" };
              attempt = () => decideRefundRequest(db, clock, staff, request.id, decision);
              afterwards = async () => {
                if (current.decision === "partial") seen.partial += 1;
              };
              break;
            }
            case "advance": {
              const upcoming = lines
                .filter(
                  (line) => line.status === "pending" && line.releasableAt.getTime() > now.getTime() + 1,
                )
                .map((line) => line.releasableAt.getTime())
                .sort((a, b) => a - b);
              const by = {
                minutes: 2 * MINUTE_MS,
                hour: HOUR_MS,
                day: DAY_MS,
                days: 3 * DAY_MS,
                hold: HOLD_MS,
                pastHold: HOLD_MS + DAY_MS,
                // To the last millisecond of a line's hold, or its very instant.
                edgeBefore: upcoming[0] === undefined ? MINUTE_MS : upcoming[0] - 1 - now.getTime(),
                edge: upcoming[0] === undefined ? MINUTE_MS : upcoming[0] - now.getTime(),
              }[current.advance];
              expected = true;
              attempt = async () => {
                clock.advance(by);
                if (current.runJobs) await runPaymentJobs(db, clock, gateway);
              };
              break;
            }
            case "jobs": {
              expected = true;
              attempt = () => runPaymentJobs(db, clock, gateway);
              break;
            }
            case "withdraw": {
              const who = current.otherSide ? other : target;
              const theirs = lines.filter((line) => line.providerId === target.member.id);
              const candidates = current.fit
                ? theirs.filter((line) => line.status === "withdrawable")
                : theirs;
              const chosen = candidates.filter((_, i) => !(current.leaveOut[i] ?? false));
              const foreign = lines.find((line) => line.providerId === other.member.id);
              if (current.foreign && foreign) chosen.push(foreign);
              const ids = [...new Set(chosen.map((line) => line.id))].sort((a, b) => a - b);
              const selected = lines.filter((line) => ids.includes(line.id));
              const gross = sum(selected.map((line) => line.amount));
              const { incomeTax, localTax } = withholdingOf(gross, who.category);
              const deposit = gross - manual.bankFee - incomeTax - localTax;
              expected =
                ids.length > 0 &&
                selected.every(
                  (line) => line.providerId === who.member.id && line.status === "withdrawable",
                ) &&
                who.registered &&
                deposit > 0 &&
                withdrawableOf(who.member.id) >= gross;
              let made: { id: number; gross: number; deposit: number } | undefined;
              attempt = async () => {
                made = await requestWithdrawal(db, clock, who.member, ids, manual);
              };
              afterwards = async () => {
                expect(made, label).toMatchObject({ gross, deposit, status: "requested" });
                requestedLines.set(made!.id, ids);
                seen.withdrawn += 1;
              };
              break;
            }
            case "cancel": {
              const row = fitOr(
                ours.filter((candidate) => candidate.status === "requested"),
                ours,
              );
              if (!row) continue;
              const who = current.otherSide ? other : target;
              expected = row.userId === who.member.id && row.status === "requested";
              attempt = () => cancelWithdrawal(db, clock, who.member, row.id);
              afterwards = async () => {
                await expectGivenBack(row.id, label);
                seen.cancelled += 1;
              };
              break;
            }
            case "hold":
            case "unhold": {
              const from = current.command === "hold" ? "requested" : "held";
              const row = fitOr(
                every.filter((candidate) => candidate.status === from),
                every,
              );
              if (!row) continue;
              expected = !current.otherSide && row.status === from;
              attempt = () =>
                current.command === "hold"
                  ? holdWithdrawal(db, clock, staff, row.id, "계좌 확인이 필요합니다")
                  : unholdWithdrawal(db, clock, staff, row.id);
              afterwards = async () => {
                if (current.command === "hold") seen.held += 1;
              };
              break;
            }
            case "export": {
              expected = !current.otherSide;
              const waiting = await db
                .select({ id: withdrawal.id })
                .from(withdrawal)
                .where(eq(withdrawal.status, "requested"))
                .orderBy(asc(withdrawal.id));
              let exported: { ids: number[] } | undefined;
              attempt = async () => {
                exported = await exportWithdrawals(db, clock, staff, testKeyring, "manual");
              };
              afterwards = async () => {
                expect(exported!.ids, label).toEqual(waiting.map((row) => row.id));
                if (waiting.length > 0) {
                  const after = await db
                    .select({ status: withdrawal.status })
                    .from(withdrawal)
                    .where(
                      inArray(
                        withdrawal.id,
                        waiting.map((row) => row.id),
                      ),
                    );
                  expect(new Set(after.map((row) => row.status)), label).toEqual(new Set(["processing"]));
                }
              };
              break;
            }
            case "paid":
            case "failed": {
              const row = fitOr(
                every.filter((candidate) => candidate.status === "processing"),
                every,
              );
              if (!row) continue;
              expected = !current.otherSide && row.status === "processing";
              attempt = () =>
                current.command === "paid"
                  ? markWithdrawalPaid(db, clock, staff, row.id, "manual")
                  : markWithdrawalFailed(db, clock, staff, row.id, "예금주 불일치", "manual");
              afterwards = async () => {
                if (current.command === "failed") {
                  await expectGivenBack(row.id, label);
                  seen.failed += 1;
                } else seen.paid += 1;
              };
              break;
            }
            case "reverse": {
              const line = fitOr(
                lines.filter((candidate) => candidate.status === "withdrawable"),
                lines,
              );
              if (!line) continue;
              expected =
                !current.otherSide &&
                line.status === "withdrawable" &&
                meetingOf(line.meetingId).paymentStatus === "paid" &&
                withdrawableOf(line.providerId) >= line.amount;
              const before = withdrawableOf(line.providerId);
              attempt = () => reverseReleasedEarnings(db, clock, staff, line.id, "분쟁 조정으로 회수");
              afterwards = async () => {
                const [after] = await db.select().from(earningLine).where(eq(earningLine.id, line.id));
                expect(after, label).toMatchObject({ status: "refunded", amount: 0 });
                const now = (await balances()).get(memberWithdrawableEarningsCode(line.providerId)) ?? 0;
                expect(before - now, label).toBe(line.amount);
                const [order] = await db.select().from(paymentOrder).where(eq(paymentOrder.id, line.orderId));
                expect(order!.refundedAmount, label).toBe(order!.amount);
                seen.reversed += 1;
              };
              break;
            }
            case "ordinaryRefund": {
              // A refund other than the administrator's reversal, as the system makes one: refused once released.
              const line = choose(
                lines.filter((candidate) =>
                  ["withdrawable", "withdrawing", "paid"].includes(candidate.status),
                ),
                current.pick,
              );
              if (!line) continue;
              expected = false;
              expectedCode =
                line.status === "withdrawable" ? "payment.earnings_released" : "payment.earnings_paid_out";
              attempt = () =>
                runInTransaction(db, clock, async (uow) => {
                  const [row] = await uow.tx.select().from(meeting).where(eq(meeting.id, line.meetingId));
                  return refundPayment(
                    uow,
                    row!,
                    null,
                    { role: "system", id: null },
                    systemActor,
                    "뒤늦은 환불",
                  );
                });
              break;
            }
            case "adjust": {
              const memberId = target.member.id;
              const key = `${memberId}:${current.adjustment}:${Math.floor(now.getTime() / MINUTE_MS)}`;
              const repeated = adjustmentKeys.has(key);
              expected =
                !current.otherSide &&
                current.adjustment !== 0 &&
                (repeated || withdrawableOf(memberId) + current.adjustment >= 0);
              attempt = () => adjustEarnings(db, clock, staff, memberId, current.adjustment, ADMIN_REASON);
              afterwards = async () => {
                // The same act within the minute is a double submission: posted once.
                if (!repeated) {
                  adjustmentKeys.add(key);
                  adjusted.set(memberId, (adjusted.get(memberId) ?? 0) + current.adjustment);
                }
                seen.adjusted += 1;
              };
              break;
            }
          }

          const before = await snapshot();
          let refusal: string | null = null;
          try {
            await attempt();
          } catch (error) {
            if (!isDomainError(error)) throw error;
            refusal = `${error.area}.${error.code}`;
          }
          const what = `${label} by ${current.otherSide ? "the wrong side" : "its side"}`;
          if (expected === true) expect(refusal, what).toBeNull();
          if (expected === false) expect(refusal, what).not.toBeNull();
          if (expectedCode !== undefined) expect(refusal, what).toBe(expectedCode);
          if (refusal !== null) {
            // Refused: nothing changed.
            expect(await snapshot(), `${what} refused with ${refusal}`).toEqual(before);
            if (current.command === "ordinaryRefund") seen.refusedRefund += 1;
            seen.refused += 1;
          } else if (afterwards) await afterwards();
          const after = await db
            .select()
            .from(earningLine)
            .where(inArray(earningLine.providerId, providerIds));
          if (after.some((line) => line.status === "withdrawable")) seen.released += 1;
          const open = await db
            .select({ meetingId: refundRequest.meetingId })
            .from(refundRequest)
            .where(and(inArray(refundRequest.meetingId, meetingIds), eq(refundRequest.status, "open")));
          // A line past its hold that an open refund request keeps pending.
          if (
            after.some(
              (line) =>
                line.status === "pending" &&
                line.releasableAt.getTime() <= clock.now().getTime() &&
                open.some((row) => row.meetingId === line.meetingId),
            )
          )
            seen.heldByRequest += 1;
          await expectBooksHold(`${what} (${refusal ?? "done"})`);
        }
      }),
      { numRuns: 25, seed: 20261201 },
    );
    expect(seen).toEqual(
      Object.fromEntries(Object.entries(seen).map(([name, count]) => [name, count > 0 ? count : "never"])),
    );
  }, 240_000);
});

/** The lines a withdrawal took, right after it failed or was cancelled: withdrawable again and free of it. */
async function expectGivenBack(withdrawalId: number, label: string) {
  const ids = requestedLines.get(withdrawalId)!;
  const lines = await db
    .select({ status: earningLine.status, withdrawalId: earningLine.withdrawalId })
    .from(earningLine)
    .where(inArray(earningLine.id, ids));
  expect(lines, label).toEqual(ids.map(() => ({ status: "withdrawable", withdrawalId: null })));
}
