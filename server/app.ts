import compression from "compression";
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { languageFromPath, localizePath, translate, type Language } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
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

  app.get("/healthz", (req, res) => healthz(runtime, req, res));
  app.get("/builds/latest.json", (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ id: runtime.buildId });
  });
  app.use("/api", createApiRouter(runtime));

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
