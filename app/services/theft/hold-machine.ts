import { defineMachine } from "#app/services/state-machine";

/**
 * A listing whose frame number matches a theft report is held (`held`, hidden from everybody but its seller and
 * administrators) until an administrator releases it or keeps it hidden; a kept listing may still be released later
 * (the report withdrawn, papers shown). The states are `theft_hold.state`.
 */
export const theftHoldMachine = defineMachine({
  name: "theft_hold",
  states: ["held", "released", "kept"],
  roles: ["admin", "member"],
  initial: "held",
  transitions: [
    { name: "release", from: ["held", "kept"], to: "released", actors: ["admin"] },
    { name: "keep", from: ["held"], to: "kept", actors: ["admin"] },
  ],
});
