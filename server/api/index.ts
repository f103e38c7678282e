import express, { type Request, type Response, type Router } from "express";
import { ping } from "#app/db/client.server";
import type { Runtime } from "#app/platform/runtime.server";
import { boardRouter } from "./board";
import { apiFallbacks, apiText } from "./kit";
import { locationRouter } from "./location";
import { membersRouter } from "./members";
import { notificationsRouter } from "./notifications";
import { paymentsRouter } from "./payments";
import { payoutsRouter } from "./payouts";
import { referenceRouter } from "./reference";
import { searchRouter } from "./search";
import { uploadsRouter } from "./uploads";

export { apiErrorHandler } from "./kit";

const JSON_BODY_LIMIT = "100kb";

/** NUL characters, which no text column can store, are removed from every string of a JSON body. */
function withoutNul(_key: string, value: unknown) {
  return typeof value === "string" ? value.replaceAll("\u0000", "") : value;
}

/**
 * The small JSON API beside the pages: one router per area, named like its service. Every failure is a JSON error
 * with a localised message, never a stack.
 */
export function createApiRouter(runtime: Runtime): Router {
  const api = express.Router();
  // The gateway's webhook reads its own raw body, before the JSON parser.
  api.use(paymentsRouter(runtime));
  api.use(payoutsRouter(runtime));
  api.use(express.json({ limit: JSON_BODY_LIMIT, reviver: withoutNul }));
  // The image upload reads its own multipart body (the JSON parser leaves other types alone).
  api.use(uploadsRouter(runtime));
  api.use(referenceRouter(runtime));
  api.use(locationRouter(runtime));
  api.use(membersRouter(runtime));
  api.use(boardRouter(runtime));
  api.use(notificationsRouter(runtime));
  api.use(searchRouter(runtime));
  api.use(...apiFallbacks(runtime));
  return api;
}

export async function healthz(runtime: Runtime, req: Request, res: Response) {
  res.set("Cache-Control", "no-store");
  try {
    await ping(runtime.db);
    res.json({ status: "ok", database: "ok", build: runtime.buildId });
  } catch (error) {
    runtime.logger.error({ err: error }, "health check failed");
    res.status(503).json({
      status: "error",
      error: { code: "database_unavailable", message: apiText(req, "api.databaseUnavailable") },
    });
  }
}
