import { defineMachine } from "#app/services/state-machine";

/**
 * The machines of experts' money after a meeting (ADR 064).
 *
 * An earnings line is pending while the hold runs; the system releases it (a job at the line's release instant,
 * unless a refund request is open). A withdrawal takes withdrawable lines and gives them back when it fails or is
 * cancelled; its payout marks them paid. A refund takes a pending line to nothing; an administrator may reverse a
 * released one explicitly.
 */
export const earningLineMachine = defineMachine({
  name: "earning_line",
  states: ["pending", "withdrawable", "withdrawing", "paid", "refunded"],
  roles: ["system", "admin", "member"],
  initial: "pending",
  transitions: [
    { name: "release", from: ["pending"], to: "withdrawable", actors: ["system"] },
    { name: "withdraw", from: ["withdrawable"], to: "withdrawing", actors: ["member"] },
    { name: "giveBack", from: ["withdrawing"], to: "withdrawable", actors: ["member", "system", "admin"] },
    { name: "payOut", from: ["withdrawing"], to: "paid", actors: ["system", "admin"] },
    { name: "refund", from: ["pending"], to: "refunded", actors: ["system", "admin"] },
    { name: "reverse", from: ["withdrawable"], to: "refunded", actors: ["admin"] },
  ],
});

/**
 * A withdrawal: requested by the member (after the withdrawal password), held and released by an administrator,
 * cancelled by the member while it waits, sent (`process`) by an administrator's export or the system's payout call,
 * then paid or failed as the bank or the payout service answers. A failure gives the lines back.
 */
export const withdrawalMachine = defineMachine({
  name: "withdrawal",
  states: ["requested", "held", "processing", "paid", "failed", "cancelled"],
  roles: ["member", "system", "admin"],
  initial: "requested",
  transitions: [
    { name: "hold", from: ["requested"], to: "held", actors: ["admin"] },
    { name: "unhold", from: ["held"], to: "requested", actors: ["admin"] },
    { name: "cancel", from: ["requested"], to: "cancelled", actors: ["member"] },
    { name: "process", from: ["requested"], to: "processing", actors: ["system", "admin"] },
    { name: "pay", from: ["processing"], to: "paid", actors: ["system", "admin"] },
    { name: "fail", from: ["processing", "held"], to: "failed", actors: ["system", "admin"] },
  ],
});
