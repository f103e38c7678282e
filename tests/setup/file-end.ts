import { afterAll } from "vitest";

/**
 * What the running test file opened (databases, the process's runtime), undone after its tests. Test files of one
 * worker share their modules (Vitest's `isolate: false`), so a helper module's own top-level `afterAll` would be
 * registered for the first file only: this setup file runs for every file and drains the list after each.
 */
// Kept on the global object: whether a worker evaluates this module once or once per file, every copy shares one list.
const key = Symbol.for("motomate.tests.fileEnd");
const cleanups: (() => Promise<void> | void)[] = ((globalThis as Record<symbol, unknown>)[key] ??=
  []) as (() => Promise<void> | void)[];

/** Runs `cleanup` after the current test file's tests, newest first. */
export function atFileEnd(cleanup: () => Promise<void> | void) {
  cleanups.push(cleanup);
}

afterAll(async () => {
  const errors: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, "Undoing this file's set-up failed");
});
