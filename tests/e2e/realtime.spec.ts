import { io } from "socket.io-client";
import { expect, test } from "./fixtures";

test("Socket.IO answers on the same HTTP server as the pages, and refuses a visitor a member's room", async ({
  baseURL,
}) => {
  const socket = io(baseURL!, { path: "/socket.io", transports: ["websocket"], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const answer = (await socket.timeout(5_000).emitWithAck("room:join", "member:someone")) as unknown;
    expect(answer).toEqual({ error: "forbidden" });
  } finally {
    socket.close();
  }
});
