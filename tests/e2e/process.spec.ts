import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { copyDataTemplate } from "./support/data-template";
import { startServerProcess } from "./support/server-process";

const run = startServerProcess;

/**
 * Ports of this run's own (E2E_PORT + 1 and + 2 are the OpenID provider's), so that runs on other ports never meet.
 */
const SECOND_PORT = E2E_PORT + 3;
const STOP_PORT = E2E_PORT + 4;
const PLAIN_PORT = E2E_PORT + 5;

async function waitFor(check: () => boolean, describe: () => string, ms = 60_000) {
  const start = Date.now();
  while (!check()) {
    if (/^(Error|Cannot listen|DATA_DIR)/m.test(describe()) && !check()) throw new Error(describe());
    if (Date.now() - start > ms) throw new Error(`timed out; output so far:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.describe("server process", () => {
  test("a second server on the same DATA_DIR refuses to start with one clear line", async () => {
    const second = run({ DATA_DIR: E2E_DATA_DIR, PORT: String(SECOND_PORT) });
    const code = await second.exited;
    expect(code).toBe(1);
    const lines = second.output().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^DATA_DIR .+ is in use by another running process \(pid \d+\)/),
    ]);
  });

  test("a bad setting stops the server with one line naming it", async () => {
    const bad = run({ DATA_DIR: path.join(os.tmpdir(), "motomate-e2e-bad"), PORT: "not-a-port" });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split("\n");
    expect(lines).toEqual(["Invalid setting PORT: expected a port number"]);
  });

  test("SIGTERM finishes the request in flight, closes the database and frees the data directory", async () => {
    test.setTimeout(90_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-e2e-stop-"));
    copyDataTemplate(E2E_PORT, dataDir);
    let server: ReturnType<typeof run> | undefined;
    let child: ChildProcess | undefined;
    try {
      server = run({ DATA_DIR: dataDir, PORT: String(STOP_PORT) });
      child = server.child;
      await waitFor(() => server!.output().includes("motomate listening"), server.output);
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

      // A request whose body is still arriving when the signal comes.
      const socket = net.connect(STOP_PORT, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk));
      socket.write(
        'POST /api/filter HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"a":',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill("SIGTERM");
      await waitFor(() => server!.output().includes("shutting down"), server.output);
      socket.write('"bcd"}');
      await waitFor(
        () => answer.includes("\r\n\r\n"),
        () => answer,
      );
      expect(answer).toMatch(/^HTTP\/1.1 404/);

      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    } finally {
      if (child && child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a flood of wrong passwords with rotating X-Forwarded-For gets 429, and the count survives a restart", async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "motomate-e2e-flood-"));
    copyDataTemplate(E2E_PORT, dataDir);
    const port = String(PLAIN_PORT);
    const attempt = (n: number) =>
      fetch(`http://127.0.0.1:${port}/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `192.0.2.${n % 250}`,
          Cookie: "i18n_redirected=ko",
        },
        // A different account each time, so that only the per-address limit can stop the flood.
        body: `intent=password&identifier=victim${n}%40example.com&password=guess-${n}`,
        redirect: "manual",
      });
    let server = run({ DATA_DIR: dataDir, PORT: port });
    try {
      await waitFor(() => server.output().includes("motomate listening"), server.output);
      const statuses: number[] = [];
      for (let n = 0; n < 25; n++) statuses.push((await attempt(n)).status);
      // The spoofed header is ignored (no trusted proxy): every attempt counts against the one real address.
      expect(statuses).toEqual([...Array<number>(20).fill(401), 429, 429, 429, 429, 429]);
      const limited = await attempt(99);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      server = run({ DATA_DIR: dataDir, PORT: port });
      await waitFor(() => server.output().includes("motomate listening"), server.output);
      expect((await attempt(100)).status).toBe(429);
    } finally {
      if (server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
