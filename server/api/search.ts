import express, { type Router } from "express";
import { z } from "zod";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { searchAll, searchArea } from "#app/services/search/search.server";
import { apiViewer, handler, PRIVATE, refuse } from "./kit";

const searchQuerySchema = z.object({
  q: z.string().max(500).default(""),
  area: z.string().max(40).optional(),
  cursor: z.string().max(1000).optional(),
});

/**
 * GET /api/search answers what the result page shows (grouped, or one area's page with `area` and `cursor`); it
 * does not add to the recent searches.
 */
export function searchRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.get(
    "/search",
    handler(
      async (req, res) => {
        const reader = actorOf(await apiViewer(req, runtime));
        if (!reader) refuse("auth", "login_required");
        const query = searchQuerySchema.safeParse(req.query);
        if (!query.success) refuse("request", "invalid_query");
        const { q, area, cursor } = query.data;
        if (area) return res.json(await searchArea(runtime.db, reader, q, area, cursor ?? null));
        res.json(await searchAll(runtime.db, reader, q));
      },
      { cache: PRIVATE },
    ),
  );
  return router;
}
