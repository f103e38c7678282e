import { defineMachine } from "#app/services/state-machine";

/**
 * A missing-model report waits (`submitted`) until an acting administrator accepts it (the model year goes into the
 * catalogue and the reporter earns the reward) or rejects it with a reason. Both are final. The states are the
 * `motorcycle_report.status` values; members, the reporter included, take no transition.
 */
export const motorcycleReportMachine = defineMachine({
  name: "motorcycle_report",
  states: ["submitted", "accepted", "rejected"],
  roles: ["admin", "member"],
  initial: "submitted",
  transitions: [
    { name: "accept", from: ["submitted"], to: "accepted", actors: ["admin"] },
    { name: "reject", from: ["submitted"], to: "rejected", actors: ["admin"] },
  ],
});
