import type { Database } from "#app/db/client.server";
import type { MeetingKind, MeetingStatus } from "#app/db/schema";
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
import { meetingJobs } from "#app/services/meetings/jobs.server";
import { endMeeting } from "#app/services/meetings/meeting/meetings.server";
import { paymentJobs } from "#app/services/payments/jobs.server";
import { confirmCheckout, openCheckout, type ConfirmOutcome } from "#app/services/payments/orders.server";
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

/** Runs every meeting and payment job due on the clock, as the worker does. */
export function runPaymentJobs(db: Database, clock: Clock, gateway: PaymentGateway): Promise<number> {
  return new JobWorker({
    db,
    clock,
    logger: silentLogger,
    registry: composeJobRegistry(meetingJobs, paymentJobs(gateway)),
    pollIntervalMs: 1000,
  }).drain();
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
