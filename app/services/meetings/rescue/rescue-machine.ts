import { defineMachine } from "#app/services/state-machine";

/**
 * A rescue call is open until the first expert it reached accepts it (a meeting opens), the requester withdraws it,
 * or the system closes it: 30 minutes without an acceptance, or every expert declined. The states are the
 * `rescue_call.status` values (`rescueCallStatuses` of the schema).
 */
export const rescueCallMachine = defineMachine({
  name: "rescue_call",
  states: ["open", "accepted", "expired", "withdrawn"],
  roles: ["requester", "expert", "system"],
  initial: "open",
  transitions: [
    { name: "accept", from: ["open"], to: "accepted", actors: ["expert"] },
    { name: "withdraw", from: ["open"], to: "withdrawn", actors: ["requester"] },
    { name: "expire", from: ["open"], to: "expired", actors: ["system"] },
  ],
});
