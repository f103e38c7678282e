import { and, eq, type Logger } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isEmbedded, type Database } from "#app/db/client.server";
import { meeting, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { createEmbeddedTestDatabase } from "#tests/setup/database";
import { insertMember, type TestMember } from "#tests/setup/members";
import { markRead } from "./read.server";
import { sendTexts } from "./send.server";
import type { ChatMessageView } from "./messages.server";

// The embedded database whatever the run's integration tests are on: only it is written by this process alone.
let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
let statements = 0;
const counter: Logger = {
  logQuery: (query) => void (/^\s*(begin|commit|rollback)\b/i.test(query) || (statements += 1)),
};
let requester: TestMember;
let provider: TestMember;

beforeAll(async () => {
  db = (await createEmbeddedTestDatabase(counter)).db;
  requester = await insertMember(db);
  provider = await insertMember(db);
});

describe("the chat's notified stretches on the embedded database", () => {
  it("is the embedded database, written through this process only", () => {
    expect(isEmbedded(db)).toBe(true);
  });

  it("reads a recipient's stretch again only once they read the room through this process, however long after", async () => {
    const id = await insertMeeting(db, clock, { requesterId: requester.id, providerId: provider.id });
    const [{ code }] = (await db.select({ code: meeting.code }).from(meeting).where(eq(meeting.id, id))) as [
      { code: string },
    ];
    const send = async (n: number) => {
      clock.advance(1_000);
      const [answer] = await sendTexts(db, clock, [
        { actor: requester, code, clientId: `embedded-${n}-abcdef`, text: `안녕 ${n}` },
      ]);
      return answer as ChatMessageView;
    };
    const notified = async () =>
      (
        await db
          .select()
          .from(notification)
          .where(and(eq(notification.recipientId, provider.id), eq(notification.type, "chatMessage")))
      ).length;

    const first = await send(1);
    expect(await notified()).toBe(1);
    // An hour later the text is inserted and the room's last message time moved; the stretch is not read again.
    clock.advance(3_600_000);
    statements = 0;
    await send(2);
    expect(statements).toBe(2);
    expect(await notified()).toBe(1);

    // The provider reads the room here: the next text opens a new stretch, read and notified.
    await markRead(db, clock, provider, code, first.id);
    statements = 0;
    await send(3);
    expect(statements).toBeGreaterThan(1);
    expect(await notified()).toBe(2);
  });
});
