import { data } from "react-router";
import { z } from "zod";
import { getRuntime } from "#app/platform/runtime.server";
import { isOrderId, isSameOriginPath, isWon } from "#app/platform/payments/rules";
import { notFound } from "#app/shell/input.server";

/**
 * The order the local checkout window was opened for, as the adapter's checkout address carries it (ADR 059). Like
 * a real gateway's window it trusts nothing of it: the return addresses must be paths on this site, and the amount
 * the window authorises is checked again against the server's own order when it is confirmed.
 */
const checkoutOrderSchema = z.object({
  orderId: z.string().refine(isOrderId),
  amount: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .refine(isWon),
  orderName: z.string().trim().min(1).max(100),
  customerName: z.string().trim().max(100).default(""),
  successUrl: z.string().refine(isSameOriginPath),
  failUrl: z.string().refine(isSameOriginPath),
});

export type LocalCheckoutOrder = z.output<typeof checkoutOrderSchema>;

/** The local gateway's pages exist only while it is the configured gateway. */
export function requireLocalGateway() {
  const runtime = getRuntime();
  if (runtime.payments.kind !== "local") notFound();
  return runtime;
}

/** The order of the window's address; a window opened with anything else is a bad request. */
export function readCheckoutOrder(url: URL): LocalCheckoutOrder {
  const parsed = checkoutOrderSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data("Bad Request", { status: 400 });
  return parsed.data;
}

/** A return address with the window's answer in its query, as the gateway sends it back. */
export function returnAddress(path: string, values: Record<string, string>): string {
  const url = new URL(path, "http://same-origin.invalid");
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
