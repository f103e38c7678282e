import { aliasedTable, and, desc, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import {
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  meeting,
  member,
  paymentOrder,
  paymentRefund,
  type MeetingKind,
  type PaymentOrderStatus,
  type PaymentRefundStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { defineJob, type JobKind } from "#app/platform/jobs.server";
import type { Logger } from "#app/platform/logger.server";
import type { GatewayPayment, PaymentGateway } from "#app/platform/payments/types";
import {
  addSeoulDays,
  HOUR_MS,
  MINUTE_MS,
  seoulDay,
  startOfSeoulDay,
  type SeoulDay,
} from "#app/platform/seoul-calendar";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor, StaffActor } from "#app/services/actor";
import { recordAdminAct, type ActingFrom } from "#app/services/admin/audit.server";
import { DomainError } from "#app/services/errors";
import { GATEWAY_CLEARING_KRW } from "#app/services/ledger/accounts.server";
import { requirePermission } from "#app/services/permissions";
import { captureKey, type PaymentOrder } from "./money.server";
import { settleOrderNow } from "./orders.server";

/**
 * The daily reconciliation of payments against the gateway and the ledger (MONEY.md: "every capture has its posting,
 * reconciled daily against the gateway"). For a Seoul day it takes every order created or changed that day, every
 * order with a refund made or finished that day, every order still `confirming` past the settle job's first
 * attempts and every refund the gateway refused or has not made for an hour, and compares:
 *
 * - the gateway's payment of each order (asked with `getByOrderId`, outside any unit of work, one order at a time)
 *   with the order: a capture at the gateway needs a paid order of the same amount, and a paid order needs a
 *   capture at the gateway;
 * - each paid order with its capture posting (`payment:<id>:capture`) and the card's share in it;
 * - the refunds the gateway made (its payment's total less its balance) with our refunds marked done.
 *
 * It fixes one thing only, and never by guessing: an order stuck `confirming` is settled by asking the gateway
 * (`settleOrderNow`), which completes it when the gateway took the order's amount (a crash between the gateway's
 * capture and our commit) and fails it when the gateway refused it; it is reported with what it became. Anything
 * else is reported for an administrator.
 *
 * Where the results live: nowhere new. A reconciliation is cheap to compute and its truth changes as the gateway and
 * the jobs move on, so it is computed on demand: the console runs it for a chosen day (an audited act whose record
 * keeps the counts), and the daily job (04:00 in Seoul, for the day before) settles the stuck orders and writes each
 * mismatch to the error log, where alerts watch. A stored copy would need a table (a migration) and would be stale
 * by the time it was read.
 */

/** An order still confirming this long after its last change is stuck: the settle job asks after one minute. */
const STUCK_CONFIRMING_MS = 15 * MINUTE_MS;
/** A refund the gateway has not made this long after it was decided is overdue: the refund job runs at once. */
const REFUND_OVERDUE_MS = HOUR_MS;

type MismatchKind =
  /** The gateway captured the order's payment, but the order is not paid (charged without a paid order). */
  | "captured_without_paid_order"
  /** The order is paid, but the ledger has no capture posting for it (or one of another amount). */
  | "capture_not_posted"
  /** The order is paid, but the gateway has no capture of it. */
  | "paid_without_capture"
  /** The gateway captured another amount than the order's. */
  | "amount_differs"
  /** The gateway refunded another amount than our refunds marked done. */
  | "refund_differs"
  /** The gateway refused a refund we owe the card. */
  | "refund_failed"
  /** A refund not yet made at the gateway an hour after it was decided. */
  | "refund_overdue"
  /** An order still being confirmed long after its confirmation; `fixed` says what asking the gateway made of it. */
  | "stuck_confirming"
  /** The gateway did not answer about the order. */
  | "gateway_unanswered";

interface Mismatch {
  kind: MismatchKind;
  /** The order's row id, and the id the gateway knows it by. */
  order: number;
  orderId: string;
  meetingId: number;
  /** Our order's state (after any fix), and the gateway's payment's, null when it has none. */
  status: PaymentOrderStatus;
  gatewayStatus: string | null;
  /** The won compared: ours, and the gateway's or the ledger's. */
  ours: number | null;
  theirs: number | null;
  refundId: number | null;
  /** What the reconciliation made of it: the state a stuck order was settled to; null when left as it was. */
  fixed: PaymentOrderStatus | null;
}

export interface ReconcileReport {
  day: SeoulDay;
  /** Orders compared. */
  checked: number;
  mismatches: Mismatch[];
}

type GatewayAnswer = { payment: GatewayPayment | null } | { unanswered: string };

const captured = (payment: GatewayPayment | null): payment is GatewayPayment =>
  payment !== null &&
  (payment.status === "DONE" || payment.status === "PARTIAL_CANCELED" || payment.status === "CANCELED");

async function askGateway(gateway: PaymentGateway, orderId: string): Promise<GatewayAnswer> {
  try {
    return { payment: await gateway.getByOrderId(orderId) };
  } catch (error) {
    return { unanswered: error instanceof Error ? error.message : String(error) };
  }
}

/** The day's orders, and every order stuck confirming or with a refund that needs an administrator. */
async function ordersToCheck(db: Database, day: SeoulDay, now: Date): Promise<PaymentOrder[]> {
  const from = startOfSeoulDay(day);
  const to = startOfSeoulDay(addSeoulDays(day, 1));
  const within = (column: PgColumn) => and(gte(column, from), lt(column, to));
  const refunded = db
    .select({ orderId: paymentRefund.orderId })
    .from(paymentRefund)
    .where(
      or(
        within(paymentRefund.createdAt),
        within(paymentRefund.doneAt),
        eq(paymentRefund.status, "failed"),
        and(
          eq(paymentRefund.status, "pending"),
          lte(paymentRefund.createdAt, new Date(now.getTime() - REFUND_OVERDUE_MS)),
        ),
      ),
    );
  return db
    .select()
    .from(paymentOrder)
    .where(
      or(
        within(paymentOrder.createdAt),
        within(paymentOrder.updatedAt),
        eq(paymentOrder.status, "confirming"),
        inArray(paymentOrder.id, refunded),
      ),
    )
    .orderBy(paymentOrder.id);
}

/** Each paid order's capture posting: the won the card's share took from gateway clearing; absent without one. */
async function capturePostings(db: Database, orders: PaymentOrder[]): Promise<Map<string, number>> {
  const keys = orders.filter((order) => order.status === "paid").map(captureKey);
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      key: ledgerTransaction.idempotencyKey,
      charged: sql<number>`coalesce(-sum(${ledgerEntry.amount}) filter (where ${ledgerAccount.code} = ${GATEWAY_CLEARING_KRW}), 0)::int`,
    })
    .from(ledgerTransaction)
    .innerJoin(ledgerEntry, eq(ledgerEntry.transactionId, ledgerTransaction.id))
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(inArray(ledgerTransaction.idempotencyKey, keys))
    .groupBy(ledgerTransaction.idempotencyKey);
  return new Map(rows.map((row) => [row.key, Number(row.charged)]));
}

