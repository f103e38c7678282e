import { and, eq, inArray, like } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  localGatewayPayment,
  meeting,
  paymentOrder,
  type MeetingKind,
  type MeetingStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import {
  authoriseLocalPayment,
  createLocalGateway,
  localTestCards,
} from "#app/platform/payments/local.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import type { Actor } from "#app/services/actor";
import { auditLedger } from "#app/services/ledger/audit.server";
import { GATEWAY_CLEARING_KRW } from "#app/services/ledger/accounts.server";
import { meetingJobs } from "#app/services/meetings/jobs.server";
import { endMeeting } from "#app/services/meetings/meeting/meetings.server";
import { paymentJobs } from "#app/services/payments/jobs.server";
import { earningsJobs } from "#app/services/settlement/earnings.server";
import { withdrawalJobs } from "#app/services/settlement/payouts.server";
import { createManualPayouts } from "#app/platform/payouts/manual.server";
import type { PayoutService } from "#app/platform/payouts/types";
import { createKeyring, type PersonalDataKeyring } from "#app/platform/crypto/personal-number.server";
import { confirmCheckout, openCheckout, type ConfirmOutcome } from "#app/services/payments/orders.server";
import { captureKey } from "#app/services/payments/money.server";
import { requestPayment } from "#app/services/payments/request.server";
import { insertMeeting } from "./conduct-meetings";
import { insertMember, type TestMember } from "./members";

/** Test data and steps of payments: a meeting with a payment request, and paying it through the local gateway. */

export const silentLogger = createLogger("silent");

export function localGateway(db: Database, clock: Clock): PaymentGateway {
  return createLocalGateway({ db, clock });
}

export interface PayingMeeting {
  meetingId: number;
  requester: TestMember;
  provider: TestMember;
}

/** Two new members and a meeting between them in `status` (chatting by default) whose provider asked for `amount`. */
export async function payingMeeting(
  db: Database,
  clock: Clock,
  options: {
    kind?: MeetingKind;
    amount?: number;
    status?: MeetingStatus;
    appointmentAt?: Date;
    business?: boolean;
  } = {},
): Promise<PayingMeeting> {
  const requester = await insertMember(db);
  const provider = await insertMember(db, options.business ? { memberType: "business" } : {});
  const meetingId = await insertMeeting(
    db,
    clock,
    { requesterId: requester.id, providerId: provider.id },
    {
      kind: options.kind ?? "pickup",
      status: options.status ?? "chatting",
      appointmentAt: options.appointmentAt,
    },
  );
  if (options.amount !== undefined)
    await requestPayment(db, clock, provider, meetingId, {
      amount: options.amount,
      memo: "",
      freeInspection: false,
    });
  return { meetingId, requester, provider };
}

export type TestCard = keyof typeof localTestCards;

/**
 * What the requester's browser does: opens the checkout (with a coupon when given), pays with a test card in the
 * local window, and returns to the success address, whose confirmation is answered. A declined card answers the
 * window's refusal instead (the page goes to the fail address).
 */
export async function payThroughLocalGateway(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  requester: Actor,
  meetingId: number,
  options: { card?: TestCard; memberCouponId?: number | null } = {},
): Promise<ConfirmOutcome | { status: "declined"; orderId: string; code: string }> {
  const opened = await openCheckout(db, clock, gateway, requester, meetingId, {
    memberCouponId: options.memberCouponId ?? null,
    successUrl: "/pay/success",
    failUrl: "/pay/fail",
  });
  if (opened.kind === "paid") return { status: "paid", meetingId };
  const window = await authoriseLocalPayment(db, clock, {
    orderId: opened.orderId,
    amount: opened.amount,
    orderName: "만남 결제",
    customerName: "rider",
    cardNumber: localTestCards[options.card ?? "approves"],
    expiryMonth: 12,
    expiryYear: clock.now().getUTCFullYear() + 3,
  });
  if (window.outcome !== "authorised")
    return { status: "declined", orderId: opened.orderId, code: window.code };
  return confirmCheckout(db, clock, gateway, silentLogger, requester, {
    orderId: window.orderId,
    paymentKey: window.paymentKey,
    amount: window.amount,
  });
}

/** Where the withdrawals' jobs pay out in tests: the manual service unless a test brings its own. */
export interface PayoutJobsSetup {
  payouts: PayoutService;
  keyring: PersonalDataKeyring;
}

/** A keyring for tests' sealed account and resident numbers. */
export const testKeyring: PersonalDataKeyring = createKeyring(Buffer.alloc(32, 7));

/** Runs every meeting, payment, earnings and withdrawal job due on the clock, as the worker does. */
export function runPaymentJobs(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  payouts: PayoutJobsSetup = { payouts: createManualPayouts(), keyring: testKeyring },
): Promise<number> {
  return new JobWorker({
    db,
    clock,
    logger: silentLogger,
    registry: composeJobRegistry(
      meetingJobs,
      paymentJobs(gateway),
      earningsJobs,
      withdrawalJobs(payouts.payouts, payouts.keyring),
    ),
    pollIntervalMs: 1000,
  }).drain();
}

