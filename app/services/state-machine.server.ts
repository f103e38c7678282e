import { and, eq, getTableColumns } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { transitionLog } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import {
  checkTransition,
  isState,
  MachineDefinitionError,
  transitionRefused,
  type AnyMachine,
  type RoleOf,
  type StateOf,
  type TransitionOf,
} from "./state-machine";

/**
 * Who takes a transition: the role they take it in (what they are to the subject, decided by the service that knows
 * the subject) and the acting member's id, or null for `system` (a job).
 */
export interface TransitionActor<R extends string> {
  readonly role: R;
  readonly id: string | null;
}

/** What every transition accepts: the reason written to the log (a refusal's explanation, a note …). */
export interface TransitionInput {
  reason?: string | null;
}

/** What a transition does besides moving the state, in the same unit of work: stamps, notifications, postings, jobs. */
export type TransitionEffect<Row, I> = (uow: UnitOfWork, subject: Row, input: I) => Promise<void>;

/** A machine bound to the table that holds its subjects: which column is the id, which the state, and the effects. */
export interface BoundMachine<M extends AnyMachine, T extends PgTable, I extends TransitionInput> {
  readonly machine: M;
  readonly table: T;
  readonly id: PgColumn;
  readonly state: PgColumn;
  /** The property of `state` in the table's rows. */
  readonly stateKey: string;
  readonly effects: { readonly [K in TransitionOf<M>]?: TransitionEffect<T["$inferSelect"], I> };
}

/**
 * Binds a machine to its subjects' table. Throws `MachineDefinitionError` when the state column is not the table's,
 * or its default is not the machine's initial state (a new row would start outside the machine's start).
 */
export function bindMachine<
  M extends AnyMachine,
  T extends PgTable,
  I extends TransitionInput = TransitionInput,
>(
  machine: M,
  binding: {
    table: T;
    id: PgColumn;
    state: PgColumn;
    effects?: { readonly [K in TransitionOf<M>]?: TransitionEffect<T["$inferSelect"], I> };
  },
): BoundMachine<M, T, I> {
  const columns = Object.entries(getTableColumns(binding.table));
  const stateKey = columns.find(([, column]) => column === binding.state)?.[0];
  if (!stateKey || !columns.some(([, column]) => column === binding.id))
    throw new MachineDefinitionError(machine.name, "its id and state columns must be columns of its table");
  if (binding.state.default !== undefined && binding.state.default !== machine.initial)
    throw new MachineDefinitionError(
      machine.name,
      `its state column starts at "${String(binding.state.default)}"`,
    );
  return Object.freeze({ machine, ...binding, stateKey, effects: Object.freeze({ ...binding.effects }) });
}

/** A transition that was taken. */
export interface AppliedTransition<S extends string> {
  from: S;
  to: S;
}

/**
 * Takes one transition of one subject inside the caller's unit of work: locks the subject's row
 * (`SELECT … FOR UPDATE`), checks that the transition leaves its current state and that the actor's role may take
 * it, moves the state (`UPDATE … WHERE state = from`), writes one `transition_log` row stamped with `uow.now`, then
 * runs the transition's effect with the row as it now is. Refusals are `DomainError`s: `not_found` (404),
 * `transition_not_allowed` (409), `transition_forbidden` (403) and `transition_conflict` (409, the state moved under
 * the lock); nothing is written then, and an effect's error rolls the whole unit back.
 */
export async function applyTransition<M extends AnyMachine, T extends PgTable, I extends TransitionInput>(
  uow: UnitOfWork,
  bound: BoundMachine<M, T, I>,
  subjectId: string | number,
  transition: TransitionOf<M>,
  actor: TransitionActor<RoleOf<M>>,
  input: I,
  /** Other columns the same UPDATE sets (a link a CHECK ties to the state). */
  alsoSet: Partial<T["$inferInsert"]> = {},
): Promise<AppliedTransition<StateOf<M>>> {
  const { machine, table, id, state, stateKey } = bound;
  const { tx, now } = uow;
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(id, subjectId))
    .for("update")) as Array<T["$inferSelect"] & Record<string, unknown>>;
  if (!row) throw transitionRefused("not_found");
  const from = row[stateKey];
  if (!isState(machine, from)) throw transitionRefused("transition_not_allowed");
  const checked = checkTransition(machine, from, transition, actor.role);
  if (!checked.ok) throw transitionRefused(checked.refusal);
  const to = checked.to as StateOf<M>;
  const moved = await tx
    .update(table as PgTable)
    .set({ ...alsoSet, [stateKey]: to })
    .where(and(eq(id, subjectId), eq(state, from)))
    .returning({ id });
  if (moved.length === 0) throw transitionRefused("transition_conflict");
  await tx.insert(transitionLog).values({
    machine: machine.name,
    subjectId: String(subjectId),
    fromState: from,
    toState: to,
    transition,
    actorKind: actor.role,
    actorId: actor.id,
    reason: input.reason ?? null,
    createdAt: now,
  });
  const effect = bound.effects[transition];
  if (effect) await effect(uow, { ...row, ...alsoSet, [stateKey]: to }, input);
  return { from: from as StateOf<M>, to };
}
