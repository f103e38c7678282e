import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";

/** The English pages' route ids begin with this (app/routes.ts); their paths begin with /en. */
const englishId = "en/";

/** Whether a request path is an English page or its data (`/en`, `/en.data`, `/en/…`). */
export function isEnglishPath(pathname: string): boolean {
  return pathname === "/en" || pathname === "/en.data" || pathname.startsWith("/en/");
}

/**
 * The build with the routes of one language only, in its modules and in its route manifest: the root, and the
 * Korean pages or the English ones.
 */
export function buildOfLanguage(build: ServerBuild, language: "ko" | "en"): ServerBuild {
  const ours = ([id]: [string, unknown]) => id === "root" || id.startsWith(englishId) === (language === "en");
  return {
    ...build,
    routes: Object.fromEntries(Object.entries(build.routes).filter(ours)),
    assets: { ...build.assets, routes: Object.fromEntries(Object.entries(build.assets.routes).filter(ours)) },
  };
}

/**
 * Page requests answered by one language's routes (ADR 046). Every page exists twice, Korean at the root and English
 * under /en, and React Router flattens and ranks the routes it is given on each match of a request: given both
 * languages' 140 routes, it ranked twice what a page can match. A request for an English page is answered by the
 * English routes, any other by the Korean ones (with the map tiles, which have no language). The route ids and paths
 * are the same as in the whole build, so the browser's router sees no difference; the route manifest, which the
 * browser asks for any path, is answered from all routes.
 */
export function pagesByLanguage(
  build: ServerBuild,
  handlerOf: (build: ServerBuild) => RequestHandler,
): RequestHandler {
  const all = handlerOf(build);
  const korean = handlerOf(buildOfLanguage(build, "ko"));
  const english = handlerOf(buildOfLanguage(build, "en"));
  const manifestPath = build.routeDiscovery?.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  return (req, res, next) => {
    if (req.path === (manifestPath ?? "/__manifest")) return all(req, res, next);
    return (isEnglishPath(req.path) ? english : korean)(req, res, next);
  };
}
