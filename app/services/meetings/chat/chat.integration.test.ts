import { and, eq } from "drizzle-orm";
import type { Logger } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { isEmbedded, type Database } from "#app/db/client.server";
import { meeting, meetingMessage, meetingMessageReport, meetingRead, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { setRealtimePublisher } from "#app/platform/publisher.server";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { DomainError } from "#app/services/errors";
import { jpeg } from "#app/services/uploads/test-images";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { createTestDatabase } from "#tests/setup/database";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { listConversations, loadRoom, markRead, readHistory } from "./read.server";
import { mayEnterRoom } from "./room.server";
import { reportMessage } from "./reports.server";
import { sendMessage, sendTexts } from "./send.server";
import { ChatSendQueue } from "./chat-sender.server";
import { CHAT_MESSAGE_EVENT, CHAT_READ_EVENT, hasContactNumber, meetingRoom } from "./chat.schema";
import { appendSystemMessage, type ChatMessageView } from "./messages.server";

let runtime: Runtime;
let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
let statements = 0;
/** Statements that do work: PostgreSQL's driver also logs the transaction's begin and commit, PGlite's does not. */
const counter: Logger = {
  logQuery: (query) => void (/^\s*(begin|commit|rollback)\b/i.test(query) || (statements += 1)),
};

let requester: TestMember;
let provider: TestMember;
let stranger: TestMember;
let admin: TestMember;
let adminWithoutTwoFactor: TestMember;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock, database: await createTestDatabase(counter) });
  db = runtime.db;
  requester = await insertMember(db);
  provider = await insertMember(db);
  stranger = await insertMember(db);
  admin = await insertAdmin(db);
  adminWithoutTwoFactor = await insertMember(db, { role: "admin", twoFactorEnabled: false });
});

afterEach(() => setRealtimePublisher(undefined));

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

let sent = 0;
const clientId = () => `client-${(sent += 1)}-abcdef`;

async function openRoom(options: Parameters<typeof insertMeeting>[3] = {}) {
  const id = await insertMeeting(db, clock, { requesterId: requester.id, providerId: provider.id }, options);
  const [row] = await db.select({ code: meeting.code }).from(meeting).where(eq(meeting.id, id));
  return { id, code: row!.code };
}

const say = (who: TestMember, code: string, text: string) => {
  clock.advance(1_000);
  return sendMessage(db, clock, who, { code, clientId: clientId(), text });
};

const chatNotifications = (recipientId: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.type, "chatMessage")))
    .orderBy(notification.id);

