import { eq } from "drizzle-orm";
import { session } from "#app/db/schema";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meeting } from "#app/db/schema";
import { JOIN_ROOM_EVENT, TYPING_EVENT, type JoinAnswer } from "#app/platform/realtime.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_READ_EVENT,
  CHAT_SEND_EVENT,
  meetingRoom,
  type ChatSendPayload,
} from "#app/services/meetings/chat.schema";
import type { ChatSendAnswer } from "#app/shell/realtime-commands.server";
import * as chatPage from "#app/routes/meeting/chat";
import { insertMeeting } from "../tests/setup/conduct-meetings";
import { startRealtimeTestServer } from "../tests/setup/realtime-server";
import { callAction, signUpMember, type SignedInMember } from "../tests/setup/route-actions";

let runtime: Runtime;
let base: string;
let close: () => Promise<void>;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Every command reads the session again, so a signed-out connection is refused at once.
  ({ runtime, base, close } = await startRealtimeTestServer({ sessionRecheckMs: 0 }));
  // The room rule and the page's action read the process's runtime.
  setRuntime(runtime);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await close();
});

async function openSocket(as: SignedInMember | null) {
  const socket = connect(base, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: as ? { cookie: as.cookie } : {},
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

/** Three signed-up members and an open meeting between the first two; the third is a stranger to it. */
async function meetingOfTwo() {
  const requester = await signUpMember(runtime);
  const provider = await signUpMember(runtime);
  const stranger = await signUpMember(runtime);
  const id = await insertMeeting(runtime.db, runtime.clock, {
    requesterId: requester.id,
    providerId: provider.id,
  });
  const [row] = await runtime.db.select({ code: meeting.code }).from(meeting).where(eq(meeting.id, id));
  return { requester, provider, stranger, code: row!.code, room: meetingRoom(row!.code) };
}

describe("a meeting's chat room over Socket.IO", () => {
  it("pushes a message sent over HTTP to both sides, and keeps everybody else out", async () => {
    const { requester, provider, stranger, code, room } = await meetingOfTwo();

    const requesterTab = await openSocket(requester);
    const providerTab = await openSocket(provider);
    const strangerTab = await openSocket(stranger);
    expect(await join(requesterTab.socket, room)).toEqual({ ok: true });
    expect(await join(providerTab.socket, room)).toEqual({ ok: true });
    expect(await join(strangerTab.socket, room)).toEqual({ error: "forbidden" });
    expect(await join(strangerTab.socket, "meeting:not-a-room-code")).toEqual({ error: "forbidden" });

    const sent = await callAction(chatPage.action, {
      path: `/meeting/repair/chat?room=${code}`,
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
      path: `/meeting/repair/chat?room=${code}`,
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

describe("sending a text over the link", () => {
  const send = (socket: Socket, payload: ChatSendPayload) =>
    socket.timeout(5_000).emitWithAck(CHAT_SEND_EVENT, payload) as Promise<ChatSendAnswer>;

  it("stores it once, answers the stored message, pushes it to the room, and refuses outsiders in their language", async () => {
    const { requester, provider, stranger, code, room } = await meetingOfTwo();
    const requesterTab = await openSocket(requester);
    const providerTab = await openSocket(provider);
    expect(await join(providerTab.socket, room)).toEqual({ ok: true });

    const payload = { code, clientId: "link-send-00001", text: "소켓으로 보냅니다", language: "ko" };
    const answer = await send(requesterTab.socket, payload);
    expect(answer).toMatchObject({
      ok: true,
      message: { body: "소켓으로 보냅니다", senderId: requester.id },
    });
    const stored = (answer as { message: { id: number } }).message;
    await expect
      .poll(() => providerTab.received.find((item) => item.event === CHAT_MESSAGE_EVENT)?.payload)
      .toEqual({ room, message: stored });
    // A resend after a lost answer: the same message, nothing more stored or pushed.
    expect(await send(requesterTab.socket, payload)).toEqual(answer);

    const strangerTab = await openSocket(stranger);
    expect(
      await send(strangerTab.socket, { ...payload, clientId: "link-send-00002", language: "en" }),
    ).toEqual({
      error: { code: "no_permission", message: "You have no permission to enter this chat room." },
    });
    const visitorTab = await openSocket(null);
    expect(await send(visitorTab.socket, { ...payload, clientId: "link-send-00003" })).toMatchObject({
      error: { code: "no_permission" },
    });
    expect(
      await send(requesterTab.socket, { ...payload, clientId: "link-send-00004", text: " " }),
    ).toMatchObject({ error: { code: "text_required" } });

    // Signing out ends the session: the connection opened with it can no longer send.
    await runtime.db.delete(session).where(eq(session.userId, requester.id));
    expect(
      await send(requesterTab.socket, { ...payload, clientId: "link-send-00005", language: "en" }),
    ).toMatchObject({ error: { code: "no_permission" } });
    expect(providerTab.received.filter((item) => item.event === CHAT_MESSAGE_EVENT)).toHaveLength(1);
  });
});
