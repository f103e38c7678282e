import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { Runtime } from "#app/platform/runtime.server";
import type { Actor } from "#app/services/actor";
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
import { isDomainError } from "#app/services/errors";
import { blindedMemberIds } from "#app/services/members/relations.server";
import { errorStatus } from "#app/shell/domain.server";
import { idOrNull } from "#app/shell/input.server";
import { apiText, handler, PRIVATE, refuse, requireCommunityActor, sendRefusal } from "./kit";

function idParam(value: string | string[] | undefined, what: "article" | "comment"): number {
  const id = typeof value === "string" ? idOrNull(value) : null;
  if (id !== null) return id;
  return what === "article" ? refuse("board", "not_found") : refuse("comment", "comment_not_found");
}

const commentBody = z.object({
  // Longer than any comment may be, so the service gives the length message; far shorter than the body limit.
  content: z.string().max(10_000),
  parentId: z.number().int().positive().nullish(),
});
const reportBody = z.object({ reason: z.string().max(2_000) });

/**
 * The post page's like, keep, comment and report buttons. Each answers the new state and counts so the page updates
 * in place; refusals are `{ error: { code, message } }` in the page's language.
 */
export function boardRouter(runtime: Runtime): Router {
  const { db, clock } = runtime;
  const router = express.Router();
  const endpoint = (handle: (req: Request, res: Response) => Promise<unknown>) =>
    handler(handle, { cache: PRIVATE });

  // A refused repeat (already liked / kept) also answers the true state, so the page can correct itself.
  async function withStateOnConflict(
    req: Request,
    res: Response,
    reader: Actor,
    articleId: number,
    run: () => Promise<unknown>,
  ) {
    try {
      res.json(await run());
    } catch (error) {
      if (!isDomainError(error) || errorStatus(error) !== 409) throw error;
      sendRefusal(req, res, error, (await reactionState(db, reader, articleId)) ?? {});
    }
  }

  router.post(
    "/board/articles/:id/like",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      const id = idParam(req.params.id, "article");
      await withStateOnConflict(req, res, reader, id, () => likeArticle(db, clock, reader, id));
    }),
  );
  router.delete(
    "/board/articles/:id/like",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      res.json(await unlikeArticle(db, clock, reader, idParam(req.params.id, "article")));
    }),
  );
  router.post(
    "/board/articles/:id/keep",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      const id = idParam(req.params.id, "article");
      await withStateOnConflict(req, res, reader, id, () => keepArticle(db, clock, reader, id));
    }),
  );
  router.delete(
    "/board/articles/:id/keep",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      res.json(await unkeepArticle(db, reader, idParam(req.params.id, "article")));
    }),
  );

  router.get(
    "/board/articles/:id/comments",
    endpoint(async (req, res) => {
      const signedIn = req.headers.cookie?.includes("session_token=");
      const reader = signedIn ? await requireCommunityActor(req, runtime).catch(() => null) : null;
      const article = await requireReadableArticle(db, reader, idParam(req.params.id, "article"));
      const hidden = await blindedMemberIds(db, reader?.id);
      res.json({ comments: await listComments(db, reader, article.id, hidden) });
    }),
  );
  router.post(
    "/board/articles/:id/comments",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      const id = idParam(req.params.id, "article");
      const body = commentBody.safeParse(req.body);
      if (!body.success) refuse("comment", "invalid_request");
      res.status(201).json(await addComment(db, clock, reader, id, body.data));
    }),
  );
  router.delete(
    "/board/comments/:id",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      res.json(
        await deleteComment(db, clock, reader, idParam(req.params.id, "comment"), {
          address: req.ip ?? null,
        }),
      );
    }),
  );

  router.post(
    "/board/articles/:id/report",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      const id = idParam(req.params.id, "article");
      const body = reportBody.safeParse(req.body);
      if (!body.success) refuse("comment", "invalid_request");
      await reportArticle(db, clock, reader, id, body.data.reason);
      res.status(201).json({ reported: true, message: apiText(req, "comment.reportDone") });
    }),
  );
  router.post(
    "/board/comments/:id/report",
    endpoint(async (req, res) => {
      const reader = await requireCommunityActor(req, runtime);
      const id = idParam(req.params.id, "comment");
      const body = reportBody.safeParse(req.body);
      if (!body.success) refuse("comment", "invalid_request");
      await reportComment(db, clock, reader, id, body.data.reason);
      res.status(201).json({ reported: true, message: apiText(req, "comment.reportDone") });
    }),
  );
  return router;
}
