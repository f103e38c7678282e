import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-lock-"));
  dirs.push(dir);
  return dir;
}

describe("data directory lock", () => {
  it("refuses a directory held by another live process, and frees it on release", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      const held = acquireDataDirLock(dir, other.pid!);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `DATA_DIR ${dir} is in use by another running process (pid ${other.pid})`,
      );
      held.release();
      const mine = acquireDataDirLock(dir);
      expect(fs.readFileSync(mine.file, "utf8")).toBe(String(process.pid));
      mine.release();
      expect(fs.existsSync(mine.file)).toBe(false);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that has died", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "server.lock"), String(dead.pid));
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.file, "utf8")).toBe(String(process.pid));
    lock.release();
  });
});
