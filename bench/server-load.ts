/**
 * What `npm run bench` does to a running server: start it, capture what it answers, load it, and read the CPU time
 * and memory of its process from /proc (Linux). Nothing here asserts a time.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";

/** The kernel's clock ticks per second (`getconf CLK_TCK`), 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

export function startProcess(root: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal === null) {
      console.error(`${args.join(" ")} exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Milliseconds until the URL answers 200. */
export async function waitUntilAnswering(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** CPU time (user + system, all threads) the process has used, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) start at the state, field 3; utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The resident memory of the process now and at its peak, in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

export interface Captured {
  key: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** Headers a replay must not copy: they describe the connection or the moment, not the answer. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** The answer exactly as sent (body still compressed), for the bare server to replay. */
export function capture(
  base: string,
  path: string,
  role: "visitor" | "member",
  headers: Record<string, string>,
): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !HOP_HEADERS.has(name)) kept[name] = value;
        }
        resolve({
          key: `${role} ${path}`,
          status: response.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString("base64"),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds of the server process per answered request. */
  cpuPerRequest: number;
}

/** Loads one URL for `duration` seconds after a short warm-up, reading the server's CPU time around the run. */
export async function load(
  url: string,
  pid: number,
  options: { headers: Record<string, string>; duration: number; connections: number },
): Promise<Load> {
  const { headers, duration, connections } = options;
  await autocannon({ url, connections, duration: 2, headers });
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections, duration, headers });
  const used = cpuMs(pid) - before;
  const answered = Math.max(result.requests.total, 1);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: used / answered,
  };
}
