import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { paymentOrder, type PaymentOrderStatus } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { Logger } from "#app/platform/logger.server";
import { isOrderId } from "#app/platform/payments/rules";
import type { PaymentGateway, PaymentStatusHint } from "#app/platform/payments/types";
import { settleOrderNow } from "./orders.server";

/**
 * What the gateway's webhook says about a payment (ADR 059): only a hint, since it is not signed. The order it names
 * is settled by asking the gateway, exactly as the settle job does; the status in the hint is never used. Answers
 * the order's state after it, or null for an order the product does not have.
 */
export async function settleFromHint(
  db: Database,
  clock: Clock,
  gateway: PaymentGateway,
  logger: Logger,
  hint: PaymentStatusHint,
): Promise<PaymentOrderStatus | null> {
  // An id no order can have (a NUL, a megabyte) is not looked up.
  const [order] = isOrderId(hint.orderId)
    ? await db
        .select({ id: paymentOrder.id })
        .from(paymentOrder)
        .where(eq(paymentOrder.orderId, hint.orderId))
    : [];
  if (!order) {
    logger.info({ orderId: hint.orderId }, "payment webhook for an order the product does not have");
    return null;
  }
  return settleOrderNow(db, clock, gateway, logger, order.id);
}