/**
 * What must hold of the meetings' payments once the work after a crash is done (MONEY.md), as a list of what does
 * not (empty when all holds): no order left pending or confirming; each paid order with exactly one capture posting
 * of the card's amount, and no capture posting for an order not paid; each payment the gateway took belongs to a paid
 * order of the same amount (nothing charged without a paid order); a meeting paid once, and paid exactly when one of
 * its orders is; the ledger balanced.
 */
export async function payPathProblems(db: Database, meetingIds: readonly number[]): Promise<string[]> {
  const problems: string[] = [];
  if (meetingIds.length === 0) return problems;
  const orders = await db
    .select()
    .from(paymentOrder)
    .where(inArray(paymentOrder.meetingId, [...meetingIds]));
  const byOrderId = new Map(orders.map((order) => [order.orderId, order]));
  for (const order of orders)
    if (order.status === "pending" || order.status === "confirming")
      problems.push(`order ${order.orderId} left ${order.status}`);

  const captures = await db
    .select({ key: ledgerTransaction.idempotencyKey, amount: ledgerEntry.amount })
    .from(ledgerTransaction)
    .innerJoin(ledgerEntry, eq(ledgerEntry.transactionId, ledgerTransaction.id))
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(
      and(
        like(ledgerTransaction.idempotencyKey, "payment:%:capture"),
        eq(ledgerAccount.code, GATEWAY_CLEARING_KRW),
      ),
    );
  const charged = new Map<string, number[]>();
  for (const capture of captures)
    charged.set(capture.key, [...(charged.get(capture.key) ?? []), -capture.amount]);
  for (const order of orders) {
    const posted = charged.get(captureKey(order)) ?? [];
    if (order.status === "paid" && order.amount > 0 && (posted.length !== 1 || posted[0] !== order.amount))
      problems.push(
        `paid order ${order.orderId} of ${order.amount} won has capture postings [${posted.join(", ")}]`,
      );
    if (order.status !== "paid" && posted.length > 0)
      problems.push(`order ${order.orderId} ${order.status} has a capture posting`);
  }

  const atGateway = await db
    .select()
    .from(localGatewayPayment)
    .where(inArray(localGatewayPayment.orderId, orders.length > 0 ? [...byOrderId.keys()] : [""]));
  for (const payment of atGateway) {
    if (payment.status !== "DONE" && payment.status !== "CANCELED" && payment.status !== "PARTIAL_CANCELED")
      continue;
    const order = byOrderId.get(payment.orderId);
    if (order?.status !== "paid" || order.amount !== payment.totalAmount)
      problems.push(
        `the gateway took ${payment.totalAmount} won for order ${payment.orderId}, which is ${order?.status ?? "unknown"}`,
      );
  }

  const meetings = await db
    .select()
    .from(meeting)
    .where(inArray(meeting.id, [...meetingIds]));
  for (const row of meetings) {
    const paid = orders.filter((order) => order.meetingId === row.id && order.status === "paid");
    if (paid.length > 1) problems.push(`meeting ${row.id} paid ${paid.length} times`);
    if ((row.paymentStatus === "paid") !== (paid.length === 1))
      problems.push(`meeting ${row.id} is ${row.paymentStatus} with ${paid.length} paid orders`);
  }

  const audit = await auditLedger(db);
  for (const [check, found] of Object.entries(audit))
    if (Array.isArray(found) && found.length > 0)
      problems.push(`ledger audit: ${check} ${JSON.stringify(found)}`);
  return problems;
}

/**
 * A meeting between the two that the provider asked `amount` for (pickup, 30,000원 by default), the requester paid
 * through the local gateway (with a coupon when given), and the provider ended an hour after its appointment.
 */
export async function endedPaidMeeting(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  sides: { requester: Actor; provider: Actor },
  options: { amount?: number; memberCouponId?: number | null } = {},
): Promise<number> {
  const meetingId = await insertMeeting(
    db,
    clock,
    { requesterId: sides.requester.id, providerId: sides.provider.id },
    { kind: "pickup", status: "reserved", appointmentAt: new Date(clock.now().getTime() - 60 * 60 * 1000) },
  );
  await requestPayment(db, clock, sides.provider, meetingId, {
    amount: options.amount ?? 30_000,
    memo: "",
    freeInspection: false,
  });
  const paid = await payThroughLocalGateway(db, clock, gateway, sides.requester, meetingId, {
    memberCouponId: options.memberCouponId ?? null,
  });
  if (paid.status !== "paid") throw new Error(`the test payment ended ${paid.status}`);
  await endMeeting(db, clock, sides.provider, meetingId);
  return meetingId;
}