describe("entering a room", () => {
  it("lets the two sides and an acting administrator in, and refuses everybody else", async () => {
    const { code } = await openRoom();
    for (const side of [requester, provider, admin]) {
      expect(await mayEnterRoom(db, side, code)).toBe(true);
      expect(await outcome(readHistory(db, side, code))).toBe("ok");
      expect(await outcome(loadRoom(db, clock, side, code))).toBe("ok");
    }
    for (const outsider of [stranger, adminWithoutTwoFactor]) {
      expect(await mayEnterRoom(db, outsider, code)).toBe(false);
      expect(await outcome(readHistory(db, outsider, code))).toBe("chat.no_permission");
      expect(await outcome(loadRoom(db, clock, outsider, code))).toBe("chat.no_permission");
      expect(await outcome(say(outsider, code, "안녕하세요"))).toBe("chat.no_permission");
      expect(await outcome(markRead(db, clock, outsider, code, 1))).toBe("chat.no_permission");
    }
    expect(await mayEnterRoom(db, null, code)).toBe(false);
    expect(await outcome(readHistory(db, provider, "nope"))).toBe("chat.room_code_invalid");
    expect(await outcome(readHistory(db, provider, "A".repeat(22)))).toBe("chat.room_code_invalid");
  });

  it("reads the rooms of joins asked in the same turn in one statement, by the same rule", async () => {
    const [first, second] = [await openRoom(), await openRoom()];
    statements = 0;
    const answers = await Promise.all([
      mayEnterRoom(db, requester, first.code),
      mayEnterRoom(db, provider, second.code),
      mayEnterRoom(db, admin, second.code),
      mayEnterRoom(db, stranger, first.code),
      mayEnterRoom(db, adminWithoutTwoFactor, second.code),
      mayEnterRoom(db, null, first.code),
      mayEnterRoom(db, requester, "A".repeat(22)),
      mayEnterRoom(db, requester, "nope"),
    ]);
    expect(answers).toEqual([true, true, true, false, false, false, false, false]);
    expect(statements).toBe(1);
  });

  it("keeps a room let into at hand: the conversation's first texts do not read it again", async () => {
    const firstTexts = async (join: boolean) => {
      const rooms = await Promise.all(Array.from({ length: 3 }, () => openRoom()));
      if (join) await Promise.all(rooms.map((room) => mayEnterRoom(db, requester, room.code)));
      clock.advance(1_000);
      statements = 0;
      const answers = await sendTexts(
        db,
        clock,
        rooms.map((room, n) => ({
          actor: requester,
          code: room.code,
          clientId: `joined-${join}-${n}-ab`,
          text: "안녕하세요",
        })),
      );
      expect(answers.every((answer) => !(answer instanceof DomainError))).toBe(true);
      return statements;
    };
    expect(await firstTexts(true)).toBe((await firstTexts(false)) - 1);
  });

  it("lets an administrator read but not write", async () => {
    const { code } = await openRoom();
    await say(requester, code, "정비 문의드려요");
    const room = await loadRoom(db, clock, admin, code);
    expect(room).toMatchObject({ role: "admin", canWrite: false, otherReadUpTo: 0 });
    expect((await readHistory(db, admin, code)).messages.map((m) => m.body)).toContain("정비 문의드려요");
    expect(await outcome(say(admin, code, "관리자입니다"))).toBe("chat.admin_read_only");
    expect(await markRead(db, clock, admin, code, 999)).toEqual({ lastReadMessageId: 0 });
  });
});

