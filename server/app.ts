import fs from "node:fs";
import path from "node:path";
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { languageFromPath, localizePath, translate, type Language, type MessageKey } from "#app/i18n";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import type { Runtime } from "#app/platform/runtime.server";
import { UPLOADS_PATH } from "#app/platform/storage/configured.server";
import { contentTypeForKey } from "#app/platform/storage/local.server";
import { StorageError, type FileStorage } from "#app/platform/storage/types";
import { withViewerScope } from "#app/platform/viewer.server";
import { DomainError } from "#app/services/errors";
import { toNodeHandler } from "better-auth/node";
import { apiErrorHandler, createApiRouter, healthz } from "./api/index";
import { sendRefusal } from "./api/kit";
import { compressDynamicAnswers } from "./compression";
import { HASHED_ASSETS_PATH, servePrecompressedAssets } from "./precompressed-assets";
import { securityHeaders } from "./security-headers";
import { testClockRouter, type TestClock } from "./test-clock";
import { createTestRouter } from "./testing";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained error page for requests that never reach the router (malformed URLs, crashes of the edge). */
function plainErrorPage(language: Language, status: number, message: string) {
  const title = `${status} - ${message}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${escapeHtml(translate(language, "app.name"))}</title></head><body style="font-family:sans-serif;text-align:center;padding:4rem 1rem"><p style="font-size:4rem;font-weight:800;margin:0">${status}</p><h1>${escapeHtml(message)}</h1><p><a href="${localizePath(language, "/")}">${escapeHtml(translate(language, "error.home"))}</a></p></body></html>`;
}

/** A page's answer from the edge itself, in the language of its path. */
function sendPlainError(req: Request, res: Response, status: number, message: MessageKey) {
  const language = languageFromPath(req.path);
  res
    .status(status)
    .type("html")
    .send(plainErrorPage(language, status, translate(language, message)));
}

/** NUL, line breaks and other control characters never belong in a path; the database refuses NUL in text. */
const CONTROL_CHARACTER = /\p{Cc}/u;

