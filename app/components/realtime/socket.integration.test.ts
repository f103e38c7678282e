import type { Server } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRealtimeTestServer } from "#tests/setup/realtime-server";
import {
  joinRealtimeRoom,
  onRealtimeConnect,
  onRealtimeEvent,
  onRealtimeReconnect,
  setRealtimeMember,
  type JoinRefusal,
} from "./socket";

let io: Server;
let close: () => Promise<void>;

beforeAll(async () => {
  const server = await startRealtimeTestServer();
  ({ io, close } = server);
  // The module connects to the page's own origin, as in a browser.
  Object.defineProperty(globalThis, "location", { value: new URL(server.base), configurable: true });
});
afterAll(async () => {
  setRealtimeMember(null);
  Reflect.deleteProperty(globalThis, "location");
  await close();
});

const connections = () => io.engine.clientsCount;

describe("the page's realtime link", () => {
  it("opens one connection for every feature, only while a member is signed in and something listens", async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = onRealtimeEvent("test:news", (payload) => first.push(payload));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections()).toBe(0);

    setRealtimeMember("rider-1");
    const stopSecond = onRealtimeEvent("test:news", (payload) => second.push(payload));
    await expect.poll(connections).toBe(1);
    await expect.poll(() => io.sockets.sockets.size).toBe(1);

    io.emit("test:news", { n: 1 });
    await expect.poll(() => [first, second]).toEqual([[{ n: 1 }], [{ n: 1 }]]);
    stopFirst();
    io.emit("test:news", { n: 2 });
    await expect.poll(() => second).toEqual([{ n: 1 }, { n: 2 }]);
    expect(first).toEqual([{ n: 1 }]);
    expect(connections()).toBe(1);

    stopSecond();
    await expect.poll(connections).toBe(0);

    const stopThird = onRealtimeEvent("test:news", () => undefined);
    await expect.poll(connections).toBe(1);
    setRealtimeMember(null);
    await expect.poll(connections).toBe(0);
    stopThird();
  });

  it("reports a room the server refuses, and leaves a room when its last holder releases it", async () => {
    setRealtimeMember("rider-2");
    const refusals: JoinRefusal[] = [];
    const release = joinRealtimeRoom("member:somebody-else", (reason) => refusals.push(reason));
    const again = joinRealtimeRoom("member:somebody-else");
    await expect.poll(() => refusals).toEqual(["forbidden"]);
    expect(connections()).toBe(1);
    release();
    expect(connections()).toBe(1);
    again();
    await expect.poll(connections).toBe(0);
    setRealtimeMember(null);
  });

  it("tells a connection listener of every connection, the first included, and a reconnection listener of the later", async () => {
    let connected = 0;
    let reconnected = 0;
    const stopConnect = onRealtimeConnect(() => (connected += 1));
    const stopReconnect = onRealtimeReconnect(() => (reconnected += 1));
    setRealtimeMember("rider-3");
    await expect.poll(() => connected).toBe(1);
    expect(reconnected).toBe(0);

    io.disconnectSockets();
    await expect.poll(() => connected, { timeout: 5_000 }).toBe(2);
    expect(reconnected).toBe(1);
    stopConnect();
    stopReconnect();
    await expect.poll(connections).toBe(0);
    setRealtimeMember(null);
  });
});