describe("sending", () => {
  it("stores a resend with the same client id once and answers the same message", async () => {
    const { id, code } = await openRoom();
    const pushed: unknown[] = [];
    setRealtimePublisher({ toRoom: (room, event, payload) => void pushed.push({ room, event, payload }) });
    const input = { code, clientId: "resend-check-1", text: "내일 오전 괜찮으세요?" };
    const first = await sendMessage(db, clock, requester, input);
    const again = await sendMessage(db, clock, requester, input);
    expect(again).toEqual(first);
    const stored = await db
      .select()
      .from(meetingMessage)
      .where(and(eq(meetingMessage.meetingId, id), eq(meetingMessage.clientId, "resend-check-1")));
    expect(stored).toHaveLength(1);
    expect(pushed).toEqual([
      {
        room: meetingRoom(code),
        event: CHAT_MESSAGE_EVENT,
        payload: { room: meetingRoom(code), message: first },
      },
    ]);
  });

  it("checks the text and the client id", async () => {
    const { code } = await openRoom();
    expect(await outcome(say(requester, code, "   "))).toBe("chat.text_required");
    expect(await outcome(say(requester, code, "가".repeat(1001)))).toBe("chat.text_length");
    expect(await outcome(say(requester, code, "가".repeat(1000)))).toBe("ok");
    expect(await outcome(sendMessage(db, clock, requester, { code, clientId: "x", text: "hi" }))).toBe(
      "chat.client_id_invalid",
    );
  });

  it("flags texts that look like a phone or account number", async () => {
    const { code } = await openRoom();
    const flagged = async (text: string) => (await say(requester, code, text)).flagged;
    expect(await flagged("제 번호는 010-1234-5678 입니다")).toBe(true);
    expect(await flagged("01012345678로 연락주세요")).toBe(true);
    expect(await flagged("010 9876 5432")).toBe(true);
    expect(await flagged("국민 123456-01-234567 로 보내주세요")).toBe(true);
    expect(await flagged("신한 110-123-456789")).toBe(true);
    expect(await flagged("가격은 20,000원입니다")).toBe(false);
    expect(await flagged("2026-03-02 오후 3시에 봬요")).toBe(false);
    expect(hasContactNumber("오후 3시 30분")).toBe(false);
  });

  it("stores an image through the upload service", async () => {
    const { code } = await openRoom();
    const message = await sendMessage(
      db,
      clock,
      provider,
      { code, clientId: clientId(), image: { body: await jpeg(800, 600), declaredType: "image/jpeg" } },
      runtime.storage,
    );
    expect(message).toMatchObject({ kind: "image", body: "", image: { width: 800, height: 600 } });
    expect(message.image!.url).toMatch(/\.webp$/);
    const refused = await outcome(
      sendMessage(
        db,
        clock,
        provider,
        {
          code,
          clientId: clientId(),
          image: { body: Buffer.from("not an image"), declaredType: "image/png" },
        },
        runtime.storage,
      ),
    );
    expect(refused).toMatch(/^upload\./);
  });

  it("counts the provider's message as an answer, and notifies the other side once while unread", async () => {
    const { id, code } = await openRoom();
    const before = await chatNotifications(requester.id);
    await say(provider, code, "네 가능합니다");
    const [row] = await db.select().from(meeting).where(eq(meeting.id, id));
    expect(row!.providerAnsweredAt).toEqual(clock.now());
    const second = await say(provider, code, "오전 10시 어떠세요?");
    expect(await chatNotifications(requester.id)).toHaveLength(before.length + 1);
    await markRead(db, clock, requester, code, second.id);
    await say(provider, code, "답변 기다릴게요");
    const after = await chatNotifications(requester.id);
    expect(after).toHaveLength(before.length + 2);
    expect(after.at(-1)!.link).toBe(`/meeting/repair/chat?room=${code}`);
  });

  it("makes an ended, cancelled or expired meeting's chat read-only", async () => {
    for (const status of ["ended", "cancelled", "expired"] as const) {
      const { code } = await openRoom({ status });
      expect(await outcome(say(requester, code, "혹시요"))).toBe("chat.read_only");
      expect(await outcome(say(provider, code, "네"))).toBe("chat.read_only");
      expect((await loadRoom(db, clock, requester, code)).canWrite).toBe(false);
      expect(await outcome(readHistory(db, requester, code))).toBe("ok");
    }
  });
});

