import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/**
 * Why a transition was not taken (./state-machine.ts). not_found: no such subject. transition_not_allowed: the
 * subject's state has no such transition (already handled, or not yet possible). transition_forbidden: the
 * transition exists from this state, but not for the actor's role. transition_conflict: the state changed between
 * the lock and the update (another operation got there first).
 */
export const machineErrors = areaErrors("machine.error", {
  not_found: 404,
  transition_not_allowed: 409,
  transition_forbidden: 403,
  transition_conflict: 409,
});
export type TransitionRefusal = ErrorCodeOf<typeof machineErrors>;
