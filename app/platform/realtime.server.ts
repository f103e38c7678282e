import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { Logger } from "./logger.server";

/** Realtime timings of the product: 25 s heartbeat, 10 s timeout. */
export function createRealtime(
  httpServer: HttpServer,
  options: { buildId: string; logger: Logger; origin: string },
) {
  const io = new Server(httpServer, {
    path: "/socket.io",
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 10_000,
    cors: { origin: options.origin },
  });
  io.on("connection", (socket) => {
    // Lets a long-open page learn that a new build is live without polling.
    socket.emit("app:build", { id: options.buildId });
    socket.on("app:ping", (ack: unknown) => {
      if (typeof ack === "function") ack({ id: options.buildId, at: Date.now() });
    });
  });
  options.logger.debug("realtime ready");
  return io;
}