describe("sending many at once (the realtime link)", () => {
  const refusalOrBody = (answer: Awaited<ReturnType<typeof sendTexts>>[number]) =>
    answer instanceof DomainError ? `${answer.area}.${answer.code}` : answer.body;

  it("stores texts of many rooms in one unit, each by the page's rules, with a fixed number of statements", async () => {
    const rooms = await Promise.all(Array.from({ length: 6 }, () => openRoom()));
    const closed = await openRoom({ status: "ended" });
    const pushed: unknown[] = [];
    setRealtimePublisher({ toRoom: (room, event, payload) => void pushed.push({ room, event, payload }) });
    clock.advance(1_000);
    const answers = await sendTexts(db, clock, [
      { actor: requester, code: rooms[0]!.code, clientId: "batch-a-000001", text: "첫 번째" },
      { actor: provider, code: rooms[0]!.code, clientId: "batch-b-000001", text: "답장입니다" },
      { actor: requester, code: rooms[0]!.code, clientId: "batch-a-000002", text: "연락처 010-1234-5678" },
      // The same text sent twice (a retry racing the first): one message.
      { actor: requester, code: rooms[1]!.code, clientId: "batch-a-000003", text: "한 번만" },
      { actor: requester, code: rooms[1]!.code, clientId: "batch-a-000003", text: "한 번만" },
      { actor: stranger, code: rooms[1]!.code, clientId: "batch-c-000001", text: "끼어들기" },
      { actor: admin, code: rooms[1]!.code, clientId: "batch-d-000001", text: "관리자" },
      { actor: requester, code: closed.code, clientId: "batch-a-000004", text: "끝났나요" },
      { actor: requester, code: "not a code", clientId: "batch-a-000005", text: "어디" },
      { actor: requester, code: "A".repeat(20), clientId: "batch-a-000006", text: "없는 방" },
      { actor: requester, code: rooms[2]!.code, clientId: "x", text: "짧은 id" },
      { actor: requester, code: rooms[2]!.code, clientId: "batch-a-000007", text: "   " },
      { actor: requester, code: rooms[2]!.code, clientId: "batch-a-000008", text: 42 },
    ]);
    expect(answers.map(refusalOrBody)).toEqual([
      "첫 번째",
      "답장입니다",
      "연락처 010-1234-5678",
      "한 번만",
      "한 번만",
      "chat.no_permission",
      "chat.admin_read_only",
      "chat.read_only",
      "chat.room_code_invalid",
      "chat.room_code_invalid",
      "chat.client_id_invalid",
      "chat.text_required",
      "chat.text_required",
    ]);
    const stored = answers.filter((answer) => !(answer instanceof DomainError)) as ChatMessageView[];
    expect(stored[2]!.flagged).toBe(true);
    expect(stored[3]!.id).toBe(stored[4]!.id);
    // Every new message reaches its room once, after the commit.
    expect(pushed).toHaveLength(4);
    const [first] = await db.select().from(meeting).where(eq(meeting.id, rooms[0]!.id));
    expect(first!.providerAnsweredAt).toEqual(clock.now());
    expect(first!.lastMessageAt).toEqual(clock.now());

    // The statements do not grow with the number of texts or rooms.
    const countFor = async (sends: Parameters<typeof sendTexts>[2]) => {
      clock.advance(1_000);
      statements = 0;
      const result = await sendTexts(db, clock, sends);
      expect(result.every((answer) => !(answer instanceof DomainError))).toBe(true);
      return statements;
    };
    const text = (n: number, room: (typeof rooms)[number]) => ({
      actor: n % 2 === 0 ? requester : provider,
      code: room.code,
      clientId: `batch-count-${n}-xyz`,
      text: `메시지 ${n}`,
    });
    const few = await countFor([text(1, rooms[3]!), text(2, rooms[4]!)]);
    const many = await countFor(Array.from({ length: 24 }, (_, n) => text(n + 10, rooms[n % 6]!)));
    expect(many).toBe(few);
  });

  it("writes a steady conversation's texts with one statement: the insert under the rooms' shared lock", async () => {
    const rooms = await Promise.all(Array.from({ length: 3 }, () => openRoom()));
    const text = (n: number) => ({
      actor: n % 2 === 0 ? requester : provider,
      code: rooms[n % 3]!.code,
      clientId: `steady-${n}-abcdef`,
      text: `꾸준한 대화 ${n}`,
    });
    // The first texts: the rooms read, the providers' first answers, the stretches' notifications, the rooms' times.
    clock.advance(1_000);
    await sendTexts(db, clock, [0, 1, 2, 3, 4, 5].map(text));
    clock.advance(1_000);
    statements = 0;
    const answers = await sendTexts(db, clock, [6, 7, 8, 9, 10, 11].map(text));
    expect(answers.every((answer) => !(answer instanceof DomainError))).toBe(true);
    expect(statements).toBe(1);
  });

  it("moves a room's last message time with its first text, then at most every five seconds, never back", async () => {
    const { id, code } = await openRoom();
    const lastMessageAt = async () =>
      (await db.select({ at: meeting.lastMessageAt }).from(meeting).where(eq(meeting.id, id)))[0]!.at;
    const send = (n: number) =>
      sendTexts(db, clock, [{ actor: requester, code, clientId: `touch-${n}-abcdef`, text: `시간 ${n}` }]);
    clock.advance(60_000);
    const first = clock.now();
    await send(1);
    expect(await lastMessageAt()).toEqual(first);
    clock.advance(4_000);
    await send(2);
    expect(await lastMessageAt()).toEqual(first);
    clock.advance(1_000);
    await send(3);
    expect(await lastMessageAt()).toEqual(clock.now());
    // A later time written by another process stays.
    const later = new Date(clock.now().getTime() + 60_000);
    await db.update(meeting).set({ lastMessageAt: later }).where(eq(meeting.id, id));
    clock.advance(5_000);
    await send(4);
    expect(await lastMessageAt()).toEqual(later);
  });

  it("notifies each recipient once per stretch of unread chat, however many texts arrive together", async () => {
    const { code } = await openRoom();
    const before = await chatNotifications(provider.id);
    clock.advance(1_000);
    await sendTexts(
      db,
      clock,
      ["하나", "둘", "셋"].map((text, n) => ({
        actor: requester,
        code,
        clientId: `stretch-${n}-abcdef`,
        text,
      })),
    );
    const after = await chatNotifications(provider.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.link).toBe(`/meeting/repair/chat?room=${code}`);
  });

  it("notifies a stretch opened by a read through another process within twenty seconds, which the embedded database cannot have", async () => {
    const { id, code } = await openRoom();
    const before = await chatNotifications(provider.id);
    const send = (n: number) =>
      sendTexts(db, clock, [
        { actor: requester, code, clientId: `elsewhere-${n}-abcdef`, text: `안녕 ${n}` },
      ]);
    clock.advance(1_000);
    const [first] = (await send(1)) as ChatMessageView[];
    expect(await chatNotifications(provider.id)).toHaveLength(before.length + 1);
    // The provider reads the room through another instance: this process is not told.
    await db
      .update(meetingRead)
      .set({ lastReadMessageId: first!.id, updatedAt: clock.now() })
      .where(and(eq(meetingRead.meetingId, id), eq(meetingRead.memberId, provider.id)));
    clock.advance(1_000);
    await send(2);
    expect(await chatNotifications(provider.id)).toHaveLength(before.length + 1);
    clock.advance(20_000);
    await send(3);
    // The embedded database is written through this process only: it trusts what it learned until a read here.
    expect(await chatNotifications(provider.id)).toHaveLength(before.length + (isEmbedded(db) ? 1 : 2));
  });

  it("gathers texts arriving while the chat is busy into one unit, and writes a text to a quiet chat at once", async () => {
    const { code } = await openRoom();
    // Windows far longer than the test may take: a text that waited for one would time the test out.
    const queue = new ChatSendQueue(db, clock, { gatherMs: 60_000, gatherTexts: 5, busyMs: 60_000 });
    const send = (n: number) =>
      queue.send(requester, { code, clientId: `gathered-${n}-abcdef`, text: `모아서 ${n}` });
    expect(await send(0)).toMatchObject({ body: "모아서 0" });

    // A unit just ended: texts arriving one by one wait for each other until five wait, then share one unit.
    statements = 0;
    const answers: Array<ReturnType<typeof send>> = [];
    for (let n = 1; n <= 5; n++) {
      answers.push(send(n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await Promise.all(answers)).map((answer) => (answer as ChatMessageView).body)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `모아서 ${n}`),
    );
    expect(statements).toBe(1);
    expect(queue.backlog).toBe(0);
  });

  it("writes texts that arrive while a unit is being written together in the next one", async () => {
    const { code } = await openRoom();
    const queue = new ChatSendQueue(db, clock);
    const send = (n: number) =>
      queue.send(requester, { code, clientId: `queued-${n}-abcdef`, text: `대기열 ${n}` });
    await send(0);
    statements = 0;
    const alone = await send(1);
    const single = statements;
    expect(alone).toMatchObject({ body: "대기열 1" });

    statements = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => send(n + 2)));
    expect(answers.map((answer) => (answer instanceof DomainError ? answer.code : answer.body))).toEqual(
      Array.from({ length: 40 }, (_, n) => `대기열 ${n + 2}`),
    );
    // The first text has a unit of its own; the 39 that came while it was written share the next one.
    expect(statements).toBeLessThanOrEqual(2 * single);
    expect(queue.backlog).toBe(0);
  });
});