function decodesToPlainText(path: string) {
  try {
    return !CONTROL_CHARACTER.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** A NUL in the query, written or percent-encoded: no field can store it, and no link of the product sends it. */
function queryHasNul(url: string) {
  const start = url.indexOf("?");
  if (start === -1) return false;
  const query = url.slice(start);
  return query.includes("\u0000") || /%00/.test(query);
}

function rejectMalformedUrl(req: Request, res: Response, next: NextFunction) {
  if (decodesToPlainText(req.path) && !queryHasNul(req.originalUrl)) return next();
  if (req.path.startsWith("/api/")) {
    const language = languageFromPath(req.path);
    res
      .status(400)
      .json({ error: { code: "malformed_url", message: translate(language, "error.badRequestText") } });
    return;
  }
  sendPlainError(req, res, 400, "error.badRequestText");
}

/**
 * Behind a TLS-terminating proxy the pages must see the address the browser used: React Router refuses a form POST
 * whose Origin differs from the request URL. Express reads X-Forwarded-Proto and X-Forwarded-Host only from
 * TRUSTED_PROXIES; the forwarded host (with its port, or none) also replaces Host, so that no reader combines the
 * proxy's name with the upstream port. Anybody else's forwarded headers are dropped.
 */
function forwardedOrigin(req: Request, _res: Response, next: NextFunction) {
  const trusted = (req.app.get("trust proxy fn") as (address: string, hop: number) => boolean)(
    req.socket.remoteAddress ?? "",
    0,
  );
  if (!trusted) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
    return next();
  }
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (host) req.headers.host = host;
  next();
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

/** A reading request looks the session up once, whoever asks for the viewer (see `withViewerScope`). */
function oneViewerPerRequest(req: Request, _res: Response, next: NextFunction) {
  if (!SAFE_METHODS.has(req.method)) return next();
  withViewerScope(() => next());
}

/**
 * The largest form a page accepts (a profile with its photos); each form reads its body within its own, smaller
 * limit as it arrives (`readForm`), and the JSON API has its own.
 */
export const PAGE_BODY_LIMIT = 45 * 1024 * 1024;

/** A page form declaring more than the largest limit is refused before anything reads it. */
function limitPageBodies(req: Request, res: Response, next: NextFunction) {
  const length = Number(req.headers["content-length"] ?? 0);
  if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/") || length <= PAGE_BODY_LIMIT)
    return next();
  sendPlainError(req, res, 413, "error.payloadTooLarge");
}

/**
 * The largest body the sign-in endpoints take: an e-mail address, a password, a name or a code as JSON. Better Auth
 * reads a body whole before looking at it, so the limit is kept here, from the headers, before it reads anything.
 */
export const AUTH_BODY_LIMIT = 16 * 1024;

/** A body to the sign-in endpoints must state its length (411) and keep within the limit (413). */
function limitAuthBodies(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const declared = req.headers["content-length"];
  if (declared === undefined && req.headers["transfer-encoding"] !== undefined) {
    return sendRefusal(req, res, new DomainError("request", "length_required"));
  }
  if (Number(declared ?? 0) > AUTH_BODY_LIMIT) {
    return sendRefusal(req, res, new DomainError("request", "payload_too_large"));
  }
  next();
}

/** The most of a body left unread that is still read and dropped to keep the connection for the client. */
const DRAIN_LIMIT = 1024 * 1024;

/**
 * How long and how much of a body is still read and dropped on a connection closed under it: closing on unread data
 * resets the connection, and a reset can reach the client before it read the answer.
 */
const LINGER_MS = 2_000;
const LINGER_BYTES = 256 * 1024;

/**
 * A body the server answered without reading to its end (a page without an action answers 405, a refusal comes
 * before the form is read, a form past its limit is cut off) is read and dropped once the answer is sent, so that
 * the connection stays usable for the client's next request instead of being reset under it; that is, when it
 * declared a length within DRAIN_LIMIT. A longer body, or one of unknown length (chunked), is not read on: the
 * connection is closed after the answer, lingering a moment so that the client reads the answer first.
 */
function settleUnreadBody(req: Request, res: Response, next: NextFunction) {
  const chunked = req.headers["transfer-encoding"] !== undefined;
  const declared = Number(req.headers["content-length"] ?? 0);
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    if (!chunked && declared <= DRAIN_LIMIT) return void req.resume();
    const socket = req.socket;
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) socket.destroy();
    });
    req.resume();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  next();
}

/** Pages are read and their forms posted; nothing else reaches them. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/** The encodings an HTML form sends, the only ones page actions read. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Requests the pages cannot answer are refused from their headers, before any body is read: another method is
 * 405 with the methods a page allows, and a POST that is not a form (JSON, XML, none at all) is 415.
 */
function refuseUnsupportedPageRequests(req: Request, res: Response, next: NextFunction) {
  if (!PAGE_METHODS.includes(req.method)) {
    res.set("Allow", PAGE_METHODS.join(", "));
    return sendPlainError(req, res, 405, "error.methodNotAllowed");
  }
  const mediaType = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (req.method === "POST" && !FORM_TYPES.has(mediaType)) {
    return sendPlainError(req, res, 415, "error.unsupportedMediaType");
  }
  next();
}

/** The message of a refusal the edge's own middleware raised with a 4xx status (a missing static file, …). */
function clientErrorMessage(status: number): MessageKey {
  if (status === 404) return "error.notFoundText";
  if (status === 405) return "error.methodNotAllowed";
  if (status === 413) return "error.payloadTooLarge";
  if (status === 415) return "error.unsupportedMediaType";
  return "error.badRequestText";
}

