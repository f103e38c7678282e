import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { job, localGatewayPayment, meeting, paymentOrder, paymentRefund } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { composeJobRegistry, ensureDailyJobs, JobWorker } from "#app/platform/jobs.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { HOUR_MS, MINUTE_MS, seoulDay } from "#app/platform/seoul-calendar";
import { cancelMeeting } from "#app/services/meetings/meeting/meetings.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember } from "#tests/setup/members";
import {
  localGateway,
  payingMeeting,
  payThroughLocalGateway,
  runPaymentJobs,
  silentLogger,
} from "#tests/setup/payments";
import { paymentJobs } from "./jobs.server";
import { listConsolePayments, reconcileAsAdmin, reconcilePayments } from "./reconcile.server";

let db: Database;
let gateway: PaymentGateway;
const clock = new FixedClock(new Date("2026-06-15T03:00:00Z"));

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  gateway = localGateway(db, clock);
});

const today = () => seoulDay(clock.now());
const orderOf = async (meetingId: number) =>
  (
    await db.select().from(paymentOrder).where(eq(paymentOrder.meetingId, meetingId)).orderBy(paymentOrder.id)
  ).at(-1)!;

/** A meeting paid through the local gateway with `card`; its last order. */
async function paid(card: "approves" | "timesOut" = "approves", amount = 30_000) {
  const { meetingId, requester } = await payingMeeting(db, clock, { amount });
  await payThroughLocalGateway(db, clock, gateway, requester, meetingId, { card });
  return { order: await orderOf(meetingId), meetingId, requester };
}

async function mismatchesOf(orderId: string, day = today()) {
  const report = await reconcilePayments(db, clock, gateway, silentLogger, day);
  return report.mismatches
    .filter((mismatch) => mismatch.orderId === orderId)
    .map(({ kind, ours, theirs, fixed, status }) => ({ kind, ours, theirs, fixed, status }));
}

