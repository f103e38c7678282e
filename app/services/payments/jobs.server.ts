import type { JobKind } from "#app/platform/jobs.server";
import type { PaymentGateway } from "#app/platform/payments/types";
import { orderExpiryJob, orderSettleJobFor } from "./orders.server";
import { paymentReconcileJobFor } from "./reconcile.server";
import { refundAtGatewayJobFor } from "./refund-order.server";

/** The jobs of payments, those that talk to the gateway bound to the process's gateway. */
export function paymentJobs(gateway: PaymentGateway): ReadonlyArray<JobKind> {
  return [
    orderExpiryJob,
    orderSettleJobFor(gateway),
    refundAtGatewayJobFor(gateway),
    paymentReconcileJobFor(gateway),
  ] as JobKind[];
}
