import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/**
 * `npm test`: every check of the project, each phase started as soon as what it needs is there, and a profile of
 * where the time went printed at the end (`npm run test:profile` prints the last run's again).
 *
 *   typegen ─┬─ lint (eslint, prettier, knip)
 *            ├─ typecheck ─┬─ unit (Vitest) ────────┐
 *            └─ build ─────┴─ fuzz (Vitest, built) ─┴─ e2e (Playwright)
 *
 * Vitest waits for the typecheck: its page servers start Vite, whose React Router plugin deletes and rewrites
 * `.react-router/types` while `tsc` would be reading it. Playwright waits for both Vitest runs as well as the build:
 * they use the two cores fully, and browser tests on a saturated machine wait for every page twice as long.
 */

const RUN_DIR = path.resolve(".cache/test-run");
const RUN_FILE = path.join(RUN_DIR, "run.json");
/** Where vitest.config.ts and playwright.config.ts write their JSON reports. */
const VITEST_REPORT = path.join(RUN_DIR, "vitest.json");
const PLAYWRIGHT_REPORT = path.join(RUN_DIR, "playwright.json");
/** The route fuzz's Vitest run writes its own. */
const FUZZ_REPORT = path.join(RUN_DIR, "fuzz.json");

/** The last lines of a passed step's output that are printed: its summary. */
const SUMMARY_LINES = 8;

interface Step {
  name: string;
  command: string[];
  after: string[];
  env?: Record<string, string>;
}

const steps: Step[] = [
  { name: "typegen", command: ["npx", "react-router", "typegen"], after: [] },
  { name: "eslint", command: ["npx", "eslint", ".", "--max-warnings", "0"], after: ["typegen"] },
  { name: "prettier", command: ["npx", "prettier", "--check", "."], after: ["typegen"] },
  { name: "knip", command: ["npx", "knip", "--no-progress"], after: ["typegen"] },
  { name: "typecheck", command: ["npx", "tsc"], after: ["typegen"] },
  { name: "build", command: ["npm", "run", "build", "--silent"], after: ["typegen"] },
  {
    name: "unit",
    command: ["npx", "vitest", "run", "--project", "shared", "--project", "own-modules"],
    after: ["typecheck"],
  },
  {
    name: "fuzz",
    command: ["npx", "vitest", "run", "--project", "fuzz"],
    env: { VITEST_JSON_REPORT: FUZZ_REPORT },
    after: ["build", "typecheck"],
  },
  { name: "e2e", command: ["npx", "playwright", "test"], after: ["build", "unit", "fuzz"] },
];

interface StepRecord {
  name: string;
  startedAt: number;
  seconds: number;
  status: "passed" | "failed" | "skipped";
}

interface RunRecord {
  startedAt: string;
  seconds: number;
  cores: number;
  /** Seconds of CPU the whole machine spent during the run, all processes together. */
  cpuSeconds: number;
  steps: StepRecord[];
}

function busyCpuSeconds() {
  return (
    os
      .cpus()
      .reduce((sum, cpu) => sum + (cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq), 0) / 1000
  );
}

/** Runs one step with its output kept; the last step (the browser tests) prints as it goes. */
function runStep(step: Step, live: boolean): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"),
        ...step.env,
      },
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (live) process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ ok: code === 0, output }));
  });
}

async function run(): Promise<number> {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  for (const report of [VITEST_REPORT, FUZZ_REPORT, PLAYWRIGHT_REPORT]) fs.rmSync(report, { force: true });
  const start = Date.now();
  const cpuAtStart = busyCpuSeconds();
  const records = new Map<string, StepRecord>();
  const finished = new Map<string, Promise<boolean>>();
  let failed = false;
  const logs: string[] = [];

  const startStep = (step: Step): Promise<boolean> => {
    const existing = finished.get(step.name);
    if (existing) return existing;
    const promise = (async () => {
      const ready = await Promise.all(
        step.after.map((name) => startStep(steps.find((s) => s.name === name)!)),
      );
      const startedAt = (Date.now() - start) / 1000;
      if (failed || ready.includes(false)) {
        records.set(step.name, { name: step.name, startedAt, seconds: 0, status: "skipped" });
        return false;
      }
      const live = step.name === "e2e";
      if (live) console.log(`\n▶ e2e: ${step.command.join(" ")}`);
      const { ok, output } = await runStep(step, live);
      const seconds = (Date.now() - start) / 1000 - startedAt;
      records.set(step.name, { name: step.name, startedAt, seconds, status: ok ? "passed" : "failed" });
      if (!live) {
        const heading = `▶ ${step.name} (${seconds.toFixed(1)} s, ${ok ? "passed" : "FAILED"}): ${step.command.join(" ")}`;
        // A step that passed shows its summary, one that failed all it said.
        const shown = ok ? output.trimEnd().split("\n").slice(-SUMMARY_LINES).join("\n") : output.trimEnd();
        console.log(`\n${heading}\n${shown}`);
      }
      logs.push(output);
      if (!ok) failed = true;
      return ok;
    })();
    finished.set(step.name, promise);
    return promise;
  };

  await Promise.all(steps.map(startStep));
  const record: RunRecord = {
    startedAt: new Date(start).toISOString(),
    seconds: (Date.now() - start) / 1000,
    cores: os.cpus().length,
    cpuSeconds: busyCpuSeconds() - cpuAtStart,
    steps: steps.map((step) => records.get(step.name)!),
  };
  fs.writeFileSync(RUN_FILE, JSON.stringify({ ...record, counts: countsFrom(logs.join("\n")) }, null, 2));
  printProfile();
  return failed ? 1 : 0;
}

