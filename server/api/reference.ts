import express, { type Router } from "express";
import { z } from "zod";
import type { Runtime } from "#app/platform/runtime.server";
import { filterTableNameSchema, listFilterTable } from "#app/services/reference/filters.server";
import { handler, refuse } from "./kit";

const filterQuerySchema = z.object({ tableName: z.string().min(1) });

/** The reference tables the forms' choices come from (GET /api/filter). */
export function referenceRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.get(
    "/filter",
    handler(async (req, res) => {
      const query = filterQuerySchema.safeParse(req.query);
      if (!query.success) {
        const given = req.query.tableName;
        refuse("request", given === undefined || given === "" ? "missing_table_name" : "invalid_query");
      }
      const tableName = filterTableNameSchema.safeParse(query.data.tableName);
      if (!tableName.success) {
        refuse("request", "unknown_filter_table", {
          params: { tableName: query.data.tableName.slice(0, 64) },
        });
      }
      const items = await listFilterTable(runtime.db, tableName.data);
      res.set("Cache-Control", "public, max-age=300");
      res.json({ tableName: tableName.data, items });
    }),
  );
  return router;
}
