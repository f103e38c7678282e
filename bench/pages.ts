/**
 * The fixed cost of a page: a visitor's `/`, `/board/free` and post page on PGlite, each loaded on a plain server for
 * its CPU time per request (from /proc, against its target), then on a server started with `--cpu-prof` for where
 * that time goes, summed by part of the stack (bench/cpu-profile.ts). The previous run's figures are printed beside,
 * so a change is read before and after on the same machine. Nothing here asserts a time.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { summariseProfile, type ProfileShare } from "./cpu-profile";
import { load, stopProcess, waitUntilAnswering } from "./server-load";

export interface PageTarget {
  page: string;
  path: string;
  /** The CPU milliseconds per request the page is meant to stay under. */
  targetMs: number;
}

export interface PageProfile extends PageTarget {
  /** CPU milliseconds (all threads) per answered request on a server without the profiler. */
  cpuPerRequest: number;
  rps: number;
  errors: number;
  /** The profile's shares scaled to `cpuPerRequest`. */
  profile: ProfileShare[];
}

interface Options {
  base: string;
  /** Starts the app; `args` go to node before the server's own. */
  start: (args: string[]) => ChildProcess;
  headers: Record<string, string>;
  duration: number;
  connections: number;
  /** A directory for the profiles, one sub-folder per page. */
  dir: string;
}

export async function profilePages(targets: PageTarget[], options: Options): Promise<PageProfile[]> {
  const { base, start, headers, duration, connections } = options;
  const measured: Array<PageTarget & { cpuPerRequest: number; rps: number; errors: number }> = [];
  const plain = start([]);
  try {
    await waitUntilAnswering(`${base}/healthz`, 120_000);
    for (const target of targets) {
      console.log(`Loading visitor ${target.path}…`);
      const figures = await load(`${base}${target.path}`, plain.pid!, { headers, duration, connections });
      measured.push({ ...target, ...figures });
    }
  } finally {
    await stopProcess(plain);
  }
  const profiles: PageProfile[] = [];
  for (const [index, target] of measured.entries()) {
    const dir = path.join(options.dir, `page-${index}`);
    fs.mkdirSync(dir, { recursive: true });
    const profiled = start(["--cpu-prof", `--cpu-prof-dir=${dir}`]);
    try {
      await waitUntilAnswering(`${base}/healthz`, 120_000);
      console.log(`Profiling visitor ${target.path}…`);
      await load(`${base}${target.path}`, profiled.pid!, { headers, duration, connections });
    } finally {
      // The profile is written when the process exits.
      await stopProcess(profiled);
    }
    profiles.push({ ...target, profile: summariseProfile(dir, target.cpuPerRequest) });
  }
  return profiles;
}

const cell = (value: number | undefined, width: number) =>
  (value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(2)).padStart(width);

/** The CPU per request against the targets, then the profile table: each part's ms per request, now and before. */
export function printPageProfiles(now: PageProfile[], before: PageProfile[] | undefined) {
  if (now.length === 0) return;
  // By page name: a post's path carries its id, which another seeding may change.
  const previous = (page: PageProfile) => before?.find((old) => old.page === page.page);
  console.log("\nA visitor's pages on PGlite, CPU ms per request (all threads, without the profiler):");
  console.log(
    [
      "page".padEnd(14),
      "CPU ms".padStart(7),
      "target".padStart(7),
      "met".padStart(4),
      "before".padStart(7),
      "err".padStart(4),
    ].join(" "),
  );
  for (const page of now)
    console.log(
      [
        page.page.padEnd(14),
        cell(page.cpuPerRequest, 7),
        cell(page.targetMs, 7),
        (page.cpuPerRequest <= page.targetMs ? "yes" : "no").padStart(4),
        cell(previous(page)?.cpuPerRequest, 7),
        String(page.errors).padStart(4),
      ].join(" "),
    );
  const parts = [...new Set(now.flatMap((page) => page.profile.map((share) => share.part)))];
  const msOf = (page: PageProfile | undefined, part: string) =>
    page?.profile.find((share) => share.part === part)?.msPerRequest ?? (page ? 0 : undefined);
  console.log("\nWhere it goes (CPU profile, ms per request, now / before):");
  console.log(["part".padEnd(28), ...now.map((page) => page.page.padStart(15))].join(" "));
  for (const part of parts)
    console.log(
      [
        part.padEnd(28),
        ...now.map((page) =>
          `${cell(msOf(page, part), 6)} / ${cell(msOf(previous(page), part), 6)}`.padStart(15),
        ),
      ].join(" "),
    );
}
