import { randomBytes } from "node:crypto";
import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { DAY_MS } from "#app/platform/seoul-calendar";
import type { Actor } from "#app/services/actor";
import { createCoupon, type CouponInput } from "#app/services/coupons/console.server";

/** A registration code no other coupon of the run has. */
export const freshCode = () => `T${randomBytes(6).toString("hex").toUpperCase()}`;

/**
 * A coupon made through the console's service by `admin`: by default 5,000 won off repairs of 20,000 won or more,
 * valid from a day ago for 30 days, unlimited, with a fresh code.
 */
export async function makeCoupon(
  db: Database,
  clock: Clock,
  admin: Actor,
  overrides: Partial<CouponInput> = {},
): Promise<{ id: number; code: string | null }> {
  const now = clock.now().getTime();
  const input: CouponInput = {
    name: "정비 쿠폰",
    discountKind: "won",
    value: 5_000,
    maxDiscount: null,
    minAmount: 20_000,
    meetingKinds: ["repair"],
    startsAt: new Date(now - DAY_MS),
    endsAt: new Date(now + 30 * DAY_MS),
    quantity: null,
    code: freshCode(),
    ...overrides,
  };
  const { id } = await createCoupon(db, clock, admin, input);
  return { id, code: input.code };
}

/** "ok", or the refusal as `area.code`. */
export const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) =>
      error instanceof Error && error.name === "DomainError" ? error.message : String(error),
  );
