import { eq } from "drizzle-orm";
import { meetingMessage, member, session } from "#app/db/schema";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meeting } from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { memberRoom, realtimePublisher } from "#app/platform/publisher.server";
import {
  JOIN_ROOM_EVENT,
  LEAVE_ROOM_EVENT,
  TYPING_EVENT,
  type JoinAnswer,
} from "#app/platform/realtime.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_READ_EVENT,
  CHAT_SEND_EVENT,
  meetingRoom,
  type ChatSendPayload,
} from "#app/services/meetings/chat/chat.schema";
import type { ChatSendAnswer } from "#app/shell/realtime-commands.server";
import * as chatPage from "#app/routes/meeting/chat";
import * as logoutPage from "#app/routes/logout";
import * as accountPage from "#app/routes/setting/account";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { startRealtimeTestServer } from "#tests/setup/realtime-server";
import { callAction, PASSWORD, signUpMember, type SignedInMember } from "#tests/setup/route-actions";

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

    // A session deleted behind the server's back is found ended at the next command: the connection is closed
    // without sending anything.
    await runtime.db.delete(session).where(eq(session.userId, requester.id));
    await expect(
      send(requesterTab.socket, { ...payload, clientId: "link-send-00005", language: "en" }),
    ).rejects.toThrow();
    expect(requesterTab.socket.connected).toBe(false);
    expect(providerTab.received.filter((item) => item.event === CHAT_MESSAGE_EVENT)).toHaveLength(1);
  });
});

const sendText = (socket: Socket, payload: ChatSendPayload) =>
  socket.timeout(5_000).emitWithAck(CHAT_SEND_EVENT, payload) as Promise<ChatSendAnswer>;

describe("the pace of texts", () => {
  const texts = (code: string, tag: string, count: number, language = "en") =>
    Array.from({ length: count }, (_, n) => ({
      code,
      clientId: `pace-${tag}-${String(n).padStart(4, "0")}`,
      text: `빠르게 ${tag} ${n}`,
      language,
    }));

  it("refuses a connection's texts beyond ten at once, with a code the page words", async () => {
    const { requester, provider, code, room } = await meetingOfTwo();
    const flooder = await openSocket(requester);
    const providerTab = await openSocket(provider);
    expect(await join(providerTab.socket, room)).toEqual({ ok: true });

    const answers = await Promise.all(texts(code, "a", 15).map((text) => sendText(flooder.socket, text)));
    expect(answers.filter((answer) => "ok" in answer)).toHaveLength(10);
    expect(answers.slice(10)).toEqual(Array.from({ length: 5 }, () => ({ error: { code: "too_fast" } })));
    // Only what was stored reached the room.
    await expect
      .poll(() => providerTab.received.filter((item) => item.event === CHAT_MESSAGE_EVENT).length)
      .toBe(10);
  });

  it("refuses a member's texts beyond twenty at once over all their connections and the page's form, in their language", async () => {
    const { requester, code } = await meetingOfTwo();
    const tabs = await Promise.all([openSocket(requester), openSocket(requester), openSocket(requester)]);
    const sends = texts(code, "b", 30, "ko");
    const answers = await Promise.all(sends.map((text, n) => sendText(tabs[n % 3]!.socket, text)));
    const stored = answers.filter((answer) => "ok" in answer);
    const refused = answers.filter((answer) => !("ok" in answer));
    // One a second comes back, and the session lookups of thirty commands may take a moment.
    expect(stored.length).toBeGreaterThanOrEqual(20);
    expect(stored.length).toBeLessThanOrEqual(22);
    for (const answer of refused)
      expect(answer).toEqual({
        error: { code: "too_fast", message: "메시지를 너무 빨리 보내고 있습니다. 잠시 후 다시 보내 주세요." },
      });

    // The page's form counts against the same pace (what came back meanwhile goes first).
    const posts = [];
    for (let n = 0; n < 4; n++)
      posts.push(
        await callAction(chatPage.action, {
          path: `/en/meeting/repair/chat?room=${code}`,
          params: { kind: "repair" },
          form: { intent: "send", clientId: `pace-form-000${n}`, text: "양식으로" },
          as: requester,
        }),
      );
    const refusedPost = posts.find((post) => post.status === 429);
    expect(refusedPost?.data).toMatchObject({
      error: {
        code: "too_fast",
        message: "You are sending messages too fast. Please wait a moment and send again.",
      },
    });
  });
});

