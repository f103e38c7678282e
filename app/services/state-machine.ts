import { DomainError } from "./errors";
import type { TransitionRefusal } from "./state-machine-errors";

/**
 * A state machine as data: the states a subject can be in, and named transitions, each from some states to one,
 * taken only by the roles listed. A role is what the actor is to the subject (its `admin`, the `member` onboarding
 * themself, a listing's `seller` or `buyer`, `system` for jobs), decided by the service that knows the subject.
 * Pure: pages, guards and services ask it which transitions a role may take; `applyTransition`
 * (state-machine.server.ts) takes them.
 */
export interface TransitionDefinition<S extends string, R extends string, N extends string> {
  readonly name: N;
  readonly from: readonly S[];
  readonly to: S;
  readonly actors: readonly R[];
}

export interface Machine<S extends string, R extends string, N extends string> {
  /** Names the machine in `transition_log.machine`. */
  readonly name: string;
  readonly states: readonly S[];
  /** Every role an actor may have towards a subject, whether or not it may take anything. */
  readonly roles: readonly R[];
  /** Where every subject starts (its column's default). */
  readonly initial: S;
  readonly transitions: readonly TransitionDefinition<S, R, N>[];
}

/** Any machine, whatever its states, roles and transition names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a machine of unknown shape
export type AnyMachine = Machine<any, any, any>;
export type StateOf<M> = M extends Machine<infer S, string, string> ? S : never;
export type RoleOf<M> = M extends Machine<string, infer R, string> ? R : never;
export type TransitionOf<M> = M extends Machine<string, string, infer N> ? N : never;

/** A machine whose graph does not hold together: a programming error, thrown when the module loads. */
export class MachineDefinitionError extends Error {
  constructor(machine: string, problem: string) {
    super(`State machine "${machine}": ${problem}`);
    this.name = "MachineDefinitionError";
  }
}

/**
 * Checks and freezes a machine. Throws `MachineDefinitionError` for a duplicate or missing state, an initial or
 * transition state that is not among the states, a duplicate transition name, a transition without source states
 * or actors, a role that is not among the roles, and a state no sequence of transitions reaches from the initial one.
 */
export function defineMachine<
  const S extends string,
  const R extends string,
  const N extends string,
>(definition: {
  name: string;
  states: readonly S[];
  roles: readonly R[];
  initial: NoInfer<S>;
  transitions: readonly TransitionDefinition<NoInfer<S>, NoInfer<R>, N>[];
}): Machine<S, R, N> {
  const { name, states, roles, initial, transitions } = definition;
  const fail = (problem: string) => new MachineDefinitionError(name, problem);
  if (states.length === 0) throw fail("it has no states");
  const known = new Set<string>(states);
  if (known.size !== states.length) throw fail("a state is listed twice");
  if (!known.has(initial)) throw fail(`the initial state "${initial}" is not one of its states`);
  if (new Set(roles).size !== roles.length) throw fail("a role is listed twice");
  const names = new Set<string>();
  for (const transition of transitions) {
    if (names.has(transition.name)) throw fail(`the transition "${transition.name}" is defined twice`);
    names.add(transition.name);
    if (transition.from.length === 0) throw fail(`the transition "${transition.name}" starts from no state`);
    if (transition.actors.length === 0) throw fail(`nobody may take the transition "${transition.name}"`);
    for (const role of transition.actors) {
      if (!roles.includes(role))
        throw fail(`the transition "${transition.name}" names the unknown role "${role}"`);
    }
    for (const state of [...transition.from, transition.to]) {
      if (!known.has(state))
        throw fail(`the transition "${transition.name}" names the unknown state "${state}"`);
    }
  }
  const reached = new Set<string>([initial]);
  for (let grew = true; grew;) {
    grew = false;
    for (const transition of transitions) {
      if (!reached.has(transition.to) && transition.from.some((state) => reached.has(state))) {
        reached.add(transition.to);
        grew = true;
      }
    }
  }
  const unreachable = states.filter((state) => !reached.has(state));
  if (unreachable.length > 0)
    throw fail(`no transition reaches ${unreachable.map((s) => `"${s}"`).join(", ")}`);
  return Object.freeze({
    name,
    states: Object.freeze([...states]),
    roles: Object.freeze([...roles]),
    initial,
    transitions: Object.freeze(
      transitions.map((t) =>
        Object.freeze({ ...t, from: Object.freeze([...t.from]), actors: Object.freeze([...t.actors]) }),
      ),
    ),
  });
}

/**
 * The transitions `role` may take from `state`, in the machine's order: what a page shows as buttons and a guard
 * follows. Nothing for a state or role the machine does not know.
 */
export function allowedTransitions<S extends string, R extends string, N extends string>(
  machine: Machine<S, R, N>,
  state: S,
  role: R,
): N[] {
  return machine.transitions
    .filter((t) => t.from.includes(state) && t.actors.includes(role))
    .map((t) => t.name);
}

/** Whether a subject in `state` is done: no transition leaves it, whoever asks. */
export function isFinal<S extends string>(machine: Machine<S, string, string>, state: S): boolean {
  return !machine.transitions.some((t) => t.from.includes(state));
}

export function isState<S extends string>(machine: Machine<S, string, string>, value: unknown): value is S {
  return typeof value === "string" && (machine.states as readonly string[]).includes(value);
}

/** Why a transition was not taken (./state-machine-errors.ts). Every refusal of the engine is made here. */
export function transitionRefused(refusal: TransitionRefusal): DomainError<"machine"> {
  return new DomainError("machine", refusal);
}

/**
 * Checks a transition against the graph and the actor's role, without touching anything: the transition taken, or
 * the refusal (an unknown transition name is "not allowed", like one that does not leave this state).
 */
export function checkTransition<S extends string, R extends string, N extends string>(
  machine: Machine<S, R, N>,
  state: S,
  transition: N,
  role: R,
): { ok: true; to: S } | { ok: false; refusal: TransitionRefusal } {
  const found = machine.transitions.find((t) => t.name === transition);
  if (!found || !found.from.includes(state)) return { ok: false, refusal: "transition_not_allowed" };
  if (!found.actors.includes(role)) return { ok: false, refusal: "transition_forbidden" };
  return { ok: true, to: found.to };
}
