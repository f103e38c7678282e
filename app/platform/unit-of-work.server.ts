import type { Database } from "#app/db/client.server";
import type { Clock } from "./clock.server";
import { findRuntime } from "./runtime.server";

/** The transaction drizzle hands to `db.transaction`; it is a Database, so it goes wherever one is accepted. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const UNIT = Symbol.for("motomate.unitOfWork");

/**
 * One business operation: one transaction, one "now" for every timestamp it writes, and the things that may only
 * happen once its data is safe (live pushes, sends), run after the commit and never after a rollback.
 */
export interface UnitOfWork {
  readonly [UNIT]: true;
  readonly tx: Transaction;
  /** Read once from the clock when the unit began. */
  readonly now: Date;
  /** Runs `fn` after the commit, in registration order; its error is logged, not thrown (the data is saved). */
  afterCommit(fn: () => unknown): void;
}

/** Where a service may run: on the database (it opens its own unit) or inside a caller's unit (it joins it). */
export type DatabaseOrUnit = Database | UnitOfWork;

function isUnitOfWork(value: unknown): value is UnitOfWork {
  return typeof value === "object" && value !== null && (value as Partial<UnitOfWork>)[UNIT] === true;
}

/** Where errors of after-commit functions go: a pino logger, or the console where no runtime was started. */
type ErrorLog = { error(details: { err: unknown }, message: string): void };

export interface UnitOptions {
  /** The runtime's logger by default. */
  logger?: ErrorLog;
}

/**
 * Runs `work` in one transaction. Given a unit of work instead of a database, `work` joins it: the same
 * transaction, the same `now`, and its after-commit functions wait for the outer commit.
 */
export async function runInTransaction<T>(
  source: DatabaseOrUnit,
  clock: Clock,
  work: (uow: UnitOfWork) => Promise<T>,
  options: UnitOptions = {},
): Promise<T> {
  if (isUnitOfWork(source)) return work(source);
  const pending: Array<() => unknown> = [];
  const now = clock.now();
  const result = await source.transaction((tx) =>
    work({ [UNIT]: true, tx, now, afterCommit: (fn) => void pending.push(fn) }),
  );
  const logger: ErrorLog = options.logger ?? findRuntime()?.logger ?? console;
  for (const fn of pending) {
    try {
      await fn();
    } catch (error) {
      logger.error({ err: error }, "after-commit step failed");
    }
  }
  return result;
}

/** The database a reader should use: the unit's transaction (to see its own writes) or the database itself. */
export function executor(source: DatabaseOrUnit): Database {
  return isUnitOfWork(source) ? source.tx : source;
}
