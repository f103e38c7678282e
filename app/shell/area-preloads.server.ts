import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { EntryContext } from "react-router";
import type { Language } from "#app/i18n";

/**
 * What the client build records of the catalogue areas (ADR 038), written by `app/i18n/vite-areas.ts` to
 * `build/i18n-areas.json`, beside the client and server folders.
 */
export interface AreasManifest {
  /** Output chunk (e.g. `assets/post-AbC.js`) → the areas its modules await, sorted. */
  chunks: Record<string, string[]>;
  /** Language → area → the chunk that holds its messages; `shell` names the shell's chunk. */
  catalogues: Record<string, Record<string, string>>;
}

export const areasManifestFile = "i18n-areas.json";

let manifest: AreasManifest | null | undefined;

/** The production build's record, read once; none under the development server, which loads areas as it goes. */
function readManifest(): AreasManifest | null {
  if (manifest === undefined) {
    // The server build's chunks sit in build/server/ or build/server/assets/: the record is in build/, above them.
    const file = [1, 2]
      .map((up) => fileURLToPath(new URL(`${"../".repeat(up)}${areasManifestFile}`, import.meta.url)))
      .find((candidate) => path.basename(path.dirname(candidate)) === "build" && fs.existsSync(candidate));
    manifest = file ? (JSON.parse(fs.readFileSync(file, "utf8")) as AreasManifest) : null;
  }
  return manifest;
}

/**
 * The catalogue chunks a document's modules will await, in its language: announced with the route modules' own
 * preload links, so they download side by side instead of after the modules have run.
 */
export function areaPreloads(context: EntryContext, language: Language): string[] {
  const record = readManifest();
  const chunks = record?.catalogues[language];
  if (!record || !chunks) return [];
  const files = new Set([context.manifest.entry.module, ...context.manifest.entry.imports]);
  for (const match of context.staticHandlerContext.matches) {
    const route = context.manifest.routes[match.route.id];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const areas = new Set<string>();
  for (const file of files) for (const area of record.chunks[file.replace(/^\//, "")] ?? []) areas.add(area);
  return ["shell", ...areas].flatMap((area) => (chunks[area] ? [`/${chunks[area]}`] : []));
}