describe("read marks", () => {
  it("show the other side how far a member has read, never backwards nor past the last message", async () => {
    const { code } = await openRoom();
    const pushed: unknown[] = [];
    setRealtimePublisher({
      toRoom: (_room, event, payload) => void (event === CHAT_READ_EVENT && pushed.push({ event, payload })),
    });
    const one = await say(requester, code, "첫 번째");
    const two = await say(requester, code, "두 번째");
    expect((await loadRoom(db, clock, requester, code)).otherReadUpTo).toBe(0);
    expect((await loadRoom(db, clock, provider, code)).readUpTo).toBe(0);

    expect(await markRead(db, clock, provider, code, two.id)).toEqual({ lastReadMessageId: two.id });
    expect((await loadRoom(db, clock, requester, code)).otherReadUpTo).toBe(two.id);
    expect((await loadRoom(db, clock, provider, code)).readUpTo).toBe(two.id);
    expect(await markRead(db, clock, provider, code, one.id)).toEqual({ lastReadMessageId: two.id });
    expect(await markRead(db, clock, provider, code, two.id + 10_000)).toEqual({ lastReadMessageId: two.id });
    expect(pushed).toEqual([
      {
        event: CHAT_READ_EVENT,
        payload: { room: meetingRoom(code), memberId: provider.id, lastReadMessageId: two.id },
      },
    ]);
    expect(await outcome(markRead(db, clock, provider, code, 0))).toBe("chat.message_not_found");
  });
});

