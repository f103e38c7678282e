import { readRichTextTask, type RichTextOutcome, type RichTextTask } from "./rich-text.server";

/** Reads rich text somewhere: on worker threads in the running server. */
export type RichTextRunner = (task: RichTextTask) => Promise<RichTextOutcome>;

// The server entry and the SSR bundle are separate module graphs: the runner lives on globalThis, like the runtime.
const RUNNER = Symbol.for("motomate.richTextRunner");
type Holder = { [RUNNER]?: RichTextRunner };

export function setRichTextRunner(runner: RichTextRunner | undefined) {
  (globalThis as Holder)[RUNNER] = runner;
}

/**
 * Reads rich text on the runner the server installed, so that sanitising never holds up other requests; without
 * one (unit tests, scripts) on this thread.
 */
export function runRichTextTask(task: RichTextTask): Promise<RichTextOutcome> {
  const runner = (globalThis as Holder)[RUNNER];
  return runner ? runner(task) : Promise.resolve(readRichTextTask(task));
}
