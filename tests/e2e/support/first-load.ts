import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import { languageFromPath, type Language } from "#app/i18n";
import { areasManifestFile, type AreasManifest } from "#app/shell/area-preloads.server";

const root = path.resolve(import.meta.dirname, "../../..");
const clientDir = path.join(root, "build/client");

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

interface AssetsManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The production build's asset manifest: the one React Router reads to write each page's modulepreload links. */
async function readAssetsManifest(): Promise<AssetsManifest> {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!fs.existsSync(serverBuild))
    throw new Error(`no production build at ${serverBuild}: run npm run build`);
  const { assets } = (await import(pathToFileURL(serverBuild).href)) as { assets: AssetsManifest };
  return assets;
}

/** Gzip at level 9: the same bytes for the same file on every machine and run. */
function gzippedBytes(file: string): number {
  return gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
}

function routeTree(routes: Record<string, ManifestRoute>, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, children: routeTree(routes, route.id) },
    );
}

/** The client build's record of the catalogue areas each chunk awaits, and of the chunk of each area (ADR 038). */
function readAreasManifest(): AreasManifest {
  const file = path.join(root, "build", areasManifestFile);
  if (!fs.existsSync(file)) throw new Error(`no catalogue areas record at ${file}: run npm run build`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as AreasManifest;
}

/**
 * The catalogue chunks a page's modules load before they render: the shell of its language and every area one of
 * its files awaits, in that language only.
 */
function catalogueChunks(areas: AreasManifest, language: Language, files: Iterable<string>): string[] {
  const chunks = areas.catalogues[language];
  if (!chunks?.shell) throw new Error(`the build has no ${language} shell catalogue chunk`);
  const named = new Set<string>();
  for (const file of files) for (const area of areas.chunks[file.replace(/^\//, "")] ?? []) named.add(area);
  return [
    chunks.shell,
    ...[...named].map((area) => {
      const chunk = chunks[area];
      if (!chunk) throw new Error(`the build has no ${language} chunk of the area ${area}`);
      return chunk;
    }),
  ].map((chunk) => `/${chunk}`);
}

export interface FirstLoad {
  path: string;
  /** The matched route ids, root first. */
  routes: string[];
  files: string[];
  /** The sum of each file gzipped. */
  gzipBytes: number;
}

/**
 * The JavaScript a first visit to each path loads before it can hydrate: the client entry and, for every matched
 * route (root, layout, page), its module and the modules it imports, as the build manifest lists them, and the page
 * language's shell and the catalogue areas those modules await; chunks imported later (the editor, the toast library) are not part of it.
 */
export async function firstLoads(paths: string[]): Promise<FirstLoad[]> {
  const assets = await readAssetsManifest();
  const areas = readAreasManifest();
  const tree = routeTree(assets.routes, undefined);
  return paths.map((pathname) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) throw new Error(`no route matches ${pathname}`);
    const routes = matches.map((match) => match.route.id!);
    const files = new Set([assets.entry.module, ...assets.entry.imports]);
    for (const id of routes) {
      const route = assets.routes[id]!;
      for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    }
    for (const file of catalogueChunks(areas, languageFromPath(pathname), [...files])) files.add(file);
    const sorted = [...files].sort();
    return {
      path: pathname,
      routes,
      files: sorted,
      gzipBytes: sorted.reduce((sum, file) => sum + gzippedBytes(file), 0),
    };
  });
}

/** The font files the server build links from its pages (the preloaded Pretendard piece of every first paint). */
export function preloadedFonts(): { file: string; bytes: number }[] {
  const serverDir = path.join(root, "build/server");
  const files = new Set<string>();
  for (const name of fs.readdirSync(serverDir, { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".js")) continue;
    const code = fs.readFileSync(path.join(serverDir, name), "utf8");
    for (const file of code.match(/\/assets\/[\w.-]+\.woff2/g) ?? []) files.add(file);
  }
  return [...files].sort().map((file) => ({ file, bytes: fs.statSync(path.join(clientDir, file)).size }));
}

/** Every font file of the build: the pieces a page may load as its characters appear. */
export function allFontBytes(): number {
  const dir = path.join(clientDir, "assets");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".woff2"))
    .reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}
