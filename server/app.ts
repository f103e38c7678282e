import compression from "compression";
import path from "node:path";
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { toNodeHandler } from "better-auth/node";
import { apiErrorHandler, createApiRouter, healthz } from "./api";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained error page for requests that never reach the router (malformed URLs, crashes of the edge). */
export function plainErrorPage(language: Language, status: number, message: string) {
  const title = `${status} - ${message}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(translate(language, "app.name"))}</title></head><body style="font-family:sans-serif;text-align:center;padding:4rem 1rem"><p style="font-size:4rem;font-weight:800;margin:0">${status}</p><h1>${escapeHtml(message)}</h1><p><a href="${localizePath(language, "/")}">${escapeHtml(translate(language, "error.home"))}</a></p></body></html>`;
}

function rejectMalformedUrl(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    const language = languageFromPath(req.path);
    if (req.path.startsWith("/api/")) {
      res
        .status(400)
        .json({ error: { code: "malformed_url", message: translate(language, "error.badRequestText") } });
      return;
    }
    res
      .status(400)
      .type("html")
      .send(plainErrorPage(language, 400, translate(language, "error.badRequestText")));
  }
}

/**
 * The client's address as the rest of the app sees it: the socket's, or the one a trusted proxy reports (Express's
 * "trust proxy" walks X-Forwarded-For only through the configured proxies). A header of the same name sent by the
 * client is overwritten, so it can never raise anybody's allowance.
 */
function clientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The largest form a page accepts (a profile with its photos); the JSON API has its own, smaller limit. */
export const PAGE_BODY_LIMIT = 45 * 1024 * 1024;

/** A page form larger than the limit is refused before anything reads it. */
function limitPageBodies(req: Request, res: Response, next: NextFunction) {
  const length = Number(req.headers["content-length"] ?? 0);
  if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/") || length <= PAGE_BODY_LIMIT)
    return next();
  const language = languageFromPath(req.path);
  res
    .status(413)
    .type("html")
    .send(plainErrorPage(language, 413, translate(language, "error.payloadTooLarge")));
}

/** Mutations must come from the product's own pages: a foreign Origin (or a cross-site fetch) is refused. */
function refuseForeignOrigin(publicUrl: string) {
  const own = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const crossSite = req.headers["sec-fetch-site"] === "cross-site";
    if ((origin && origin !== own) || (!origin && crossSite)) {
      const language = languageFromPath(req.path);
      const message = translate(language, "error.invalidAccess");
      if (req.path.startsWith("/api/")) {
        res.status(403).json({ error: { code: "invalid_origin", message } });
      } else {
        res
          .status(403)
          .type("html")
          .send(plainErrorPage(language, 403, message));
      }
      return;
    }
    next();
  };
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.set({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
  });
  next();
}

export interface HttpAppOptions {
  runtime: Runtime;
  /** Serves the built client files; absent in development, where Vite serves them. */
  mountStatic?: (app: Express) => void;
  /** Extra middleware before the pages (Vite's dev middleware). */
  beforePages?: RequestHandler;
  /** The React Router request handler. */
  pages: RequestHandler;
}

export function createHttpApp({ runtime, mountStatic, beforePages, pages }: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", runtime.config.trustedProxies.length > 0 ? runtime.config.trustedProxies : false);
  app.set("query parser", "simple");
  app.use(securityHeaders);
  app.use(compression());
  app.use(rejectMalformedUrl);
  app.use(clientAddress);
  app.use(refuseForeignOrigin(runtime.config.publicUrl));
  app.use(limitPageBodies);

  app.get("/healthz", (req, res) => healthz(runtime, req, res));
  app.get("/builds/latest.json", (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ id: runtime.buildId });
  });
  // Better Auth reads its own bodies: mounted before any body parser.
  const authHandler = toNodeHandler(runtime.auth);
  app.all("/api/auth/{*rest}", (req, res) => void authHandler(req, res));
  app.use("/api", createApiRouter(runtime));

  // Uploaded files: server-generated, re-encoded, unguessable names; never an index.
  app.use(
    "/uploads",
    express.static(path.join(runtime.config.dataDir, "uploads"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
    }),
  );
  mountStatic?.(app);
  if (beforePages) app.use(beforePages);
  app.use(pages);

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith("/api/")) return apiErrorHandler(runtime)(error, req, res, next);
    if (res.headersSent) return next(error);
    runtime.logger.error({ err: error, path: req.path }, "page request failed");
    const language = languageFromPath(req.path);
    res
      .status(500)
      .type("html")
      .send(plainErrorPage(language, 500, translate(language, "error.serverErrorText")));
  });
  return app;
}
