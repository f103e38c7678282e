import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { realtimePublisher } from "#app/platform/publisher.server";
import { JOIN_ROOM_EVENT, LEAVE_ROOM_EVENT, type JoinAnswer } from "#app/platform/realtime.server";
import type { Runtime } from "#app/platform/runtime.server";
import { signUpWithEmail } from "#app/services/auth/accounts.server";
import { joiningConsents } from "#tests/setup/consents";
import { notify } from "#tests/setup/notifications";
import { startRealtimeTestServer } from "#tests/setup/realtime-server";

let runtime: Runtime;
let base: string;
let close: () => Promise<void>;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ runtime, base, close } = await startRealtimeTestServer());
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await close();
});

let signUps = 0;
async function signedUpMember() {
  signUps += 1;
  const email = `rider${signUps}@example.com`;
  const signedUp = await signUpWithEmail(
    runtime,
    { email, password: "Saddle-Road-42!", consents: joiningConsents },
    new Headers({ [CLIENT_IP_HEADER]: `203.0.113.${40 + signUps}` }),
  );
  const cookie = signedUp.headers.getSetCookie()[0]!.split(";")[0]!;
  const [row] = await runtime.db.select({ id: member.id }).from(member).where(eq(member.email, email));
  await runtime.db.update(member).set({ onboarding: "welcomed" }).where(eq(member.id, row!.id));
  return { id: row!.id, cookie };
}

/** A socket with the member's cookie, opened from a page of the given origin; resolves once it connects or fails. */
async function openSocket(cookie: string, transport: "polling" | "websocket", origin?: string) {
  const socket = connect(base, {
    path: "/socket.io",
    transports: [transport],
    reconnection: false,
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
  });
  sockets.push(socket);
  const received: string[] = [];
  socket.onAny((event: string) => received.push(event));
  const outcome = await new Promise<"connected" | "refused">((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", () => resolve("refused"));
  });
  return { socket, outcome, received };
}

function join(socket: Socket, room: unknown) {
  return socket.timeout(5_000).emitWithAck(JOIN_ROOM_EVENT, room) as Promise<JoinAnswer>;
}

describe("Socket.IO handshake origin", () => {
  it("refuses a page of another origin, so it never receives the member's events", async () => {
    const rider = await signedUpMember();
    const ownOrigin = new URL(runtime.config.publicUrl).origin;
    const foreignOrigin = `http://127.0.0.1:${new URL(base).port}`;
    expect(foreignOrigin).not.toBe(ownOrigin);

    const foreignWebSocket = await openSocket(rider.cookie, "websocket", foreignOrigin);
    const foreignPolling = await openSocket(rider.cookie, "polling", "https://evil.example");
    expect(foreignWebSocket.outcome).toBe("refused");
    expect(foreignPolling.outcome).toBe("refused");

    const ownPage = await openSocket(rider.cookie, "websocket", ownOrigin);
    const sameOriginPolling = await openSocket(rider.cookie, "polling");
    expect(ownPage.outcome).toBe("connected");
    expect(sameOriginPolling.outcome).toBe("connected");

    await notify(runtime.db, {
      recipientId: rider.id,
      type: "announcement",
      params: { title: "점검 안내" },
      link: "/notice",
    });
    await expect.poll(() => ownPage.received).toContain("alarm:unread");
    await expect.poll(() => sameOriginPolling.received).toContain("alarm:unread");
    expect(foreignWebSocket.received).toEqual([]);
    expect(foreignPolling.received).toEqual([]);
  });
});

describe("Socket.IO rooms", () => {
  it("let a member join only the rooms the services allow, and refuse the rest with an error", async () => {
    const rider = await signedUpMember();
    const other = await signedUpMember();
    const riderTab = await openSocket(rider.cookie, "websocket");
    const visitorTab = await openSocket("", "websocket");
    expect(riderTab.outcome).toBe("connected");
    expect(visitorTab.outcome).toBe("connected");

    expect(await join(riderTab.socket, `member:${rider.id}`)).toEqual({ ok: true });
    expect(await join(riderTab.socket, `member:${other.id}`)).toEqual({ error: "forbidden" });
    expect(await join(visitorTab.socket, `member:${rider.id}`)).toEqual({ error: "forbidden" });
    expect(await join(riderTab.socket, "meeting:1")).toEqual({ error: "forbidden" });
    expect(await join(riderTab.socket, "members")).toEqual({ error: "forbidden" });
    expect(await join(riderTab.socket, { room: "x" })).toEqual({ error: "invalid_room" });
    expect(await join(riderTab.socket, "x".repeat(201))).toEqual({ error: "invalid_room" });

    // A refused join left the socket outside the room: only the other member's own connection hears it.
    const otherTab = await openSocket(other.cookie, "websocket");
    realtimePublisher().toMember(other.id, "test:private", {});
    await expect.poll(() => otherTab.received).toContain("test:private");
    expect(riderTab.received).not.toContain("test:private");
    expect(visitorTab.received).not.toContain("test:private");

    // The rooms the server put the connection in cannot be left: they are how it is closed when its session ends.
    riderTab.socket.emit(LEAVE_ROOM_EVENT, `member:${rider.id}`);
    riderTab.socket.emit(LEAVE_ROOM_EVENT, "members");
    // The server handles a connection's events in order: once this answer is back, the leaves are done.
    expect(await join(riderTab.socket, "meeting:1")).toEqual({ error: "forbidden" });
    realtimePublisher().toMember(rider.id, "test:after-leave", {});
    realtimePublisher().toMembers("test:everyone", {});
    await expect.poll(() => riderTab.received).toContain("test:after-leave");
    await expect.poll(() => riderTab.received).toContain("test:everyone");
    expect(riderTab.socket.connected).toBe(true);
  });
});
