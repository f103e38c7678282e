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
  /** The CPU milliseconds per request the issue measured on its own machine, before the work for the target. */
  issueMs: number;
}

export interface PageProfile extends PageTarget {
  /** CPU milliseconds (all threads) per answered request on a server without the profiler. */
  cpuPerRequest: number;
  rps: number;
  errors: number;
  /** The same page's CPU per request on the other build (`against`), measured in the same run. */
  againstCpu?: number;
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
  /**
   * Another build started on the same data and port (say, the commit the issue measured): each page is then loaded
   * on this build and on that one in turn, twice, and its CPU per request is the mean of its two loads.
   */
  against?: (args: string[]) => ChildProcess;
}

type Measured = PageTarget & { cpuPerRequest: number; rps: number; errors: number };

/** Each target's CPU per request on one server start. */
async function measure(
  targets: PageTarget[],
  start: (args: string[]) => ChildProcess,
  label: string,
  options: Pick<Options, "base" | "headers" | "duration" | "connections">,
): Promise<Measured[]> {
  const { base, headers, duration, connections } = options;
  const server = start([]);
  const measured: Measured[] = [];
  try {
    await waitUntilAnswering(`${base}/healthz`, 120_000);
    for (const target of targets) {
      console.log(`Loading visitor ${target.path}${label}…`);
      const figures = await load(`${base}${target.path}`, server.pid!, { headers, duration, connections });
      measured.push({ ...target, ...figures });
    }
  } finally {
    await stopProcess(server);
  }
  return measured;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function profilePages(targets: PageTarget[], options: Options): Promise<PageProfile[]> {
  const { base, start, headers, duration, connections, against } = options;
  const rounds: Measured[][] = [];
  const others: Measured[][] = [];
  for (let round = 0; round < (against ? 2 : 1); round++) {
    rounds.push(await measure(targets, start, "", options));
    if (against) others.push(await measure(targets, against, " on the other build", options));
  }
  const measured = targets.map((target, index) => ({
    ...rounds[0]![index]!,
    cpuPerRequest: mean(rounds.map((round) => round[index]!.cpuPerRequest)),
    errors: rounds.reduce((sum, round) => sum + round[index]!.errors, 0),
    againstCpu: against ? mean(others.map((round) => round[index]!.cpuPerRequest)) : undefined,
  }));
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

const cell = (value: number | undefined, width: number, digits = 2) =>
  (value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits)).padStart(width);

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
  if (now.some((page) => page.againstCpu !== undefined)) {
    // The issue's targets are its own figures less a share; on another machine the share is what carries over.
    console.log(
      "\nThe same pages on the other build (BENCH_PAGES_AGAINST), loaded in turn with this one, and the ratio of the" +
        "\ntwo against the target's ratio to the issue's own figure:",
    );
    console.log(
      [
        "page".padEnd(14),
        "this".padStart(7),
        "other".padStart(7),
        "ratio".padStart(6),
        "target".padStart(7),
        "met".padStart(4),
      ].join(" "),
    );
    for (const page of now) {
      const ratio = page.cpuPerRequest / (page.againstCpu ?? NaN);
      const target = page.targetMs / page.issueMs;
      console.log(
        [
          page.page.padEnd(14),
          cell(page.cpuPerRequest, 7),
          cell(page.againstCpu, 7),
          cell(ratio, 6, 3),
          cell(target, 7, 3),
          (ratio <= target ? "yes" : "no").padStart(4),
        ].join(" "),
      );
    }
  }
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
