import { z } from "zod";
import { isOrderId } from "#app/platform/payments/rules";

/**
 * What the gateway's payment window puts in the address it returns to (ADR 059): on success `paymentKey`, `orderId`
 * and `amount`, on failure `code`, `message` and `orderId`. Nothing of it is trusted: the order is the server's, and
 * the amount is only compared with it.
 */

/** The longest gateway message kept: what a one-time message can carry. */
const GATEWAY_MESSAGE_MAX = 300;

export const paidWindowSchema = z.object({
  paymentKey: z.string().min(1).max(200),
  orderId: z.string().refine(isOrderId),
  amount: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
});

export const failedWindowSchema = z.object({
  code: z
    .string()
    .max(200)
    .default("")
    .transform((code) => code.slice(0, 64)),
  message: z
    .string()
    .max(2_000)
    .default("")
    .transform((message) => [...message.trim()].slice(0, GATEWAY_MESSAGE_MAX).join("")),
  orderId: z.string().refine(isOrderId),
});
