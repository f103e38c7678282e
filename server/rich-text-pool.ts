import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { RichTextRunner } from "#app/services/content/rich-text-runner.server";
import type { RichTextOutcome, RichTextTask } from "#app/services/content/rich-text.server";

const workerModule = pathToFileURL(
  path.join(import.meta.dirname, "..", "app", "services", "content", "rich-text.worker.ts"),
).href;
// The worker's module is TypeScript: the threads load it the way the server loads its own modules.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export interface RichTextPool {
  run: RichTextRunner;
  close(): Promise<void>;
}

/**
 * Worker threads that sanitise rich text, so that a large or hostile post never blocks the event loop. At most
 * half the cores, so that the main thread keeps one; one thread stays started.
 */
export function createRichTextPool(): RichTextPool {
  const pool = new Piscina<RichTextTask, RichTextOutcome>({
    filename: workerModule,
    minThreads: 1,
    maxThreads: Math.max(1, Math.floor(os.availableParallelism() / 2)),
    execArgv: ["--import", tsxLoader],
  });
  return { run: (task) => pool.run(task), close: () => pool.destroy() };
}
