import { useCallback, useEffect, useRef, type FormEvent } from "react";
import type { parseWithZod as ParseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

// The checks that need no Conform form state: a form that shows its own messages loads none of it (ADR 045).

/**
 * What a form needs only to check what was typed (its schema and Conform's Zod adapter: a quarter of a form page's
 * JavaScript), loaded once the page is interactive instead of before it (ADR 032). `get()` is what has loaded, if
 * it has. `hold(event)` holds a submit made before loading settled and sends it again, with the same submitter,
 * once it has (a failed load settles too: the server checks then); it answers whether it held the submit.
 */
export function useLoadedAfterHydration<T>(load: () => Promise<T>) {
  const state = useRef<{ value?: T; settled: boolean; loading?: Promise<void>; holding: boolean }>({
    settled: false,
    holding: false,
  });
  const loader = useRef(load);
  const wait = useCallback(() => {
    const current = state.current;
    current.loading ??= loader.current().then(
      (value) => {
        current.value = value;
        current.settled = true;
      },
      () => {
        current.settled = true;
      },
    );
    return current.loading;
  }, []);
  useEffect(() => {
    void wait();
  }, [wait]);
  const hold = (event: FormEvent<HTMLFormElement>): boolean => {
    if (state.current.settled) return false;
    event.preventDefault();
    // A second click while waiting sends nothing more: the held submit goes once.
    if (state.current.holding) return true;
    state.current.holding = true;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void wait().then(() => {
      state.current.holding = false;
      // Unless the member has left the page meanwhile.
      if (!form.isConnected) return;
      form.requestSubmit(
        submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
          ? submitter
          : undefined,
      );
    });
    return true;
  };
  return { get: () => state.current.value, hold };
}

export function loadParser(): Promise<typeof ParseWithZod> {
  return import("@conform-to/zod/v4").then((adapter) => adapter.parseWithZod);
}

/**
 * The browser's check of a form that is not a `useSchemaForm` form (the page shows its messages). `load` gives what
 * the schema is built from (a module's schema factory, say) and `build` the schema of this submit from it; `check`
 * answers the schema's refusals of a submit, field by field, or null when it passes or could not load. A submit
 * before loading settled is held (`"held"`) and sent again once it has.
 */
export function useSchemaCheck<Source, Schema extends $ZodType>(
  load: () => Promise<Source>,
  build: (source: Source) => Schema,
) {
  const checks = useLoadedAfterHydration(() => Promise.all([load(), loadParser()]));
  return (event: FormEvent<HTMLFormElement>): Record<string, string[] | null> | null | "held" => {
    if (checks.hold(event)) return "held";
    const loaded = checks.get();
    if (!loaded) return null;
    const [source, parseWithZod] = loaded;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const submission = parseWithZod(new FormData(event.currentTarget, submitter), { schema: build(source) });
    return submission.status === "success" ? null : (submission.error ?? {});
  };
}
