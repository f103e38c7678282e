import express, { type Router } from "express";
import type { Runtime } from "#app/platform/runtime.server";
import { countUnread, markAlarmRead, markAllAlarmsRead } from "#app/services/notifications/inbox.server";
import { idOrNull } from "#app/shell/input.server";
import { handler, PRIVATE, refuse, requireApiViewer } from "./kit";

/** The notification inbox: the unread count and marking read. */
export function notificationsRouter(runtime: Runtime): Router {
  const router = express.Router();
  router.get(
    "/alarm/unread",
    handler(
      async (req, res) => {
        const viewer = await requireApiViewer(req, runtime);
        res.json({ count: await countUnread(runtime.db, viewer.id) });
      },
      { cache: PRIVATE },
    ),
  );

  router.post(
    "/alarm/read-all",
    handler(async (req, res) => {
      const viewer = await requireApiViewer(req, runtime);
      await markAllAlarmsRead(runtime.db, runtime.clock, viewer.id);
      res.json({ count: 0 });
    }),
  );

  router.post(
    "/alarm/:id/read",
    handler(async (req, res) => {
      const viewer = await requireApiViewer(req, runtime);
      const id = idOrNull(String(req.params.id));
      if (id === null) refuse("alarm", "alarm_not_found");
      const { link, unread } = await markAlarmRead(runtime.db, runtime.clock, viewer.id, id);
      res.json({ count: unread, link });
    }),
  );
  return router;
}
