import { describe, expect, it } from "vitest";
import { allowedPaymentActions, HOLD_MS, paymentRequestRefusal, type PaymentFacts } from "./payment-rules";

describe("a payment request's amount", () => {
  const ask = (kind: Parameters<typeof paymentRequestRefusal>[0], amount: number, freeInspection = false) =>
    paymentRequestRefusal(kind, { amount, memo: "", freeInspection });

  it("is whole won from 0 to the ceiling, pickup in 5,000-won steps, free inspection only for repair at 0", () => {
    expect(ask("owner", 0)).toBeNull();
    expect(ask("owner", 10_000)).toBeNull();
    expect(ask("owner", -1)).toBe("amount_invalid");
    expect(ask("owner", 0.5)).toBe("amount_invalid");
    expect(ask("owner", Number.NaN)).toBe("amount_invalid");
    expect(ask("owner", 5_000_001)).toBe("amount_too_large");
    expect(ask("pickup", 30_000)).toBeNull();
    expect(ask("pickup", 32_500)).toBe("pickup_step");
    expect(ask("repair", 0, true)).toBeNull();
    expect(ask("repair", 10_000, true)).toBe("free_inspection_paid");
    expect(ask("coaching", 0, true)).toBe("free_inspection_repair_only");
    expect(paymentRequestRefusal("owner", { amount: 1, memo: "가".repeat(201), freeInspection: false })).toBe(
      "memo_length",
    );
  });
});

describe("what each side may do with the payment", () => {
  const now = new Date("2026-06-15T03:00:00Z");
  const facts = (overrides: Partial<PaymentFacts>): PaymentFacts => ({
    status: "chatting",
    paymentStatus: "none",
    endedAt: null,
    charged: null,
    refundRequested: false,
    confirming: false,
    ...overrides,
  });

  it("lets the provider send, change and withdraw a request while the meeting is arranged and unpaid", () => {
    expect(allowedPaymentActions(facts({}), "provider", now)).toEqual(["requestPayment"]);
    expect(allowedPaymentActions(facts({ paymentStatus: "requested" }), "provider", now)).toEqual([
      "editPayment",
      "withdrawPayment",
    ]);
    expect(allowedPaymentActions(facts({ paymentStatus: "paid" }), "provider", now)).toEqual([]);
    expect(allowedPaymentActions(facts({ status: "ended" }), "provider", now)).toEqual([]);
    expect(allowedPaymentActions(facts({}), "requester", now)).toEqual([]);
    expect(allowedPaymentActions(facts({ paymentStatus: "requested" }), "admin", now)).toEqual([]);
  });

  it("lets the requester pay a request, and ask for a refund once within the hold after the end", () => {
    expect(allowedPaymentActions(facts({ paymentStatus: "requested" }), "requester", now)).toEqual(["pay"]);
    // Not while a payment of it waits for the gateway's answer.
    expect(
      allowedPaymentActions(facts({ paymentStatus: "requested", confirming: true }), "requester", now),
    ).toEqual([]);
    expect(allowedPaymentActions(facts({ paymentStatus: "free" }), "requester", now)).toEqual([]);
    const ended = facts({ status: "ended", paymentStatus: "paid", charged: 25_000, endedAt: now });
    expect(allowedPaymentActions(ended, "requester", now)).toEqual(["requestRefund"]);
    expect(allowedPaymentActions(ended, "provider", now)).toEqual([]);
    const late = new Date(now.getTime() + HOLD_MS);
    expect(allowedPaymentActions(ended, "requester", late)).toEqual([]);
    expect(allowedPaymentActions({ ...ended, refundRequested: true }, "requester", now)).toEqual([]);
    expect(allowedPaymentActions({ ...ended, charged: 0 }, "requester", now)).toEqual([]);
  });
});
