import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { MessageKey } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import type { Actor } from "#app/services/actor";
import { reportMember } from "#app/services/board/reports.server";
import { nicknameProblem } from "#app/services/members/profile.server";
import {
  blindList,
  blindMember,
  pinMember,
  relationState,
  unblindMember,
  unpinMember,
} from "#app/services/members/relations.server";
import { answerOf } from "#app/shell/domain.server";
import { apiText, apiViewer, handler, PRIVATE, refuse, requireApiViewer, requireCommunityActor } from "./kit";

const reportBody = z.object({ reason: z.string().max(2_000) });

/**
 * Members: the profile form's nickname check, the viewer's hidden members, and the member menu on nicknames (the
 * viewer's relation to a member, hide and pin with their undo, reporting the member).
 */
export function membersRouter(runtime: Runtime): Router {
  const { db, clock } = runtime;
  const router = express.Router();
  const target = (req: Request) => String(req.params.id);

  // The profile form's nickname duplicate check (the save checks again).
  router.get(
    "/member/nickname",
    handler(async (req, res) => {
      const viewer = await requireApiViewer(req, runtime);
      const nickname = typeof req.query.nickname === "string" ? req.query.nickname : "";
      const problem = await nicknameProblem(db, viewer.id, nickname);
      res.set("Cache-Control", "no-store");
      res.json({
        available: !problem,
        message: apiText(
          req,
          problem ? answerOf("profile", problem).messageKey : "profileForm.nicknameAvailable",
        ),
      });
    }),
  );

  // The signed-in member's hidden-member rows as the client keeps them; a visitor gets an empty list.
  router.get(
    "/setting/blind",
    handler(
      async (req, res) => {
        const viewer = await apiViewer(req, runtime);
        res.json(await blindList(db, viewer?.id));
      },
      { cache: PRIVATE },
    ),
  );

  /** An endpoint of the member menu: for a signed-in member with a complete profile. */
  const forMember = (handle: (req: Request, res: Response, reader: Actor) => Promise<unknown>) =>
    handler(async (req, res) => handle(req, res, await requireCommunityActor(req, runtime)), {
      cache: PRIVATE,
    });

  async function answer(req: Request, res: Response, reader: Actor, key: MessageKey) {
    res.json({ ...(await relationState(db, reader.id, target(req))), message: apiText(req, key) });
  }

  router.get(
    "/members/:id/relation",
    forMember(async (req, res, reader) => {
      res.json(await relationState(db, reader.id, target(req)));
    }),
  );
  router.post(
    "/members/:id/blind",
    forMember(async (req, res, reader) => {
      await blindMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "relations.blindedDone");
    }),
  );
  router.delete(
    "/members/:id/blind",
    forMember(async (req, res, reader) => {
      await unblindMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "members.relation.unblinded");
    }),
  );
  router.post(
    "/members/:id/pin",
    forMember(async (req, res, reader) => {
      await pinMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "relations.pinnedDone");
    }),
  );
  router.delete(
    "/members/:id/pin",
    forMember(async (req, res, reader) => {
      await unpinMember(db, clock, reader.id, target(req));
      await answer(req, res, reader, "members.relation.unpinned");
    }),
  );
  router.post(
    "/members/:id/report",
    forMember(async (req, res, reader) => {
      const body = reportBody.safeParse(req.body);
      if (!body.success) refuse("comment", "invalid_request");
      await reportMember(db, clock, reader, target(req), body.data.reason);
      res.status(201).json({ reported: true, message: apiText(req, "comment.reportDone") });
    }),
  );
  return router;
}
