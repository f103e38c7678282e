import http from "node:http";
import type { AddressInfo } from "node:net";
import { SESSION_EXTENSION } from "#app/platform/auth/auth.server";
import { createRealtime } from "#app/platform/realtime.server";
import { sessionsById } from "#app/platform/viewer.server";
import { mayJoinRoom } from "#app/services/realtime/rooms.server";
import { realtimeCommands } from "#app/shell/realtime-commands.server";
import { createHttpApp } from "../../server/app";
import { createTestRuntime } from "./runtime";

/**
 * The HTTP edge with Socket.IO and the product's realtime commands on a free port of its own; the pages answer 418
 * (they are not under test). `sessionRecheckMs` 0 reads the session again for every command.
 */
export async function startRealtimeTestServer(options: { sessionRecheckMs?: number } = {}) {
  const runtime = await createTestRuntime();
  const server = http.createServer(
    createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") }),
  );
  const realtime = await createRealtime(server, {
    logger: runtime.logger,
    publicUrl: runtime.config.publicUrl,
    auth: runtime.auth,
    authoriseJoin: mayJoinRoom,
    commands: realtimeCommands,
    sessionRecheckMs: options.sessionRecheckMs,
    readSessions: (ids) => sessionsById(runtime.db, ids, runtime.clock.now(), SESSION_EXTENSION),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    runtime,
    io: realtime.io,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      const closing = realtime.close();
      server.closeAllConnections();
      await closing;
    },
  };
}
