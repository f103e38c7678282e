import type { Request, Response, Router } from "express";
import { z } from "zod";
import { isLanguage, languageOfRequest, translate, type Language } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf, type Actor } from "#app/services/actor";
import { addComment, deleteComment, listComments } from "#app/services/board/comments.server";
import { requireReadableArticle } from "#app/services/board/interaction-access.server";
import {
  keepArticle,
  likeArticle,
  reactionState,
  unkeepArticle,
  unlikeArticle,
} from "#app/services/board/reactions.server";
import { reportArticle, reportComment } from "#app/services/board/reports.server";
import { apiViewer } from "../api";
import { DomainError } from "#app/services/errors";
import { hiddenMemberIds } from "#app/services/members/relations.server";
import { domainErrorBody } from "#app/shell/domain.server";
import { idOrNull } from "#app/shell/input.server";

/** The page's language when the page says it (`?lang=`), else the request's. */
function language(req: Request): Language {
  const lang = req.query.lang;
  if (isLanguage(lang)) return lang;
  return languageOfRequest({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

function sendError(req: Request, res: Response, error: DomainError) {
  res.status(error.status).json({ error: domainErrorBody(language(req), error) });
}

const loginRequired = () => new DomainError("login_required", "auth.error.login_required", 401);
const invalid = () => new DomainError("invalid_request", "comment.error.invalid_request", 400);

/**
 * The signed-in member as an actor: visitors and withdrawn accounts must sign in; a member without the first-login
 * profile has no name to show yet; an administrator acts as one only with two-step verification on (`actorOf`).
 */
async function requireActor(runtime: Runtime, req: Request): Promise<Actor> {
  const viewer = await apiViewer(req, runtime);
  if (!viewer) throw loginRequired();
  if (!viewer.profileComplete)
    throw new DomainError("profile_required", "comment.error.profile_required", 403);
  return actorOf(viewer);
}

function idParam(value: string | string[] | undefined, what: "article" | "comment"): number {
  const id = typeof value === "string" ? idOrNull(value) : null;
  if (id !== null) return id;
  throw what === "article"
    ? new DomainError("not_found", "board.error.not_found", 404)
    : new DomainError("comment_not_found", "comment.error.comment_not_found", 404);
}

const commentBody = z.object({
  // Longer than any comment may be, so the service gives the length message; far shorter than the body limit.
  content: z.string().max(10_000),
  parentId: z.number().int().positive().nullish(),
});
const reportBody = z.object({ reason: z.string().max(2_000) });

type Handler = (req: Request, res: Response) => Promise<unknown>;

/** Runs a handler; a broken rule becomes its localised JSON error, anything else goes to the API's 500 handler. */
function handle(runtime: Runtime, handler: Handler) {
  return async (req: Request, res: Response, next: (error: unknown) => void) => {
    res.set("Cache-Control", "private, no-store");
    try {
      await handler(req, res);
    } catch (error) {
      if (error instanceof DomainError) return sendError(req, res, error);
      next(error);
    }
  };
}

/**
 * JSON endpoints behind the post page's like, keep, comment and report buttons. Each answers the new state and
 * counts so the page updates in place; refusals are `{ error: { code, message } }` in the page's language.
 */
export function mountInteractionsApi(api: Router, runtime: Runtime): void {
  const { db, clock } = runtime;

  // A refused repeat (already liked / kept) also answers the true state, so the page can correct itself.
  async function conflictWithState(
    req: Request,
    res: Response,
    reader: Actor,
    articleId: number,
    error: unknown,
  ) {
    if (!(error instanceof DomainError) || error.status !== 409) throw error;
    const state = await reactionState(db, reader, articleId);
    res.status(409).json({ error: domainErrorBody(language(req), error), ...state });
  }

  api.post(
    "/board/articles/:id/like",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      const id = idParam(req.params.id, "article");
      try {
        res.json(await likeArticle(db, clock, reader, id));
      } catch (error) {
        await conflictWithState(req, res, reader, id, error);
      }
    }),
  );
  api.delete(
    "/board/articles/:id/like",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      res.json(await unlikeArticle(db, clock, reader, idParam(req.params.id, "article")));
    }),
  );
  api.post(
    "/board/articles/:id/keep",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      const id = idParam(req.params.id, "article");
      try {
        res.json(await keepArticle(db, clock, reader, id));
      } catch (error) {
        await conflictWithState(req, res, reader, id, error);
      }
    }),
  );
  api.delete(
    "/board/articles/:id/keep",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      res.json(await unkeepArticle(db, reader, idParam(req.params.id, "article")));
    }),
  );

  api.get(
    "/board/articles/:id/comments",
    handle(runtime, async (req, res) => {
      const signedIn = req.headers.cookie?.includes("session_token=");
      const reader = signedIn ? await requireActor(runtime, req).catch(() => null) : null;
      const article = await requireReadableArticle(db, reader, idParam(req.params.id, "article"));
      const hidden = await hiddenMemberIds(db, reader?.id);
      res.json({ comments: await listComments(db, reader, article.id, hidden) });
    }),
  );
  api.post(
    "/board/articles/:id/comments",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      const id = idParam(req.params.id, "article");
      const body = commentBody.safeParse(req.body);
      if (!body.success) throw invalid();
      res.status(201).json(await addComment(db, clock, reader, id, body.data));
    }),
  );
  api.delete(
    "/board/comments/:id",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      res.json(await deleteComment(db, clock, reader, idParam(req.params.id, "comment")));
    }),
  );

  api.post(
    "/board/articles/:id/report",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      const id = idParam(req.params.id, "article");
      const body = reportBody.safeParse(req.body);
      if (!body.success) throw invalid();
      await reportArticle(db, clock, reader, id, body.data.reason);
      res.status(201).json({ reported: true, message: translate(language(req), "comment.reportDone") });
    }),
  );
  api.post(
    "/board/comments/:id/report",
    handle(runtime, async (req, res) => {
      const reader = await requireActor(runtime, req);
      const id = idParam(req.params.id, "comment");
      const body = reportBody.safeParse(req.body);
      if (!body.success) throw invalid();
      await reportComment(db, clock, reader, id, body.data.reason);
      res.status(201).json({ reported: true, message: translate(language(req), "comment.reportDone") });
    }),
  );
}
