import { viewerFromHeaders, type SessionViewer } from "#app/platform/viewer.server";
import express, { type ErrorRequestHandler, type Request, type Response } from "express";
import { z } from "zod";
import { ping } from "#app/db/client.server";
import { languageOfRequest, translate, type MessageKey, type MessageParams } from "#app/i18n";
import type { Runtime } from "#app/platform/runtime.server";
import { AddressLookupError, AddressNotFoundError } from "#app/platform/address.server";
import { searchAddress } from "#app/services/location/address-provider.server";
import { nearestArea } from "#app/services/location/address-search";
import { nicknameProblem } from "#app/services/members/profile.server";
import { blockList } from "#app/services/members/relations.server";
import { filterTableNameSchema, listFilterTable } from "#app/services/reference/filters.server";
import { fromNodeHeaders } from "better-auth/node";
import { mountAlarmApi } from "./community/alarm";
import { mountInteractionsApi } from "./community/interactions";
import { mountMembersApi } from "./community/members";
import { mountSearchApi } from "./community/search";
import { mountUploadsApi } from "./community/uploads";

export const JSON_BODY_LIMIT = "100kb";

/** The signed-in member behind an API request, as pages see them; null for visitors and withdrawn accounts. */
export function apiViewer(req: Request, runtime: Runtime): Promise<SessionViewer | null> {
  return viewerFromHeaders(fromNodeHeaders(req.headers), runtime.auth);
}

export function requestLanguage(req: Request) {
  return languageOfRequest({ cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] });
}

export function sendApiError(
  req: Request,
  res: Response,
  status: number,
  code: string,
  key: MessageKey,
  params?: MessageParams,
) {
  res.status(status).json({ error: { code, message: translate(requestLanguage(req), key, params) } });
}

const filterQuerySchema = z.object({ tableName: z.string().min(1) });

/** NUL characters, which no text column can store, are removed from every string of a JSON body. */
function withoutNul(_key: string, value: unknown) {
  return typeof value === "string" ? value.replaceAll("\u0000", "") : value;
}

/** The small JSON API beside the pages. Every failure is a JSON error with a localised message, never a stack. */
export function createApiRouter(runtime: Runtime) {
  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT, reviver: withoutNul }));

  api.get("/filter", async (req, res) => {
    const query = filterQuerySchema.safeParse(req.query);
    if (!query.success) {
      const given = req.query.tableName;
      if (given === undefined || given === "") {
        return sendApiError(req, res, 400, "missing_table_name", "api.missingTableName");
      }
      return sendApiError(req, res, 400, "invalid_query", "api.invalidQuery");
    }
    const tableName = filterTableNameSchema.safeParse(query.data.tableName);
    if (!tableName.success) {
      return sendApiError(req, res, 400, "unknown_filter_table", "api.unknownFilterTable", {
        tableName: query.data.tableName.slice(0, 64),
      });
    }
    const items = await listFilterTable(runtime.db, tableName.data);
    res.set("Cache-Control", "public, max-age=300");
    res.json({ tableName: tableName.data, items });
  });

  // Address search for location pickers: Kakao Local when configured, else the built-in gazetteer.
  api.get("/address", async (req, res) => {
    const query = z
      .object({ q: z.string().trim().min(1).max(100), lang: z.enum(["ko", "en"]).optional() })
      .safeParse(req.query);
    if (!query.success) return sendApiError(req, res, 400, "invalid_query", "api.invalidQuery");
    const language = query.data.lang ?? requestLanguage(req);
    try {
      const items = await searchAddress(runtime.addresses, query.data.q, language);
      res.json({ items });
    } catch (error) {
      if (error instanceof AddressNotFoundError)
        return sendApiError(req, res, 404, "address_not_found", "api.addressNotFound");
      if (error instanceof AddressLookupError) {
        return sendApiError(req, res, 502, "address_lookup_failed", "api.addressLookupFailed");
      }
      throw error;
    }
  });

  api.get("/address/reverse", (req, res) => {
    const query = z
      .object({
        lat: z.coerce.number().min(-90).max(90),
        lng: z.coerce.number().min(-180).max(180),
        lang: z.enum(["ko", "en"]).optional(),
      })
      .safeParse(req.query);
    if (!query.success) return sendApiError(req, res, 400, "invalid_query", "api.invalidQuery");
    const language = query.data.lang ?? requestLanguage(req);
    const area = nearestArea(query.data.lat, query.data.lng);
    res.json({
      label: language === "ko" ? area.ko : area.en,
      simpleAddress: language === "ko" ? area.koShort : area.enShort,
      lat: area.lat,
      lng: area.lng,
      code: area.code,
    });
  });

  // The profile form's nickname duplicate check (the save checks again).
  api.get("/member/nickname", async (req, res) => {
    const viewer = await apiViewer(req, runtime);
    if (!viewer) return sendApiError(req, res, 401, "login_required", "auth.error.login_required");
    const nickname = typeof req.query.nickname === "string" ? req.query.nickname : "";
    const problem = await nicknameProblem(runtime.db, viewer.id, nickname);
    res.set("Cache-Control", "no-store");
    res.json({
      available: !problem,
      message: translate(
        requestLanguage(req),
        problem ? (`profileForm.error.${problem}` as MessageKey) : "profileForm.nicknameAvailable",
      ),
    });
  });

  // The signed-in member's hidden-member rows as the client keeps them; a visitor gets an empty list.
  api.get("/setting/blind", async (req, res) => {
    const viewer = await apiViewer(req, runtime);
    res.set("Cache-Control", "private, no-store");
    res.json(await blockList(runtime.db, viewer?.id));
  });

  mountUploadsApi(api, runtime);
  mountInteractionsApi(api, runtime);
  mountMembersApi(api, runtime);
  mountAlarmApi(api, runtime);
  mountSearchApi(api, runtime);

  api.use((req, res) => sendApiError(req, res, 404, "not_found", "api.notFound"));
  api.use(apiErrorHandler(runtime));
  return api;
}

export function apiErrorHandler(runtime: Runtime): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large")
      return sendApiError(req, res, 413, "payload_too_large", "api.payloadTooLarge");
    if (type === "entity.parse.failed" || type === "encoding.unsupported" || type === "charset.unsupported") {
      return sendApiError(req, res, 400, "malformed_body", "api.malformedBody");
    }
    runtime.logger.error({ err: error, path: req.path }, "api request failed");
    return sendApiError(req, res, 500, "internal", "api.internal");
  };
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
      error: {
        code: "database_unavailable",
        message: translate(requestLanguage(req), "api.databaseUnavailable"),
      },
    });
  }
}