describe("the payments reconciliation", () => {
  it("finds nothing to say of paid, refunded and declined payments", async () => {
    const first = await paid();
    const refunded = await paid();
    await cancelMeeting(db, clock, refunded.requester, refunded.meetingId, "일정 변경");
    await runPaymentJobs(db, clock, gateway);
    const { meetingId, requester } = await payingMeeting(db, clock, { amount: 20_000 });
    await payThroughLocalGateway(db, clock, gateway, requester, meetingId, { card: "declines" });
    const report = await reconcilePayments(db, clock, gateway, silentLogger, today());
    expect(report.checked).toBeGreaterThanOrEqual(3);
    const ours = new Set([first.order.orderId, refunded.order.orderId, (await orderOf(meetingId)).orderId]);
    expect(report.mismatches.filter((mismatch) => ours.has(mismatch.orderId))).toEqual([]);
  });

  it("completes an order stuck confirming whose payment the gateway took, and reports it fixed", async () => {
    // The confirmation's answer was lost (the process died after the gateway's capture) and no job settled it.
    const { order, meetingId } = await paid("timesOut");
    expect(order.status).toBe("confirming");
    await db
      .update(job)
      .set({ status: "cancelled" })
      .where(eq(job.dedupeKey, `payment-order-settle:${order.id}`));
    expect(await mismatchesOf(order.orderId)).toEqual([]); // a minute later: still the settle job's to finish
    clock.advance(20 * MINUTE_MS);
    expect(await mismatchesOf(order.orderId)).toEqual([
      { kind: "stuck_confirming", ours: 30_000, theirs: 30_000, fixed: "paid", status: "paid" },
    ]);
    expect((await orderOf(meetingId)).status).toBe("paid");
    const [row] = await db.select().from(meeting).where(eq(meeting.id, meetingId));
    expect(row!.paymentStatus).toBe("paid");
    // Once finished, there is nothing more to say.
    expect(await mismatchesOf(order.orderId)).toEqual([]);
  });

  it("reports a capture without a paid order, a paid order without a capture, and amounts that differ", async () => {
    const charged = await paid();
    // As if the order had been failed while the gateway captured it.
    await db.update(paymentOrder).set({ status: "failed" }).where(eq(paymentOrder.id, charged.order.id));
    expect(await mismatchesOf(charged.order.orderId)).toEqual([
      { kind: "captured_without_paid_order", ours: null, theirs: 30_000, fixed: null, status: "failed" },
    ]);

    const aborted = await paid();
    await db
      .update(localGatewayPayment)
      .set({ status: "ABORTED" })
      .where(eq(localGatewayPayment.orderId, aborted.order.orderId));
    expect(await mismatchesOf(aborted.order.orderId)).toEqual([
      { kind: "paid_without_capture", ours: 30_000, theirs: null, fixed: null, status: "paid" },
    ]);

    const other = await paid();
    await db
      .update(localGatewayPayment)
      .set({ totalAmount: 31_000, balanceAmount: 31_000 })
      .where(eq(localGatewayPayment.orderId, other.order.orderId));
    expect(await mismatchesOf(other.order.orderId)).toEqual([
      { kind: "amount_differs", ours: 30_000, theirs: 31_000, fixed: null, status: "paid" },
    ]);
  });

  it("reports a paid order without its capture posting", async () => {
    const { order } = await paid("timesOut");
    // Paid without the capture recorded: the posting is missing.
    await db.update(paymentOrder).set({ status: "paid" }).where(eq(paymentOrder.id, order.id));
    expect(await mismatchesOf(order.orderId)).toEqual([
      { kind: "capture_not_posted", ours: 30_000, theirs: null, fixed: null, status: "paid" },
    ]);
    await db.update(paymentOrder).set({ status: "failed" }).where(eq(paymentOrder.id, order.id));
  });

  it("reports refunds the gateway refused, made in another amount, or has not made for an hour", async () => {
    const overdue = await paid();
    await cancelMeeting(db, clock, overdue.requester, overdue.meetingId, "일정 변경");
    clock.advance(2 * HOUR_MS);
    expect(await mismatchesOf(overdue.order.orderId)).toEqual([
      { kind: "refund_overdue", ours: 30_000, theirs: 0, fixed: null, status: "paid" },
    ]);
    await runPaymentJobs(db, clock, gateway);
    expect(await mismatchesOf(overdue.order.orderId)).toEqual([]);

    // The gateway's record says it refunded less than our finished refund.
    await db
      .update(localGatewayPayment)
      .set({ balanceAmount: 10_000, status: "PARTIAL_CANCELED" })
      .where(eq(localGatewayPayment.orderId, overdue.order.orderId));
    expect(await mismatchesOf(overdue.order.orderId)).toEqual([
      { kind: "refund_differs", ours: 30_000, theirs: 20_000, fixed: null, status: "paid" },
    ]);

    const refused = await paid();
    await cancelMeeting(db, clock, refused.requester, refused.meetingId, "일정 변경");
    await db
      .update(paymentRefund)
      .set({ status: "failed", failCode: "NOT_CANCELABLE_PAYMENT" })
      .where(eq(paymentRefund.orderId, refused.order.id));
    await db.update(job).set({ status: "cancelled" }).where(eq(job.kind, "payment.refund"));
    expect(await mismatchesOf(refused.order.orderId)).toEqual([
      { kind: "refund_failed", ours: 30_000, theirs: 0, fixed: null, status: "paid" },
    ]);
  });

  it("runs every day at 04:00 in Seoul for the day before and settles the stuck orders", async () => {
    const { order, meetingId } = await paid("timesOut");
    await db
      .update(job)
      .set({ status: "cancelled" })
      .where(eq(job.dedupeKey, `payment-order-settle:${order.id}`));
    clock.advance(20 * MINUTE_MS);
    const registry = composeJobRegistry(paymentJobs(gateway));
    await ensureDailyJobs(db, clock, registry);
    await new JobWorker({ db, clock, logger: silentLogger, registry, pollIntervalMs: 1000 }).drain();
    expect((await orderOf(meetingId)).status).toBe("paid");
    const [next] = await db
      .select()
      .from(job)
      .where(eq(job.kind, "payment.reconcile"))
      .orderBy(job.id)
      .then((rows) => rows.filter((row) => row.status === "pending"));
    expect(seoulDay(next!.runAt)).not.toBe(today());
    expect(next!.runAt.getUTCHours()).toBe(19); // 04:00 in Seoul
  });

  it("is for staff who handle money, with the day checked, and lists the payments", async () => {
    const asMember = await insertMember(db);
    const admin = await insertAdmin(db);
    await expect(
      reconcileAsAdmin(db, clock, gateway, silentLogger, asMember, today(), { address: null }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(listConsolePayments(db, asMember, 1)).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      reconcileAsAdmin(db, clock, gateway, silentLogger, admin, "2026-02-30", { address: null }),
    ).rejects.toMatchObject({ code: "day_invalid" });
    const listed = await listConsolePayments(db, admin, 1);
    expect(listed.rows.length).toBeGreaterThan(0);
    expect(listed.rows[0]).toMatchObject({ meetingKind: "pickup", price: 30_000 });
  });
});
