import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRealtime } from "#app/platform/realtime.server";
import { createHttpApp } from "../../server/app";
import { createTestRuntime } from "./runtime";

/** The HTTP edge with Socket.IO on a free port of its own; the pages answer 418 (they are not under test). */
export async function startRealtimeTestServer() {
  const runtime = await createTestRuntime();
  const server = http.createServer(
    createHttpApp({ runtime, pages: (_req, res) => void res.status(418).send("page") }),
  );
  createRealtime(server, {
    buildId: runtime.buildId,
    logger: runtime.logger,
    publicUrl: runtime.config.publicUrl,
    auth: runtime.auth,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    runtime,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
