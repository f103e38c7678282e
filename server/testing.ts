import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { fromNodeHeaders } from "better-auth/node";
import type { Runtime } from "#app/platform/runtime.server";
import { isDomainError } from "#app/services/errors";
import { meetingKinds } from "#app/db/schema";
import { seedCoupon } from "#app/services/testing/seed-coupons.server";
import { seedMeeting } from "#app/services/testing/seed-meetings.server";
import { seedMember } from "#app/services/testing/seed-members.server";
import { chatStageFigures, resetChatStages } from "#app/services/meetings/chat/chat-stages.server";

const seedMemberSchema = z.strictObject({
  role: z.enum(["member", "admin"]).default("member"),
  nickname: z.string().min(1).optional(),
  memberType: z.enum(["individual", "business"]).optional(),
  signedIn: z.boolean().optional(),
});

const seedMeetingSchema = z.strictObject({
  requesterId: z.string().min(1),
  providerId: z.string().min(1),
  kind: z.enum(meetingKinds),
  reserved: z.boolean().optional(),
  paidAndEnded: z.number().int().positive().max(5_000_000).optional(),
});

const seedCouponSchema = z.strictObject({
  memberId: z.string().min(1),
  name: z.string().trim().min(1).max(40),
  value: z.number().int().min(1).max(1_000_000),
  meetingKinds: z.array(z.enum(meetingKinds)).min(1).optional(),
});

/**
 * Test seeding under /test, behind the outbox page's gate (OUTBOX_PAGE, on by default only in development): browser
 * tests make complete members and administrators here instead of driving the whole sign-up each time. With the gate
 * off the router is not mounted (server/app.ts): the path is the pages', as in production.
 *
 * POST /test/seed/member {role: "member" | "admin", nickname?, memberType?, signedIn?} answers 201 with the member's
 * credentials (and an administrator's authenticator secret), and with `signedIn` the session cookie to browse with.
 *
 * POST /test/seed/meeting {requesterId, providerId, kind, reserved?, paidAndEnded?} answers 201 with the meeting a
 * request of the kind opened between two seeded members (its id, room code, chat path and the request's answers);
 * with `paidAndEnded` (won) the requester paid that through the local gateway and the meeting just ended.
 *
 * POST /test/seed/coupon {memberId, name, value, meetingKinds?} answers 201 with a coupon of `value` won off that the
 * member holds (its id and the member's coupon id).
 *
 * GET /test/realtime/stages answers where this process's chat texts spent their time since the last
 * POST /test/realtime/stages/reset (the bench's breakdown of the chat's latency).
 */
export function createTestRouter(runtime: Runtime) {
  const router = express.Router();
  router.post("/seed/member", express.json({ limit: "10kb" }), async (req, res, next) => {
    const input = seedMemberSchema.safeParse(req.body ?? {});
    if (!input.success) {
      res.status(400).json({ error: { code: "invalid_input", message: z.prettifyError(input.error) } });
      return;
    }
    try {
      res.status(201).json(await seedMember(runtime, input.data, fromNodeHeaders(req.headers)));
    } catch (error) {
      next(error);
    }
  });
  router.post("/seed/meeting", express.json({ limit: "10kb" }), async (req, res, next) => {
    const input = seedMeetingSchema.safeParse(req.body ?? {});
    if (!input.success) {
      res.status(400).json({ error: { code: "invalid_input", message: z.prettifyError(input.error) } });
      return;
    }
    try {
      res.status(201).json(await seedMeeting(runtime, input.data));
    } catch (error) {
      next(error);
    }
  });
  router.post("/seed/coupon", express.json({ limit: "10kb" }), async (req, res, next) => {
    const input = seedCouponSchema.safeParse(req.body ?? {});
    if (!input.success) {
      res.status(400).json({ error: { code: "invalid_input", message: z.prettifyError(input.error) } });
      return;
    }
    try {
      res.status(201).json(await seedCoupon(runtime, input.data));
    } catch (error) {
      next(error);
    }
  });
  router.get("/realtime/stages", (_req, res) => {
    res.json(chatStageFigures());
  });
  router.post("/realtime/stages/reset", (_req, res) => {
    resetChatStages();
    res.status(204).end();
  });
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (isDomainError(error, "auth") || isDomainError(error, "profile") || isDomainError(error, "meeting")) {
      res.status(400).json({ error: { code: error.code, message: error.message } });
      return;
    }
    if ((error as { type?: string }).type === "entity.parse.failed") {
      res.status(400).json({ error: { code: "malformed_json", message: "Malformed JSON" } });
      return;
    }
    next(error);
  });
  return router;
}