describe("connections of a session that ends", () => {
  /** A second session of the member, as another device signs in. */
  async function signInAgain(as: SignedInMember): Promise<SignedInMember> {
    const { headers } = await runtime.auth.api.signInEmail({
      body: { email: as.email, password: PASSWORD },
      headers: new Headers({ [CLIENT_IP_HEADER]: "198.51.100.7" }),
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .find((pair) => pair.includes("session_token="))!;
    return { ...as, cookie };
  }

  const closed = (tab: Awaited<ReturnType<typeof openSocket>>) =>
    new Promise<string>((resolve) => {
      if (!tab.socket.connected) resolve("closed before");
      tab.socket.once("disconnect", resolve);
    });

  /** The old cookie connects again as nobody: nothing reaches or speaks for the member. */
  async function speaksForNobody(as: SignedInMember, code: string) {
    const again = await openSocket(as);
    expect(
      await sendText(again.socket, { code, clientId: "ended-0000001", text: "아직?", language: "en" }),
    ).toMatchObject({ error: { code: "no_permission" } });
    expect(await join(again.socket, memberRoom(as.id))).toEqual({ error: "forbidden" });
  }

  it("closes the connections of a signed-out session at once, and only those", async () => {
    const { requester, code, room } = await meetingOfTwo();
    const laptop = await openSocket(requester);
    const phoneSession = await signInAgain(requester);
    const phone = await openSocket(phoneSession);
    expect(await join(laptop.socket, room)).toEqual({ ok: true });
    // The page cannot step out of the rooms the server put it in (the join after the leave is answered after it).
    laptop.socket.emit(LEAVE_ROOM_EVENT, memberRoom(requester.id));
    expect(await join(laptop.socket, room)).toEqual({ ok: true });
    realtimePublisher().toMember(requester.id, "alarm:new", { n: 0 });
    await expect.poll(() => laptop.received.some((item) => item.event === "alarm:new")).toBe(true);
    laptop.received.length = 0;
    const ended = closed(laptop);

    await callAction(logoutPage.action, { path: "/logout", as: requester });
    // No command is needed: the sign-out itself closes the connection.
    expect(await ended).toBe("io server disconnect");
    await speaksForNobody(requester, code);

    // The other device's session goes on.
    expect(phone.socket.connected).toBe(true);
    realtimePublisher().toMember(requester.id, "alarm:new", { n: 1 });
    await expect.poll(() => phone.received.some((item) => item.event === "alarm:new")).toBe(true);
    expect(laptop.received.some((item) => item.event === "alarm:new")).toBe(false);
  });

  it("closes every connection of the member when the password changes, and when they sign out everywhere", async () => {
    const { requester, code } = await meetingOfTwo();
    const phoneSession = await signInAgain(requester);
    const tabs = [await openSocket(requester), await openSocket(phoneSession)];
    const ended = tabs.map(closed);
    const changed = await callAction(accountPage.action, {
      path: "/setting/account",
      form: { intent: "change-password", currentPassword: PASSWORD, newPassword: "Another-Road-77!" },
      as: phoneSession,
    });
    expect(changed.outcome).toBe("done");
    expect(await Promise.all(ended)).toEqual(["io server disconnect", "io server disconnect"]);
    await speaksForNobody(requester, code);
    await speaksForNobody(phoneSession, code);

    const { provider } = await meetingOfTwo();
    const providerTabs = [await openSocket(provider), await openSocket(await signInAgain(provider))];
    const allEnded = providerTabs.map(closed);
    await callAction(accountPage.action, {
      path: "/setting/account",
      form: { intent: "sign-out-everywhere" },
      as: provider,
    });
    expect(await Promise.all(allEnded)).toEqual(["io server disconnect", "io server disconnect"]);
    await speaksForNobody(provider, code);
  });
  it("stops a connection acting for a member withdrawn or suspended since it opened, at its next command", async () => {
    const { requester, provider, code } = await meetingOfTwo();
    const tab = await openSocket(requester);
    const other = await openSocket(provider);
    const text = (clientId: string) => ({ code, clientId, text: "곧 도착합니다", language: "ko" as const });
    expect(await sendText(tab.socket, text("check-0000001"))).toMatchObject({ ok: true });
    const ended = closed(tab);
    // Changed under the connection, with nothing to tell it: only its own check can see it.
    await runtime.db
      .update(member)
      .set({ withdrawnAt: runtime.clock.now() })
      .where(eq(member.id, requester.id));
    void sendText(tab.socket, text("check-0000002")).catch(() => undefined);
    expect(await ended).toBe("io server disconnect");
    const stored = await runtime.db
      .select({ clientId: meetingMessage.clientId })
      .from(meetingMessage)
      .where(eq(meetingMessage.senderId, requester.id));
    expect(stored.map((row) => row.clientId)).toEqual(["check-0000001"]);

    // The other side goes on, until a suspension begins for them.
    expect(await sendText(other.socket, text("check-0000003"))).toMatchObject({ ok: true });
    const otherEnded = closed(other);
    await runtime.db
      .update(member)
      .set({ suspendedFrom: new Date(runtime.clock.now().getTime() - 60_000) })
      .where(eq(member.id, provider.id));
    void sendText(other.socket, text("check-0000004")).catch(() => undefined);
    expect(await otherEnded).toBe("io server disconnect");
  });

  it("leaves a session due for its daily extension to the auth library, which extends it", async () => {
    const { requester, code } = await meetingOfTwo();
    const tab = await openSocket(requester);
    const [row] = await runtime.db.select().from(session).where(eq(session.userId, requester.id));
    // Its expiry set two days ago: the library extends a session read a day or more after that.
    const aged = new Date(row!.expiresAt.getTime() - 2 * 24 * 60 * 60_000);
    await runtime.db.update(session).set({ expiresAt: aged }).where(eq(session.id, row!.id));
    expect(
      await sendText(tab.socket, { code, clientId: "extend-000001", text: "연장", language: "ko" }),
    ).toMatchObject({ ok: true });
    const [after] = await runtime.db.select().from(session).where(eq(session.id, row!.id));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + 24 * 60 * 60_000);
    expect(tab.socket.connected).toBe(true);
  });
});
