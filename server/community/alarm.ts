import type { Request, Response, Router } from "express";
import type { Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { countUnread, markAlarmRead, markAllAlarmsRead } from "#app/services/notifications/inbox.server";
import { idOrNull } from "#app/shell/input.server";
import { apiViewer, sendApiError } from "../api";

/** The signed-in, not withdrawn member behind an API request; answers 401 itself when there is none. */
async function memberOf(runtime: Runtime, req: Request, res: Response): Promise<string | undefined> {
  const viewer = await apiViewer(req, runtime);
  if (!viewer) {
    sendApiError(req, res, 401, "login_required", "auth.error.login_required");
    return undefined;
  }
  return viewer.id;
}

/** JSON endpoints of notifications, mounted under /api: the unread count and marking read. */
export function mountAlarmApi(api: Router, runtime: Runtime): void {
  api.get("/alarm/unread", async (req, res) => {
    const memberId = await memberOf(runtime, req, res);
    if (!memberId) return;
    res.set("Cache-Control", "private, no-store");
    res.json({ count: await countUnread(runtime.db, memberId) });
  });

  api.post("/alarm/read-all", async (req, res) => {
    const memberId = await memberOf(runtime, req, res);
    if (!memberId) return;
    await markAllAlarmsRead(runtime.db, runtime.clock, memberId);
    res.json({ count: 0 });
  });

  api.post("/alarm/:id/read", async (req, res) => {
    const memberId = await memberOf(runtime, req, res);
    if (!memberId) return;
    const id = idOrNull(req.params.id);
    if (id === null) {
      return sendApiError(req, res, 404, "alarm_not_found", "alarm.error.notFound");
    }
    try {
      const { link, unread } = await markAlarmRead(runtime.db, runtime.clock, memberId, id);
      res.json({ count: unread, link });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      sendApiError(req, res, error.status, error.code, error.messageKey, error.params);
    }
  });
}
