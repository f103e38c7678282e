import { defineMachine } from "#app/services/state-machine";

/**
 * A report waits in the queue (`open`) until an acting administrator resolves it (for an article or comment, by
 * deleting it) or dismisses it. The states are the `content_report.status` values (`reportStatuses` of the schema,
 * checked by the database); members (the reporter included) take no transition.
 */
export const reportMachine = defineMachine({
  name: "content_report",
  states: ["open", "resolved", "dismissed"],
  roles: ["admin", "member"],
  initial: "open",
  transitions: [
    { name: "resolve", from: ["open"], to: "resolved", actors: ["admin"] },
    { name: "dismiss", from: ["open"], to: "dismissed", actors: ["admin"] },
  ],
});
