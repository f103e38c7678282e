import { io } from "socket.io-client";
import { expect, test } from "./fixtures";

test("Socket.IO answers on the same HTTP server as the pages", async ({ baseURL, request }) => {
  const { id } = (await (await request.get("/builds/latest.json")).json()) as { id: string };
  const socket = io(baseURL!, { path: "/socket.io", transports: ["websocket"], reconnection: false });
  try {
    const announced = await new Promise<{ id: string }>((resolve, reject) => {
      socket.once("app:build", resolve);
      socket.once("connect_error", reject);
    });
    expect(announced.id).toBe(id);
    const pong = (await socket.timeout(5_000).emitWithAck("app:ping")) as { id: string; at: number };
    expect(pong.id).toBe(id);
    expect(pong.at).toBeGreaterThan(0);
  } finally {
    socket.close();
  }
});