function clientErrorStatus(error: unknown) {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500 ? code : undefined;
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

/**
 * The built client: hashed files under /assets, compressed at build time (a missing one is a 404 there, never a
 * page), and the few files at the root (favicon …).
 */
export function serveClientBuild(clientDir: string) {
  // The build's other files, listed once: a page's address never costs a look at the disk (and the refusal the
  // static handler would raise for it).
  const files = new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      )
      .filter((file) => !file.startsWith(`${HASHED_ASSETS_PATH}/`)),
  );
  const serveFile = express.static(clientDir, { maxAge: "1h", index: false });
  return (app: Express) => {
    app.use(HASHED_ASSETS_PATH, servePrecompressedAssets(path.join(clientDir, "assets")));
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  };
}

export interface HttpAppOptions {
  runtime: Runtime;
  /** Serves the built client files; absent in development, where Vite serves them. */
  mountStatic?: (app: Express) => void;
  /** Extra middleware before the pages (Vite's dev middleware). */
  beforePages?: RequestHandler;
  /** The React Router request handler. */
  pages: RequestHandler;
  /** The movable clock of the browser tests; /test/clock exists only with it and TEST_CLOCK on. */
  testClock?: TestClock;
}

/**
 * Files of a shared bucket, read through the app: every instance serves every file and the bucket stays private. The
 * type comes from the key's extension, as the static handler of local files decides it; a key the storage refuses
 * is a missing file.
 */
function serveStoredFiles(storage: FileStorage): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    storage.get(key).then(
      (file) => {
        if (!file) return next();
        res.set("Cache-Control", "public, max-age=31536000, immutable");
        res.type(contentTypeForKey(key)).send(file.body);
      },
      (error: unknown) =>
        next(error instanceof StorageError && error.code === "invalid_key" ? undefined : error),
    );
  };
}

export function createHttpApp({
  runtime,
  mountStatic,
  beforePages,
  pages,
  testClock,
}: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", runtime.config.trustedProxies.length > 0 ? runtime.config.trustedProxies : false);
  app.set("query parser", "simple");
  app.use(securityHeaders(runtime.config));
  app.use(compressDynamicAnswers());
  app.use(rejectMalformedUrl);
  app.use(forwardedOrigin);
  app.use(clientAddress);
  app.use(refuseForeignOrigin(runtime.config.publicUrl));
  app.use(settleUnreadBody);
  app.use(limitPageBodies);
  app.use(oneViewerPerRequest);

  app.get("/healthz", (req, res) => healthz(runtime, req, res));
  app.get("/builds/latest.json", (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json({ id: runtime.buildId });
  });
  // Better Auth reads its own bodies: mounted before any body parser.
  const authHandler = toNodeHandler(runtime.auth);
  app.all("/api/auth/{*rest}", limitAuthBodies, (req, res) => void authHandler(req, res));
  app.use("/api", createApiRouter(runtime));
  if (testClock && runtime.config.testClock) app.use("/test/clock", testClockRouter(testClock));
  // Test seeding exists only where the outbox page is open (never in production without that setting).
  if (runtime.config.outboxPage) app.use("/test", createTestRouter(runtime));

  // Uploaded files: server-generated, re-encoded, unguessable names; never an index.
  app.use(
    UPLOADS_PATH,
    runtime.storage.kind === "local"
      ? express.static(path.join(runtime.config.dataDir, "uploads"), {
          immutable: true,
          maxAge: "1y",
          index: false,
          dotfiles: "deny",
        })
      : serveStoredFiles(runtime.storage),
  );
  mountStatic?.(app);
  app.use(refuseUnsupportedPageRequests);
  if (beforePages) app.use(beforePages);
  app.use(pages);

  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith("/api/")) return apiErrorHandler(runtime)(error, req, res, next);
    if (res.headersSent) return next(error);
    const status = clientErrorStatus(error);
    if (status) return sendPlainError(req, res, status, clientErrorMessage(status));
    runtime.logger.error({ err: error, path: req.path }, "page request failed");
    sendPlainError(req, res, 500, "error.serverErrorText");
  });
  return app;
}
