import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import {
  ledgerEntry,
  ledgerAccount,
  ledgerTransaction,
  localGatewayPayment,
  meeting,
  memberCoupon,
  paymentOrder,
} from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { issueCoupon } from "#app/services/coupons/console.server";
import { isDomainError } from "#app/services/errors";
import { auditLedger } from "#app/services/ledger/audit.server";
import { HELD_FOR_MEETINGS_KRW } from "#app/services/ledger/accounts.server";
import { cancelMeeting, endMeeting } from "#app/services/meetings/meeting/meetings.server";
import { makeCoupon } from "#tests/setup/coupons";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, type TestMember } from "#tests/setup/members";
import {
  localGateway,
  payingMeeting,
  payThroughLocalGateway,
  runPaymentJobs,
  type TestCard,
} from "#tests/setup/payments";
import { allowedPaymentActions, type PaymentAction } from "./payment-rules";
import { editPaymentRequest, requestPayment, withdrawPaymentRequest } from "./request.server";

/**
 * Random sequences of what the two sides do with a meeting's payment — send, change and withdraw a request, pay with
 * a card that approves, declines or times out (with or without a coupon), let the jobs run, cancel, end — against
 * the real services, the local gateway and the database. After every step the money holds together:
 * - a command of the resolver's (`allowedPaymentActions`) is refused exactly when the resolver does not give it;
 * - the ledger's invariants hold (balanced, no member below zero, reversals exact);
 * - a meeting has at most one paid order, and its payment is `paid` exactly when that order is paid and nothing of
 *   it was refunded;
 * - what the meeting holds in escrow is the paid order's price while the meeting has not ended, 0 otherwise;
 * - nothing is charged at the gateway without a paid order of that amount, and a refunded order is cancelled there
 *   once the jobs ran.
 */

const clock = new FixedClock(new Date("2026-09-01T01:00:00Z"));
let db: Database;
let gateway: PaymentGateway;
let admin: TestMember;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
  admin = await insertAdmin(db);
});

type Command = "request" | "edit" | "withdraw" | "pay" | "jobs" | "cancel" | "end";

interface Step {
  command: Command;
  by: "requester" | "provider";
  amount: number;
  card: TestCard;
  coupon: boolean;
}

