import { defineMachine } from "#app/services/state-machine";

/**
 * The machines of a meeting's money (ADR 061).
 *
 * The payment request lives on the meeting (`meeting.payment_status`). The provider sends one (`request`, or
 * `offerFree` for 0 won), changes it between paid and free (`ask`, `waive`) and withdraws it until it is paid. The
 * requester pays it; the system completes a payment whose confirmation was settled later by a job. A paid payment
 * is refunded in full by the system (a cancelled reservation, a confirmed no-show of the provider) or by an
 * administrator (a refund request granted in full), or in part by an administrator.
 */
export const paymentMachine = defineMachine({
  name: "meeting_payment",
  states: ["none", "requested", "free", "paid", "refunded", "partiallyRefunded"],
  roles: ["requester", "provider", "system", "admin", "member"],
  initial: "none",
  transitions: [
    { name: "request", from: ["none"], to: "requested", actors: ["provider"] },
    { name: "offerFree", from: ["none"], to: "free", actors: ["provider"] },
    { name: "ask", from: ["free"], to: "requested", actors: ["provider"] },
    { name: "waive", from: ["requested"], to: "free", actors: ["provider"] },
    { name: "withdraw", from: ["requested", "free"], to: "none", actors: ["provider", "system", "admin"] },
    { name: "pay", from: ["requested"], to: "paid", actors: ["requester", "system"] },
    { name: "refund", from: ["paid"], to: "refunded", actors: ["system", "admin"] },
    { name: "refundPart", from: ["paid"], to: "partiallyRefunded", actors: ["admin"] },
  ],
});

/**
 * One payment window's order: opened by the requester, confirmed (the gateway is asked to capture it), then paid or
 * failed; the system settles one whose confirmation had no answer by asking the gateway, and expires one nobody
 * confirmed within the gateway's 10 minutes.
 */
export const orderMachine = defineMachine({
  name: "payment_order",
  states: ["pending", "confirming", "paid", "failed", "expired"],
  roles: ["requester", "system"],
  initial: "pending",
  transitions: [
    { name: "confirm", from: ["pending"], to: "confirming", actors: ["requester", "system"] },
    { name: "capture", from: ["confirming"], to: "paid", actors: ["requester", "system"] },
    { name: "fail", from: ["pending", "confirming"], to: "failed", actors: ["requester", "system"] },
    { name: "expire", from: ["pending"], to: "expired", actors: ["system"] },
  ],
});

/**
 * A refund request waits (`open`) for an administrator, who grants it in full, in part, or declines it. The system
 * grants one whose payment it refunded in full otherwise (the expert's no-show confirmed while it waited).
 */
export const refundRequestMachine = defineMachine({
  name: "refund_request",
  states: ["open", "granted", "partial", "declined"],
  roles: ["admin", "system", "member"],
  initial: "open",
  transitions: [
    { name: "grant", from: ["open"], to: "granted", actors: ["admin", "system"] },
    { name: "grantPart", from: ["open"], to: "partial", actors: ["admin"] },
    { name: "decline", from: ["open"], to: "declined", actors: ["admin"] },
  ],
});