/** What the suite covered, read from the lines its tests print: compared run to run, it must never fall. */
function countsFrom(output: string) {
  const plain = stripVTControlCharacters(output);
  const sum = (pattern: RegExp) =>
    [...plain.matchAll(pattern)].reduce((total, match) => total + Number(match[1]), 0);
  return {
    fuzzVisitorRequests: sum(/fuzz as visitor: (\d+) requests/g),
    fuzzMemberRequests: sum(/fuzz as member: (\d+) requests/g),
    xssRenders: sum(/xss: \d+ vectors in \d+ batches, (\d+) renders/g),
    xssVectors: Math.max(0, ...[...plain.matchAll(/xss: (\d+) vectors/g)].map((match) => Number(match[1]))),
  };
}

interface VitestReport {
  numTotalTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

interface PlaywrightSuite {
  file: string;
  title: string;
  specs?: {
    title: string;
    tests: { results: { duration: number }[]; annotations: { type: string; description?: string }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

const seconds = (value: number) => value.toFixed(1).padStart(7);

function printProfile() {
  const record = readJson<RunRecord & { counts: ReturnType<typeof countsFrom> }>(RUN_FILE);
  if (!record) {
    console.log("No run recorded yet: `npm test` records one.");
    return;
  }
  const lines: string[] = ["", `Profile of the run started ${record.startedAt}`, ""];
  lines.push("  step          start     wall  result");
  for (const step of record.steps)
    lines.push(
      `  ${step.name.padEnd(10)} ${seconds(step.startedAt)} ${seconds(step.seconds)}  ${step.status}`,
    );
  const usage = (100 * record.cpuSeconds) / (record.seconds * record.cores);
  lines.push(
    `  total      ${seconds(0)} ${seconds(record.seconds)}  (${(record.seconds / 60).toFixed(1)} min; CPU ${record.cpuSeconds.toFixed(0)} s on ${record.cores} cores, ${usage.toFixed(0)}% busy)`,
  );

  const reports = [VITEST_REPORT, FUZZ_REPORT].map((file) => readJson<VitestReport>(file));
  const vitest = reports.every(Boolean)
    ? {
        numTotalTests: reports.reduce((total, report) => total + report!.numTotalTests, 0),
        testResults: reports.flatMap((report) => report!.testResults),
      }
    : undefined;
  if (vitest) {
    const files = vitest.testResults
      .map((file) => ({
        name: path.relative(process.cwd(), file.name),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: file.assertionResults.length,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const actionFiles = files.filter((file) => file.name.includes(".action.integration.test."));
    lines.push("", `Slowest Vitest files (of ${files.length}, ${vitest.numTotalTests} tests):`);
    for (const file of files.slice(0, 20))
      lines.push(`  ${seconds(file.seconds)}  ${file.name} (${file.tests})`);
    lines.push(
      "",
      "Covered:",
      `  route-action tests: ${actionFiles.reduce((total, file) => total + file.tests, 0)} in ${actionFiles.length} files`,
    );
  }
  const counts = record.counts;
  lines.push(
    `  route fuzz: ${counts.fuzzVisitorRequests} requests as a visitor, ${counts.fuzzMemberRequests} as a member`,
    `  XSS corpus: ${counts.xssVectors} vectors, ${counts.xssRenders} page renders`,
  );

  const playwright = readJson<{ suites: PlaywrightSuite[] }>(PLAYWRIGHT_REPORT);
  if (playwright) {
    const tests: { title: string; seconds: number; axe: string[] }[] = [];
    const walk = (suite: PlaywrightSuite, file: string) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests) {
          const axe = test.annotations
            .filter((annotation) => annotation.type === "axe-checked")
            .flatMap((annotation) => JSON.parse(annotation.description ?? "[]") as string[]);
          for (const result of test.results)
            tests.push({ title: `${file} › ${spec.title}`, seconds: result.duration / 1000, axe });
        }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of playwright.suites) walk(suite, suite.file);
    tests.sort((a, b) => b.seconds - a.seconds);
    const total = tests.reduce((sum, test) => sum + test.seconds, 0);
    lines.push(
      `  accessibility: ${tests.reduce((sum, test) => sum + test.axe.length, 0)} page checks with axe in ${tests.length} browser tests, ${new Set(tests.flatMap((test) => test.axe)).size} different pages`,
      "",
      `Slowest Playwright tests (of ${tests.length}, ${total.toFixed(0)} worker-seconds):`,
    );
    for (const test of tests.slice(0, 20))
      lines.push(`  ${seconds(test.seconds)}  ${test.title.slice(0, 140)}`);
  }
  console.log(lines.join("\n"));
}

if (process.argv.includes("--profile")) printProfile();
else process.exitCode = await run();