interface RefundRow {
  id: number;
  orderId: number;
  amount: number;
  status: PaymentRefundStatus;
  createdAt: Date;
}

/**
 * Reconciles a Seoul day (see above). The gateway is asked outside any unit of work; a stuck order is settled by
 * `settleOrderNow`, which asks the gateway the same way and records its answer in a unit of its own. Safe to run any
 * number of times, beside the jobs and the requesters' confirmations.
 */
export async function reconcilePayments(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  logger: Logger,
  day: SeoulDay,
): Promise<ReconcileReport> {
  startOfSeoulDay(day); // refuses a malformed day
  const now = clock.now();

  // The stuck orders first: what the gateway makes of them is then compared like any other order.
  const fixed = new Map<number, PaymentOrderStatus>();
  const stuck = await db
    .select({ id: paymentOrder.id, status: paymentOrder.status })
    .from(paymentOrder)
    .where(
      and(
        eq(paymentOrder.status, "confirming"),
        lte(paymentOrder.updatedAt, new Date(now.getTime() - STUCK_CONFIRMING_MS)),
      ),
    );
  for (const order of stuck) {
    try {
      const status = await settleOrderNow(db, clock, gateway, logger, order.id);
      if (status !== null && status !== "confirming") fixed.set(order.id, status);
    } catch (error) {
      logger.warn({ err: error, order: order.id }, "a stuck payment order could not be settled now");
    }
  }

  const first = await ordersToCheck(db, day, now);
  const answers = new Map<number, GatewayAnswer>();
  for (const order of first)
    if (order.amount > 0) answers.set(order.id, await askGateway(gateway, order.orderId));
  // An order that moved while the gateway was asked (a requester confirming it now) is asked about once more, so
  // that its state and the gateway's answer are of the same moment.
  const orders = await ordersToCheck(db, day, now);
  const before = new Map(first.map((order) => [order.id, order.updatedAt.getTime()]));
  for (const order of orders)
    if (order.amount > 0 && before.get(order.id) !== order.updatedAt.getTime())
      answers.set(order.id, await askGateway(gateway, order.orderId));

  const postings = await capturePostings(db, orders);
  const refunds: RefundRow[] =
    orders.length === 0
      ? []
      : await db
          .select({
            id: paymentRefund.id,
            orderId: paymentRefund.orderId,
            amount: paymentRefund.amount,
            status: paymentRefund.status,
            createdAt: paymentRefund.createdAt,
          })
          .from(paymentRefund)
          .where(
            inArray(
              paymentRefund.orderId,
              orders.map((order) => order.id),
            ),
          )
          .orderBy(paymentRefund.id);

  const mismatches: Mismatch[] = [];
  for (const order of orders) {
    const answer = answers.get(order.id);
    const payment = answer && "payment" in answer ? answer.payment : null;
    const note = (
      kind: MismatchKind,
      ours: number | null,
      theirs: number | null,
      extra: Partial<Mismatch> = {},
    ) =>
      mismatches.push({
        kind,
        order: order.id,
        orderId: order.orderId,
        meetingId: order.meetingId,
        status: order.status,
        gatewayStatus: payment?.status ?? null,
        ours,
        theirs,
        refundId: null,
        fixed: null,
        ...extra,
      });

    const settledNow = fixed.get(order.id);
    if (settledNow !== undefined)
      note("stuck_confirming", order.amount, payment?.totalAmount ?? null, { fixed: settledNow });
    if (answer && "unanswered" in answer) {
      note("gateway_unanswered", order.amount, null);
      continue;
    }
    if (order.status === "confirming") {
      if (order.updatedAt.getTime() <= now.getTime() - STUCK_CONFIRMING_MS)
        note("stuck_confirming", order.amount, payment?.totalAmount ?? null);
      continue;
    }
    if (order.status === "paid") {
      const posted = postings.get(captureKey(order));
      if (posted !== order.amount) note("capture_not_posted", order.amount, posted ?? null);
      if (order.amount === 0) continue;
      if (!captured(payment)) {
        note("paid_without_capture", order.amount, null);
        continue;
      }
      if (payment.totalAmount !== order.amount) note("amount_differs", order.amount, payment.totalAmount);
      const mine = refunds.filter((refund) => refund.orderId === order.id);
      const done = mine
        .filter((refund) => refund.status === "done")
        .reduce((sum, one) => sum + one.amount, 0);
      const pending = mine
        .filter((refund) => refund.status === "pending")
        .reduce((sum, one) => sum + one.amount, 0);
      const cancelled = payment.totalAmount - payment.balanceAmount;
      // A refund still on its way may already be made at the gateway (its job finishing it now): not a mismatch.
      if (cancelled !== done && !(pending > 0 && cancelled > done && cancelled <= done + pending))
        note("refund_differs", done, cancelled);
    } else if (captured(payment)) {
      note("captured_without_paid_order", null, payment.totalAmount);
    }
  }

  const byId = new Map(orders.map((order) => [order.id, order]));
  for (const refund of refunds) {
    const order = byId.get(refund.orderId)!;
    const overdue =
      refund.status === "pending" && refund.createdAt.getTime() <= now.getTime() - REFUND_OVERDUE_MS;
    if (refund.status !== "failed" && !overdue) continue;
    const answer = answers.get(order.id);
    const payment = answer && "payment" in answer ? answer.payment : null;
    mismatches.push({
      kind: refund.status === "failed" ? "refund_failed" : "refund_overdue",
      order: order.id,
      orderId: order.orderId,
      meetingId: order.meetingId,
      status: order.status,
      gatewayStatus: payment?.status ?? null,
      ours: refund.amount,
      theirs: payment ? payment.totalAmount - payment.balanceAmount : null,
      refundId: refund.id,
      fixed: null,
    });
  }
  return { day, checked: orders.length, mismatches };
}

