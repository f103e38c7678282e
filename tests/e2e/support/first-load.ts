import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";
import { languageFromPath, type Language } from "#app/i18n";

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

/**
 * The catalogue chunk of a language (the module app/i18n/ko.ts or en.ts, which Vite names after it), which the
 * client entry imports before it hydrates: part of every first load, though no manifest lists it.
 */
function catalogueChunk(language: Language): string {
  const names = fs
    .readdirSync(path.join(clientDir, "assets"))
    // The build's .br and .gz copies of the chunk are not part of the count: a browser loads one encoding.
    .filter((name) => name.startsWith(`${language}-`) && name.endsWith(".js"));
  if (names.length !== 1 || !/^[a-z]{2}-[\w-]{8}\.js$/.test(names[0]!))
    throw new Error(
      `expected one catalogue chunk assets/${language}-<hash>.js, found: ${names.join(", ") || "none"}`,
    );
  return `/assets/${names[0]}`;
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
 * language's catalogue; chunks imported later (the editor, the toast library) are not part of it.
 */
export async function firstLoads(paths: string[]): Promise<FirstLoad[]> {
  const assets = await readAssetsManifest();
  const tree = routeTree(assets.routes, undefined);
  return paths.map((pathname) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) throw new Error(`no route matches ${pathname}`);
    const routes = matches.map((match) => match.route.id!);
    const files = new Set([
      assets.entry.module,
      ...assets.entry.imports,
      catalogueChunk(languageFromPath(pathname)),
    ]);
    for (const id of routes) {
      const route = assets.routes[id]!;
      for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    }
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