describe("history", () => {
  it("pages back from the latest messages and catches up after a given one", async () => {
    const { code } = await openRoom();
    const ids: number[] = [];
    for (let i = 1; i <= 44; i += 1)
      ids.push((await say(i % 2 ? requester : provider, code, `메시지 ${i}`)).id);

    const latest = await readHistory(db, requester, code, { limit: 30 });
    expect(latest.messages).toHaveLength(30);
    expect(latest.hasEarlier).toBe(true);
    expect(latest.messages.at(-1)!.body).toBe("메시지 44");
    expect(latest.messages[0]!.body).toBe("메시지 15");

    const earlier = await readHistory(db, requester, code, { before: latest.messages[0]!.id, limit: 30 });
    // The request's own system line opens the room.
    expect(earlier.messages.map((m) => m.kind)).toEqual(["system", ...Array<string>(14).fill("text")]);
    expect(earlier.hasEarlier).toBe(false);

    const missed = await readHistory(db, provider, code, { after: ids[39], limit: 3 });
    expect(missed.messages.map((m) => m.body)).toEqual(["메시지 41", "메시지 42", "메시지 43"]);
    expect(missed.hasLater).toBe(true);
  });
});

describe("the conversation list", () => {
  it("lists a member's meetings latest first with the other side, the last message and unread counts", async () => {
    const other = await insertMember(db);
    const first = await insertMeeting(db, clock, { requesterId: other.id, providerId: provider.id });
    clock.advance(60_000);
    const second = await insertMeeting(
      db,
      clock,
      { requesterId: other.id, providerId: requester.id },
      { kind: "coaching" },
    );
    const codes = await db.select({ id: meeting.id, code: meeting.code }).from(meeting);
    const codeOf = (id: number) => codes.find((row) => row.id === id)!.code;
    await say(provider, codeOf(first), "안녕하세요 전문가입니다");

    const { items } = await listConversations(db, other);
    expect(items.map((item) => item.code)).toEqual([codeOf(first), codeOf(second)]);
    expect(items[0]).toMatchObject({
      role: "requester",
      kind: "repair",
      other: { id: provider.id, nickname: provider.nickname },
      last: { kind: "text", text: "안녕하세요 전문가입니다", mine: false },
      unread: 1,
    });
    // The requester's own request line is not unread for them.
    expect(items[1]).toMatchObject({
      kind: "coaching",
      unread: 0,
      last: { kind: "system", event: "requestOpened" },
    });
    expect((await listConversations(db, other, { kind: "coaching" })).items).toHaveLength(1);

    const providerSide = await listConversations(db, provider, { kind: "repair" });
    expect(providerSide.items.find((item) => item.code === codeOf(first))).toMatchObject({
      role: "provider",
      unread: 1,
      last: { mine: true },
    });
  });

  it("reads a page of any size in one statement", async () => {
    const busy = await insertMember(db);
    for (let i = 0; i < 3; i += 1)
      await insertMeeting(db, clock, { requesterId: busy.id, providerId: provider.id });
    statements = 0;
    const few = await listConversations(db, busy);
    const fewStatements = statements;
    for (let i = 0; i < 22; i += 1)
      await insertMeeting(db, clock, { requesterId: busy.id, providerId: provider.id });
    statements = 0;
    const many = await listConversations(db, busy);
    expect(few.items).toHaveLength(3);
    expect(many.items).toHaveLength(20);
    expect(statements).toBe(fewStatements);
    expect(fewStatements).toBe(1);
    const next = await listConversations(db, busy, { cursor: many.nextCursor });
    expect(next.items).toHaveLength(5);
    expect(next.nextCursor).toBeNull();
  });
});

