import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServerProcess } from "./server-process";

/**
 * One started-and-stopped data directory per run of the suite: migrated, with its secrets and the demo data (the
 * motorcycle catalogue, members, posts, listings, skills, meetings) seeded once. Every server of the run starts on a
 * copy of it, which reopens in about 2 s where an empty directory takes about 12 s of seeding.
 */
function dataTemplateDir(port: number | string) {
  return path.join(os.tmpdir(), `motomate-e2e-${port}-template`);
}

/** Makes the run's template afresh: the production server started on an empty directory until it listens, then stopped. */
export async function prepareDataTemplate(port: number | string, serverPort: number) {
  const dir = dataTemplateDir(port);
  fs.rmSync(dir, { recursive: true, force: true });
  const server = startServerProcess({ DATA_DIR: dir, PORT: String(serverPort) });
  const deadline = Date.now() + 120_000;
  while (!server.output().includes("motomate listening")) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`The template server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill("SIGTERM");
  const code = await server.exited;
  if (code !== 0) throw new Error(`The template server did not stop cleanly (${code}):\n${server.output()}`);
}

/** A copy of the run's template at `target` (which must not exist yet or is replaced). */
export function copyDataTemplate(port: number | string, target: string) {
  const template = dataTemplateDir(port);
  if (!fs.existsSync(template))
    throw new Error(`No data template at ${template}: the suite's server makes it`);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(template, target, { recursive: true });
}
