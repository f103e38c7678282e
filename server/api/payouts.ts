import express, { type Router } from "express";
import { fromNodeHeaders } from "better-auth/node";
import type { Runtime } from "#app/platform/runtime.server";
import { settleFromPayoutHint } from "#app/services/settlement/payouts.server";
import { handler, refuse } from "./kit";

/** A payout webhook's body is one payout's JSON: a few kilobytes. */
const WEBHOOK_BODY_LIMIT = "64kb";

/**
 * POST /api/payouts/webhook: the payout service's news of a payout (ADR 064). Read raw, within a small limit, before
 * the API's JSON parser; a body the service's adapter cannot read as a hint is 400. The withdrawal it names is looked
 * up at the service (never by the hint's status) and the answer recorded before the 200; a withdrawal the product
 * does not have is 404 and one already finished 409, and nothing changes. A lookup that fails is a 5xx: the service
 * sends the webhook again, and the payout job asks meanwhile.
 */
export function payoutsRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.post(
    "/payouts/webhook",
    express.text({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    handler(async (req, res) => {
      const body = typeof req.body === "string" ? req.body : "";
      const hint = runtime.payouts.parseWebhook(body, fromNodeHeaders(req.headers));
      if (!hint) refuse("request", "malformed_body");
      const { db, clock, payouts, logger } = runtime;
      const status = await settleFromPayoutHint(db, clock, payouts, logger, hint);
      res.status(200).json({ received: true, status });
    }),
  );
  return router;
}