/** Picks one value, `weight` times as often as a value of weight 1. */
const weighted = <T>(...options: Array<[T, number]>) =>
  fc.oneof(...options.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

/** Who does a command as a rule; now and then the other side tries it (and must be refused where it may not). */
const naturalSide: Record<Command, "requester" | "provider"> = {
  request: "provider",
  edit: "provider",
  withdraw: "provider",
  pay: "requester",
  jobs: "requester",
  cancel: "requester",
  end: "provider",
};

// Weighted towards requests and payments, so that captures, refunds and settlements come up in most runs.
const steps = fc.array(
  fc
    .record({
      command: weighted<Command>(
        ["request", 4],
        ["edit", 1],
        ["withdraw", 1],
        ["pay", 5],
        ["jobs", 2],
        ["cancel", 1],
        ["end", 2],
      ),
      otherSide: weighted([false, 5], [true, 1]),
      amount: weighted([30_000, 4], [10_000, 2], [0, 1], [32_500, 1]),
      card: weighted<TestCard>(["approves", 4], ["declines", 1], ["timesOut", 2]),
      coupon: fc.boolean(),
    })
    .map(({ otherSide, ...step }): Step => {
      const side = naturalSide[step.command];
      return { ...step, by: otherSide ? (side === "provider" ? "requester" : "provider") : side };
    }),
  { minLength: 2, maxLength: 10 },
);

const resolverAction: Partial<Record<Command, PaymentAction>> = {
  request: "requestPayment",
  edit: "editPayment",
  withdraw: "withdrawPayment",
  pay: "pay",
};

async function heldFor(orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await db
    .select({ amount: ledgerEntry.amount })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
    .where(
      and(
        eq(ledgerAccount.code, HELD_FOR_MEETINGS_KRW),
        eq(ledgerTransaction.subjectType, "payment"),
        inArray(
          ledgerTransaction.subjectId,
          orderIds.map((id) => String(id)),
        ),
      ),
    );
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

describe("a meeting's payment under any sequence of acts", () => {
  it("keeps the money together", async () => {
    // What the runs came to, so that the property is known to have met captures, refunds and settlements.
    const seen = { paid: 0, refunded: 0, settled: 0 };
    await fc.assert(
      fc.asyncProperty(steps, async (randomSteps) => {
        // Most runs start from a request, as most meetings would.
        const opening: Step = {
          command: "request",
          by: "provider",
          amount: 30_000,
          card: "approves",
          coupon: false,
        };
        const run = randomSteps.length % 4 === 0 ? randomSteps : [opening, ...randomSteps];
        const start = clock.now().getTime();
        const sides = await payingMeeting(db, clock, {
          kind: "repair",
          status: "reserved",
          appointmentAt: new Date(start + 30 * MINUTE_MS),
        });
        const { meetingId } = sides;
        const made = await makeCoupon(db, clock, admin, {
          value: 5_000,
          minAmount: 0,
          meetingKinds: ["repair"],
        });
        await issueCoupon(db, clock, admin, { couponId: made.id, members: [sides.requester.id] });
        const [coupon] = await db.select().from(memberCoupon).where(eq(memberCoupon.couponId, made.id));

        for (const step of run) {
          const [row] = await db.select().from(meeting).where(eq(meeting.id, meetingId));
          const [paidOrder] = await db
            .select()
            .from(paymentOrder)
            .where(and(eq(paymentOrder.meetingId, meetingId), eq(paymentOrder.status, "paid")));
          const who = sides[step.by];
          const allowed = allowedPaymentActions(
            {
              status: row!.status,
              paymentStatus: row!.paymentStatus,
              endedAt: row!.endedAt,
              charged: paidOrder?.amount ?? null,
              refundRequested: false,
              confirming:
                (
                  await db
                    .select({ id: paymentOrder.id })
                    .from(paymentOrder)
                    .where(and(eq(paymentOrder.meetingId, meetingId), eq(paymentOrder.status, "confirming")))
                ).length > 0,
            },
            step.by,
            clock.now(),
          );
          const input = { amount: step.amount, memo: "", freeInspection: false };
          const attempt = async () => {
            switch (step.command) {
              case "request":
                return requestPayment(db, clock, who, meetingId, input);
              case "edit":
                return editPaymentRequest(db, clock, who, meetingId, input);
              case "withdraw":
                return withdrawPaymentRequest(db, clock, who, meetingId);
              case "pay":
                return payThroughLocalGateway(db, clock, gateway, who, meetingId, {
                  card: step.card,
                  memberCouponId: step.coupon ? coupon!.id : null,
                });
              case "jobs":
                clock.advance(2 * MINUTE_MS);
                return runPaymentJobs(db, clock, gateway);
              case "cancel":
                return cancelMeeting(db, clock, who, meetingId, "사정이 생겼어요");
              case "end":
                clock.advance(31 * MINUTE_MS);
                return endMeeting(db, clock, who, meetingId);
            }
          };
          let refusal: string | null = null;
          try {
            await attempt();
          } catch (error) {
            if (!isDomainError(error)) throw error;
            refusal = `${error.area}.${error.code}`;
          }
          const action = resolverAction[step.command];
          if (action && !allowed.includes(action))
            expect(refusal, `${step.command} by ${step.by}`).not.toBeNull();
          if (action && allowed.includes(action) && step.command !== "pay") {
            // Given by the resolver, refused only for its input or an unanswered confirmation.
            if (refusal !== null)
              expect(refusal).toMatch(/payment\.(pickup_step|payment_processing|already_requested)/);
          }
        }

        // What the money says once the jobs have run.
        clock.advance(11 * MINUTE_MS);
        await runPaymentJobs(db, clock, gateway);
        const [after] = await db.select().from(meeting).where(eq(meeting.id, meetingId));
        const orders = await db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId));
        const paid = orders.filter((order) => order.status === "paid");
        expect(paid.length).toBeLessThanOrEqual(1);
        expect(orders.filter((order) => order.status === "pending" || order.status === "confirming")).toEqual(
          [],
        );
        const paidInFull = paid.find((order) => order.refundedAmount === 0);
        expect(after!.paymentStatus === "paid").toBe(paidInFull !== undefined);
        if (paid.length > 0) seen.paid += 1;
        if (paid.some((order) => order.refundedAmount > 0)) seen.refunded += 1;
        if (paidInFull && after!.status === "ended") seen.settled += 1;
        const held = await heldFor(orders.map((order) => order.id));
        expect(held).toBe(
          after!.paymentStatus === "paid" && after!.status !== "ended" ? paidInFull!.price : 0,
        );
        for (const order of orders) {
          const [atGateway] = await db
            .select()
            .from(localGatewayPayment)
            .where(eq(localGatewayPayment.orderId, order.orderId));
          if (atGateway?.status === "DONE") {
            expect(order.status).toBe("paid");
            expect(order.refundedAmount).toBe(0);
            expect(atGateway.totalAmount).toBe(order.amount);
          }
          if (order.status === "paid" && order.amount > 0)
            expect(atGateway?.balanceAmount).toBe(order.amount - order.refundedAmount);
        }
        const audit = await auditLedger(db);
        expect(audit.unbalancedTransactions).toEqual([]);
        expect(audit.negativeAccounts).toEqual([]);
        expect(audit.balanceMismatches).toEqual([]);
        expect(audit.reversalMismatches).toEqual([]);
      }),
      { numRuns: 30, seed: 20261128 },
    );
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.refunded).toBeGreaterThan(0);
    expect(seen.settled).toBeGreaterThan(0);
  }, 240_000);
});
