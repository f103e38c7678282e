import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { RichTextRunner } from "#app/services/content/rich-text-runner.server";
import type { RichTextOutcome, RichTextTask } from "#app/services/content/rich-text.server";

/** Written beside the compiled server (build/server.js) by scripts/build-server.ts. */
const compiledWorker = path.join(import.meta.dirname, "rich-text.worker.js");

/**
 * The compiled server's threads run the compiled worker; from the sources (development, tests) they load the
 * TypeScript module the way the server loads its own, through tsx.
 */
function workerModule(): { filename: string; execArgv?: string[] } {
  if (fs.existsSync(compiledWorker)) return { filename: pathToFileURL(compiledWorker).href };
  const source = path.join(import.meta.dirname, "..", "app", "services", "content", "rich-text.worker.ts");
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename: pathToFileURL(source).href, execArgv: ["--import", tsxLoader] };
}

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
    ...workerModule(),
    minThreads: 1,
    maxThreads: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  });
  return { run: (task) => pool.run(task), close: () => pool.destroy() };
}
