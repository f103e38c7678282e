import type { Widen } from "../widen";
import type { koMachine } from "./machine.ko";

/** English messages of the state machines' refusals. */
export const enMachine: Widen<typeof koMachine> = {
  error: {
    not_found: "Nothing was found to act on.",
    transition_not_allowed: "This was already handled or cannot be done in its current state.",
    transition_forbidden: "You may not do this.",
    transition_conflict: "Another request was handled first. Reload the page and check again.",
  },
};
