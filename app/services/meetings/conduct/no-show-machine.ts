import { defineMachine } from "#app/services/state-machine";

/**
 * A no-show report waits (`pending`) until an acting administrator confirms it (the absent member takes the next
 * step of the ladder), dismisses it, or penalises its reporter for a malicious report (dismissed, and the reporter
 * takes a step). The states are the `no_show_report.status` values; members take no transition.
 */
export const noShowMachine = defineMachine({
  name: "no_show_report",
  states: ["pending", "confirmed", "dismissed", "penalised"],
  roles: ["admin", "member"],
  initial: "pending",
  transitions: [
    { name: "confirm", from: ["pending"], to: "confirmed", actors: ["admin"] },
    { name: "dismiss", from: ["pending"], to: "dismissed", actors: ["admin"] },
    { name: "penalise", from: ["pending"], to: "penalised", actors: ["admin"] },
  ],
});
