import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meeting } from "#app/db/schema";
import { JOIN_ROOM_EVENT, TYPING_EVENT, type JoinAnswer } from "#app/platform/realtime.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { CHAT_MESSAGE_EVENT, CHAT_READ_EVENT, meetingRoom } from "#app/services/meetings/chat.schema";
import * as chatPage from "#app/routes/meeting/chat";
import { insertMeeting } from "../tests/setup/conduct-meetings";
import { startRealtimeTestServer } from "../tests/setup/realtime-server";
import { callAction, signUpMember, type SignedInMember } from "../tests/setup/route-actions";

let runtime: Runtime;
let base: string;
let close: () => Promise<void>;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ runtime, base, close } = await startRealtimeTestServer());
  // The room rule and the page's action read the process's runtime.
  setRuntime(runtime);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await close();
});

async function openSocket(as: SignedInMember) {
  const socket = connect(base, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: { cookie: as.cookie },
  });
  sockets.push(socket);
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return { socket, received };
}

const join = (socket: Socket, room: string) =>
  socket.timeout(5_000).emitWithAck(JOIN_ROOM_EVENT, room) as Promise<JoinAnswer>;

describe("a meeting's chat room over Socket.IO", () => {
  it("pushes a message sent over HTTP to both sides, and keeps everybody else out", async () => {
    const requester = await signUpMember(runtime);
    const provider = await signUpMember(runtime);
    const stranger = await signUpMember(runtime);
    const id = await insertMeeting(runtime.db, runtime.clock, {
      requesterId: requester.id,
      providerId: provider.id,
    });
    const [row] = await runtime.db.select({ code: meeting.code }).from(meeting).where(eq(meeting.id, id));
    const room = meetingRoom(row!.code);

    const requesterTab = await openSocket(requester);
    const providerTab = await openSocket(provider);
    const strangerTab = await openSocket(stranger);
    expect(await join(requesterTab.socket, room)).toEqual({ ok: true });
    expect(await join(providerTab.socket, room)).toEqual({ ok: true });
    expect(await join(strangerTab.socket, room)).toEqual({ error: "forbidden" });
    expect(await join(strangerTab.socket, "meeting:not-a-room-code")).toEqual({ error: "forbidden" });

    const sent = await callAction(chatPage.action, {
      path: `/meeting/repair/chat?room=${row!.code}`,
      params: { kind: "repair" },
      form: { intent: "send", clientId: "socket-check-0001", text: "지금 출발합니다" },
      as: requester,
    });
    const stored = (sent.data as { message: { id: number } }).message;
    for (const tab of [requesterTab, providerTab])
      await expect
        .poll(() => tab.received.find((item) => item.event === CHAT_MESSAGE_EVENT)?.payload)
        .toEqual({ room, message: stored });

    // A read mark reaches the other side; typing is relayed to the others in the room, never back.
    await callAction(chatPage.action, {
      path: `/meeting/repair/chat?room=${row!.code}`,
      params: { kind: "repair" },
      form: { intent: "read", messageId: String(stored.id) },
      as: provider,
    });
    await expect
      .poll(() => requesterTab.received.find((item) => item.event === CHAT_READ_EVENT)?.payload)
      .toEqual({ room, memberId: provider.id, lastReadMessageId: stored.id });
    providerTab.socket.emit(TYPING_EVENT, room);
    strangerTab.socket.emit(TYPING_EVENT, room);
    await expect
      .poll(() => requesterTab.received.filter((item) => item.event === TYPING_EVENT))
      .toEqual([{ event: TYPING_EVENT, payload: { room, memberId: provider.id } }]);
    // Nothing of the room ever reached the member outside it.
    expect(strangerTab.received.map((item) => item.event)).not.toContain(CHAT_MESSAGE_EVENT);
    expect(providerTab.received.map((item) => item.event)).not.toContain(TYPING_EVENT);
  });
});
