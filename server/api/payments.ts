import { setTimeout as sleep } from "node:timers/promises";
import express, { type Router } from "express";
import { fromNodeHeaders } from "better-auth/node";
import type { Runtime } from "#app/platform/runtime.server";
import { settleFromHint } from "#app/services/payments/webhook.server";
import { handler, refuse } from "./kit";

/** A webhook body is one payment's JSON: a few kilobytes. */
const WEBHOOK_BODY_LIMIT = "64kb";
/** The gateway wants an answer within 10 seconds, or sends the webhook again; a slower settlement goes on after it. */
const ANSWER_WITHIN_MS = 5_000;

/**
 * POST /api/payments/webhook: the gateway's news of a payment (Toss's `PAYMENT_STATUS_CHANGED`). Read raw, within a
 * small limit, before the API's JSON parser; anything the gateway's adapter cannot read as a hint is 400. For a hint,
 * the order it names is settled by asking the gateway (never by the hint's status), and the answer is 200 once that
 * is done or after a few seconds, whichever comes first: a settlement that fails is logged and left to the order's
 * settle job. The gateway's servers send no Origin, so the edge's guard against foreign pages lets them through.
 */
export function paymentsRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.post(
    "/payments/webhook",
    express.text({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    handler(async (req, res) => {
      const body = typeof req.body === "string" ? req.body : "";
      const hint = runtime.payments.parseWebhook(body, fromNodeHeaders(req.headers));
      if (!hint) refuse("request", "malformed_body");
      const { db, clock, payments, logger } = runtime;
      const settling = settleFromHint(db, clock, payments, logger, hint).catch((error: unknown) => {
        logger.warn(
          { err: error, orderId: hint.orderId },
          "payment webhook could not settle its order; the settle job asks again",
        );
      });
      await Promise.race([settling, sleep(ANSWER_WITHIN_MS, undefined, { ref: false })]);
      res.status(200).json({ received: true });
    }),
  );
  return router;
}