/** Writes each mismatch to the log: the fixed ones as news, the others as errors an administrator must look at. */
function logReport(logger: Logger, report: ReconcileReport) {
  for (const mismatch of report.mismatches) {
    if (mismatch.fixed) logger.warn({ mismatch }, "payment reconciliation settled a stuck order");
    else logger.error({ mismatch }, "payment reconciliation found a mismatch");
  }
  logger.info(
    { day: report.day, checked: report.checked, mismatches: report.mismatches.length },
    "payments reconciled",
  );
}

/**
 * Every day at 04:00 in Seoul, the day before: the gateway asked and the stuck orders settled in `prepare` (outside
 * any unit of work; asked again on a retry, which is safe), the mismatches logged.
 */
export function paymentReconcileJobFor(gateway: PaymentGateway): JobKind<Record<string, never>> {
  return defineJob("payment.reconcile", {
    payload: z.object({}).strict(),
    daily: { seoulHour: 4 },
    prepare: async (_payload, { db, clock, logger }) => {
      const report = await reconcilePayments(
        db,
        clock,
        gateway,
        logger,
        addSeoulDays(seoulDay(clock.now()), -1),
      );
      logReport(logger, report);
      return report;
    },
    handle: () => Promise.resolve(),
  });
}

/** Whether the text is a calendar day as "2026-11-27". */
function isSeoulDay(day: string): boolean {
  try {
    startOfSeoulDay(day);
    return true;
  } catch {
    return false;
  }
}

