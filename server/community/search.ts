import type { Router } from "express";
import { z } from "zod";
import { translate } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { searchAll, searchArea } from "#app/services/search/search.server";
import { apiViewer, requestLanguage, sendApiError } from "../api";

const searchQuerySchema = z.object({
  q: z.string().max(500).default(""),
  area: z.string().max(40).optional(),
  cursor: z.string().max(1000).optional(),
});

/**
 * JSON endpoints of the search part of the community, mounted under /api. GET /api/search answers what the result
 * page shows (grouped, or one area's page with `area` and `cursor`); it does not add to the recent searches.
 */
export function mountSearchApi(api: Router, runtime: Runtime): void {
  api.get("/search", async (req, res) => {
    res.set("Cache-Control", "private, no-store");
    const reader = actorOf(await apiViewer(req, runtime));
    if (!reader) return sendApiError(req, res, 401, "login_required", "auth.error.login_required");
    const query = searchQuerySchema.safeParse(req.query);
    if (!query.success) return sendApiError(req, res, 400, "invalid_query", "api.invalidQuery");
    const { q, area, cursor } = query.data;
    try {
      if (area) {
        const page = await searchArea(runtime.db, reader, q, area, cursor ?? null);
        return res.json(page);
      }
      return res.json(await searchAll(runtime.db, reader, q));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res.status(error.status).json({
        error: { code: error.code, message: translate(requestLanguage(req), error.messageKey, error.params) },
      });
    }
  });
}
