/**
 * Where a server's CPU goes: a V8 CPU profile (`node --cpu-prof`) of the app under one page's load, its samples' self
 * time summed by the part of the stack they belong to (compression, React, React Router, the database, the query
 * builder, HTTP, garbage collection, the app's own code), per answered request.
 */
import fs from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  part: string;
  /** Milliseconds of the main thread per answered request. */
  msPerRequest: number;
  percent: number;
}

/** The parts, first match wins: by the frame's script address, or its name for V8's own entries. */
const parts: Array<{ part: string; test: (frame: ProfileNode["callFrame"]) => boolean }> = [
  { part: "idle", test: (frame) => frame.functionName === "(idle)" },
  { part: "garbage collection", test: (frame) => frame.functionName === "(garbage collector)" },
  { part: "compression", test: (frame) => /zlib|node_modules\/compression\//.test(frame.url) },
  { part: "React rendering", test: (frame) => /node_modules\/react-dom\//.test(frame.url) },
  { part: "React Router", test: (frame) => /node_modules\/(@react-router|react-router)\//.test(frame.url) },
  {
    part: "database (PGlite, pg)",
    test: (frame) => /node_modules\/(@electric-sql|pg|pg-protocol)\/|^wasm:/.test(frame.url),
  },
  { part: "query building (drizzle)", test: (frame) => /node_modules\/drizzle-orm\//.test(frame.url) },
  {
    part: "HTTP (node, Express)",
    test: (frame) =>
      /node:(_http|http|net|stream|internal\/streams)|node_modules\/(express|router)\//.test(frame.url),
  },
  {
    part: "sessions (better-auth)",
    test: (frame) => /node_modules\/(better-auth|@better-auth)\//.test(frame.url),
  },
  { part: "the app's own code", test: (frame) => /\/build\/server\//.test(frame.url) },
  { part: "other libraries", test: (frame) => frame.url.includes("node_modules") },
  { part: "Node and V8 internals", test: () => true },
];

/**
 * The newest main-thread profile written into `dir`, summed by part from the first page render on (the start-up before it is
 * not the page's cost); idle time is left out. The shares are scaled to `cpuPerRequest`, the CPU time per answered
 * request the load measured from `/proc`.
 */
export function summariseProfile(dir: string, cpuPerRequest: number): ProfileShare[] {
  // Node names a profile CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile: thread 0 is the main thread, the
  // others are worker threads (the rich-text sanitiser's), which never render a page.
  const files = fs
    .readdirSync(dir)
    .filter((name) => /\.0\.\d+\.cpuprofile$/.test(name))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (files.length === 0) return [];
  const profile = JSON.parse(fs.readFileSync(files[0]!, "utf8")) as CpuProfile;
  const partOf = new Map<number, string>();
  for (const node of profile.nodes)
    partOf.set(node.id, parts.find((candidate) => candidate.test(node.callFrame))!.part);
  const totals = new Map<string, number>();
  const firstRender = profile.samples.findIndex((id) => partOf.get(id) === "React rendering");
  profile.samples.forEach((id, index) => {
    if (index < firstRender) return;
    const part = partOf.get(id) ?? "Node and V8 internals";
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  totals.delete("idle");
  const busy = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return [...totals]
    .map(([part, ms]) => ({ part, msPerRequest: (ms / busy) * cpuPerRequest, percent: (ms / busy) * 100 }))
    .sort((a, b) => b.msPerRequest - a.msPerRequest);
}