const forbidden = () => new DomainError("payment", "forbidden");

function requireMoneyStaff(actor: Actor | null): asserts actor is StaffActor {
  requirePermission(actor, "manage:money", forbidden);
}

/**
 * The console's "reconcile now" for a Seoul day, by staff who handle money: the reconciliation, and an audit row
 * with the day and what was found.
 */
export async function reconcileAsAdmin(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  logger: Logger,
  actor: Actor,
  day: SeoulDay,
  from: ActingFrom,
): Promise<ReconcileReport> {
  requireMoneyStaff(actor);
  if (!isSeoulDay(day)) throw new DomainError("payment", "day_invalid");
  const report = await reconcilePayments(db, clock, gateway, logger, day);
  logReport(logger, report);
  await runInTransaction(db, clock, (uow) =>
    recordAdminAct(
      uow,
      actor,
      {
        action: "payment.reconcile.run",
        subject: { kind: "payment_day", id: day },
        after: {
          checked: report.checked,
          mismatches: report.mismatches.filter((mismatch) => !mismatch.fixed).length,
          fixed: report.mismatches.filter((mismatch) => mismatch.fixed).length,
        },
      },
      from,
    ),
  );
  return report;
}

const PAYMENTS_PAGE_SIZE = 30;

export interface ConsolePayment {
  id: number;
  orderId: string;
  status: PaymentOrderStatus;
  price: number;
  discount: number;
  amount: number;
  refundedAmount: number;
  meetingId: number;
  meetingKind: MeetingKind;
  requesterNickname: string | null;
  providerNickname: string | null;
  createdAt: Date;
  failCode: string | null;
}

/** The payments for the console, newest first: one page and whether another follows. */
export async function listConsolePayments(
  db: Database,
  actor: Actor,
  page: number,
): Promise<{ rows: ConsolePayment[]; hasNext: boolean }> {
  requireMoneyStaff(actor);
  const requester = aliasedTable(member, "requester");
  const provider = aliasedTable(member, "provider");
  const rows = await db
    .select({
      id: paymentOrder.id,
      orderId: paymentOrder.orderId,
      status: paymentOrder.status,
      price: paymentOrder.price,
      discount: paymentOrder.discount,
      amount: paymentOrder.amount,
      refundedAmount: paymentOrder.refundedAmount,
      meetingId: paymentOrder.meetingId,
      meetingKind: meeting.kind,
      requesterNickname: requester.nickname,
      providerNickname: provider.nickname,
      createdAt: paymentOrder.createdAt,
      failCode: paymentOrder.failCode,
    })
    .from(paymentOrder)
    .innerJoin(meeting, eq(meeting.id, paymentOrder.meetingId))
    .leftJoin(requester, eq(requester.id, paymentOrder.requesterId))
    .leftJoin(provider, eq(provider.id, meeting.providerId))
    .orderBy(desc(paymentOrder.id))
    .limit(PAYMENTS_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * PAYMENTS_PAGE_SIZE);
  return { rows: rows.slice(0, PAYMENTS_PAGE_SIZE), hasNext: rows.length > PAYMENTS_PAGE_SIZE };
}
