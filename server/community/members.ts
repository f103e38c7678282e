import type { Request, Response, Router } from "express";
import { z } from "zod";
import { isLanguage, languageOfRequest, translate, type Language, type MessageKey } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { reportMember } from "#app/services/board/reports.server";
import { actorOf, type Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import {
  hideMember,
  pinMember,
  RelationError,
  relationState,
  unhideMember,
  unpinMember,
} from "#app/services/members/relations.server";
import { domainErrorBody } from "#app/shell/domain.server";
import { apiViewer } from "../api";

/** The page's language when the page says it (`?lang=`), else the request's. */
function language(req: Request): Language {
  const lang = req.query.lang;
  if (isLanguage(lang)) return lang;
  return languageOfRequest({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

const relationStatus = { user_not_found: 404, self: 403, already_hidden: 409, already_pinned: 409 } as const;

const reportBody = z.object({ reason: z.string().max(2_000) });

type Handler = (req: Request, res: Response, reader: Actor) => Promise<unknown>;

/**
 * Runs a handler for a signed-in member with a complete profile; refusals are `{ error: { code, message } }` in
 * the page's language, anything else goes to the API's 500 handler.
 */
function forMember(runtime: Runtime, handler: Handler) {
  return async (req: Request, res: Response, next: (error: unknown) => void) => {
    res.set("Cache-Control", "private, no-store");
    const lang = language(req);
    try {
      const viewer = await apiViewer(req, runtime);
      if (!viewer) throw new DomainError("login_required", "auth.error.login_required", 401);
      if (!viewer.profileComplete)
        throw new DomainError("profile_required", "comment.error.profile_required", 403);
      await handler(req, res, actorOf(viewer));
    } catch (error) {
      if (error instanceof DomainError)
        return res.status(error.status).json({ error: domainErrorBody(lang, error) });
      if (error instanceof RelationError) {
        const message = translate(lang, `relations.error.${error.code}` as MessageKey);
        return res.status(relationStatus[error.code]).json({ error: { code: error.code, message } });
      }
      next(error);
    }
  };
}

/**
 * JSON endpoints behind the member menu on nicknames: the viewer's relation to a member, hide and pin with their
 * undo (each answers the new state and a message), and reporting the member.
 */
export function mountMembersApi(api: Router, runtime: Runtime): void {
  const { db, clock } = runtime;
  const target = (req: Request) => String(req.params.id);

  async function answer(req: Request, res: Response, reader: Actor, key: MessageKey) {
    res.json({
      ...(await relationState(db, reader.id, target(req))),
      message: translate(language(req), key),
    });
  }

  api.get(
    "/members/:id/relation",
    forMember(runtime, async (req, res, reader) => {
      res.json(await relationState(db, reader.id, target(req)));
    }),
  );
  api.post(
    "/members/:id/hide",
    forMember(runtime, async (req, res, reader) => {
      await hideMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "relations.hiddenDone");
    }),
  );
  api.delete(
    "/members/:id/hide",
    forMember(runtime, async (req, res, reader) => {
      await unhideMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "members.relation.unhidden");
    }),
  );
  api.post(
    "/members/:id/pin",
    forMember(runtime, async (req, res, reader) => {
      await pinMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "relations.pinnedDone");
    }),
  );
  api.delete(
    "/members/:id/pin",
    forMember(runtime, async (req, res, reader) => {
      await unpinMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "members.relation.unpinned");
    }),
  );
  api.post(
    "/members/:id/report",
    forMember(runtime, async (req, res, reader) => {
      const body = reportBody.safeParse(req.body);
      if (!body.success) throw new DomainError("invalid_request", "comment.error.invalid_request", 400);
      await reportMember(db, clock, reader, target(req), body.data.reason);
      res.status(201).json({ reported: true, message: translate(language(req), "comment.reportDone") });
    }),
  );
}