describe("reporting a message", () => {
  it("takes the other side's message once, and refuses one's own, system lines and outsiders", async () => {
    const { code } = await openRoom();
    const rude = await say(provider, code, "무례한 말");
    const mine = await say(requester, code, "제 메시지");
    const [system] = (await readHistory(db, requester, code, { limit: 100 })).messages.filter(
      (m) => m.kind === "system",
    );
    expect(await outcome(reportMessage(db, clock, requester, rude.id, "욕설"))).toBe("ok");
    expect(await outcome(reportMessage(db, clock, requester, rude.id, "욕설"))).toBe("chat.already_reported");
    expect(await outcome(reportMessage(db, clock, requester, mine.id, "test"))).toBe("chat.report_own");
    expect(await outcome(reportMessage(db, clock, requester, system!.id, "test"))).toBe(
      "chat.message_not_found",
    );
    expect(await outcome(reportMessage(db, clock, stranger, rude.id, "test"))).toBe("chat.message_not_found");
    expect(await outcome(reportMessage(db, clock, admin, rude.id, "test"))).toBe("chat.message_not_found");
    expect(await outcome(reportMessage(db, clock, provider, mine.id, " "))).toBe("chat.reason_required");
    expect(await outcome(reportMessage(db, clock, provider, mine.id, "가".repeat(201)))).toBe(
      "chat.reason_length",
    );
    const reports = await db
      .select()
      .from(meetingMessageReport)
      .where(eq(meetingMessageReport.messageId, rude.id));
    expect(reports).toMatchObject([{ reporterId: requester.id, reason: "욕설", status: "open" }]);
  });
});

describe("system messages", () => {
  it("reach the room after the commit, and never after a rollback", async () => {
    const { id, code } = await openRoom();
    const pushed: string[] = [];
    setRealtimePublisher({
      toRoom: (room, _event, payload) =>
        void pushed.push(`${room}:${(payload as { message: { event: string } }).message.event}`),
    });
    await runInTransaction(db, clock, (uow) => appendSystemMessage(uow, id, "reminder60", { minutes: 60 }));
    await runInTransaction(db, clock, async (uow) => {
      await appendSystemMessage(uow, id, "reminder30", { minutes: 30 });
      throw new Error("rolled back");
    }).catch(() => undefined);
    expect(pushed).toEqual([`meeting:${code}:reminder60`]);
  });
});
