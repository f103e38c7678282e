import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { isLanguage, languageOfRequest, translate, type Language, type MessageKey } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { viewerFromHeaders, type SessionViewer } from "#app/platform/viewer.server";
import { actorOf, type Actor } from "#app/services/actor";
import {
  DomainError,
  isDomainError,
  type ErrorArea,
  type ErrorCodes,
  type ErrorDetails,
} from "#app/services/errors";
import { domainAnswer } from "#app/shell/domain.server";

/**
 * The kit every router of the JSON API is made with: the viewer, the language, the handler wrapper and the one way
 * a refusal becomes an answer (`{ error: { code, message } }` with the status of the one error table).
 */

/** The signed-in member behind an API request, as pages see them; null for visitors and withdrawn accounts. */
export function apiViewer(req: Request, runtime: Runtime): Promise<SessionViewer | null> {
  return viewerFromHeaders(fromNodeHeaders(req.headers), runtime.auth);
}

/** The page's language when the page says it (`?lang=`), else the request's (locale cookie, Accept-Language). */
export function apiLanguage(req: Request): Language {
  const lang = req.query.lang;
  if (isLanguage(lang)) return lang;
  return languageOfRequest({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

/** A message in the request's language. */
export function apiText(req: Request, key: MessageKey) {
  return translate(apiLanguage(req), key);
}

/** Refuses the request: the handler wrapper answers it from the one table. */
export function refuse<A extends ErrorArea>(area: A, code: ErrorCodes[A], details?: ErrorDetails<A>): never {
  throw new DomainError(area, code, details);
}

/** A refusal's answer: its status, headers and localised body. */
export function sendRefusal(req: Request, res: Response, error: DomainError, extra: object = {}) {
  const answer = domainAnswer(apiLanguage(req), error);
  answer.headers.forEach((value, name) => res.set(name, value));
  res.status(answer.status).json({ error: answer.error, ...extra });
}

/** The signed-in member behind the request; a visitor (or a withdrawn account) is refused with 401. */
export async function requireApiViewer(req: Request, runtime: Runtime): Promise<SessionViewer> {
  const viewer = await apiViewer(req, runtime);
  if (!viewer) refuse("auth", "login_required");
  return viewer;
}

/**
 * The signed-in member as an actor of the community: a member without the first-login profile has no name to show
 * yet; an administrator acts as one only with two-step verification on (`actorOf`).
 */
export async function requireCommunityActor(req: Request, runtime: Runtime): Promise<Actor> {
  const viewer = await requireApiViewer(req, runtime);
  if (!viewer.profileComplete) refuse("comment", "profile_required");
  return actorOf(viewer);
}

type Handle = (req: Request, res: Response) => Promise<unknown>;

/**
 * An endpoint: `cache` sets its Cache-Control; a refusal thrown inside becomes its JSON answer, anything else goes
 * to the API's 500 handler.
 */
export function handler(handle: Handle, options: { cache?: string } = {}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (options.cache) res.set("Cache-Control", options.cache);
    try {
      await handle(req, res);
    } catch (error) {
      if (isDomainError(error) && !res.headersSent) return sendRefusal(req, res, error);
      next(error);
    }
  };
}

/** Private answers that no cache may keep. */
export const PRIVATE = "private, no-store";

/** The API's last handlers: an unknown endpoint is 404, a body it cannot read 413/400, anything else 500. */
export function apiFallbacks(runtime: Runtime): [RequestHandler, ErrorRequestHandler] {
  return [
    (req, res) => sendRefusal(req, res, new DomainError("request", "not_found")),
    apiErrorHandler(runtime),
  ];
}

export function apiErrorHandler(runtime: Runtime): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large")
      return sendRefusal(req, res, new DomainError("request", "payload_too_large"));
    if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
      return sendRefusal(req, res, new DomainError("request", "malformed_body"));
    }
    runtime.logger.error({ err: error, path: req.path }, "api request failed");
    return sendRefusal(req, res, new DomainError("request", "internal"));
  };
}
