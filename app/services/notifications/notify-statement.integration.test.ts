import type { Logger } from "drizzle-orm";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { createTestDatabase } from "#tests/setup/database";
import { insertMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { notifyEach } from "./notify.server";

let runtime: Runtime;
const clock = new FixedClock(new Date("2026-03-02T03:00:00Z"));
/** The statements that store notifications, with their parameters. */
let stores: { query: string; params: unknown[] }[] = [];
const logger: Logger = {
  logQuery: (query, params) =>
    void (/insert into notification/.test(query) && stores.push({ query, params })),
};

beforeAll(async () => {
  runtime = await createTestRuntime({ clock, database: await createTestDatabase(logger) });
});

describe("notifying many members at once", () => {
  it("is one statement whose text and parameters do not grow with the notifications, values kept exactly", async () => {
    const actor = await insertMember(runtime.db, { nickname: "보내는이" });
    // Values an array's text form must escape: quotes, braces, commas, backslashes, and an absent actor.
    const tricky = { nickname: `따옴표 " 중괄호 {} 쉼표, 역슬래시 \\ 끝`, title: "NULL" };
    const send = async (count: number) => {
      const recipients = await Promise.all(Array.from({ length: count }, () => insertMember(runtime.db)));
      stores = [];
      await runInTransaction(runtime.db, clock, (uow) =>
        notifyEach(
          uow,
          recipients.map((recipient, index) => ({
            recipientId: recipient.id,
            type: "comment" as const,
            actorId: index % 2 === 0 ? actor.id : undefined,
            params: tricky,
            link: `/board/free/${index + 1}`,
          })),
        ),
      );
      return recipients.map((recipient) => recipient.id);
    };

    await send(2);
    const few = stores;
    const many = await send(40);
    expect(few).toHaveLength(1);
    expect(stores).toHaveLength(1);
    expect(stores[0]!.query).toBe(few[0]!.query);
    expect(stores[0]!.params).toHaveLength(few[0]!.params.length);

    const rows = await runtime.db.select().from(notification).where(inArray(notification.recipientId, many));
    expect(rows).toHaveLength(40);
    for (const [index, id] of many.entries()) {
      const row = rows.find((candidate) => candidate.recipientId === id)!;
      expect(row.params).toEqual(tricky);
      expect(row.link).toBe(`/board/free/${index + 1}`);
      expect(row.actorId).toBe(index % 2 === 0 ? actor.id : null);
    }
    expect(
      await runtime.db.select().from(notification).where(eq(notification.actorId, actor.id)),
    ).toHaveLength(21);
  });
});
