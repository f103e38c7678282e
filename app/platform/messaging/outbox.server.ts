import { and, desc, eq } from "drizzle-orm";
import type { Clock } from "#app/platform/clock.server";
import type { Database } from "#app/db/client.server";
import { outboxMessage } from "#app/db/schema";
import { assertMobileNumber, type EmailSender, type SmsSender } from "./types";

/**
 * The local adapters: nothing leaves the machine, every message is stored in `outbox_message` and read on the outbox
 * page in development (and by administrators). They are the default when no SMTP server or SMS provider is set.
 */

export type OutboxChannel = "email" | "sms";

export interface OutboxMessageDto {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

export function createOutboxEmailSender(db: Database, clock: Clock): EmailSender {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(outboxMessage).values({
        channel: "email",
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        createdAt: clock.now(),
      });
    },
  };
}

export function createOutboxSmsSender(db: Database, clock: Clock): SmsSender {
  return {
    kind: "outbox",
    async send(message) {
      // The same check as the real provider adapter, so that a bad number fails in development too.
      assertMobileNumber(message.to);
      await db.insert(outboxMessage).values({
        channel: "sms",
        recipient: message.to,
        subject: null,
        body: message.text,
        createdAt: clock.now(),
      });
    },
  };
}

const columns = {
  id: outboxMessage.id,
  channel: outboxMessage.channel,
  recipient: outboxMessage.recipient,
  subject: outboxMessage.subject,
  body: outboxMessage.body,
  createdAt: outboxMessage.createdAt,
};

/** Stored messages, newest first, optionally only those to one recipient. */
export async function listOutbox(
  db: Database,
  options: { limit?: number; recipient?: string } = {},
): Promise<OutboxMessageDto[]> {
  const { limit = 50, recipient } = options;
  const rows = await db
    .select(columns)
    .from(outboxMessage)
    .where(recipient === undefined ? undefined : eq(outboxMessage.recipient, recipient))
    .orderBy(desc(outboxMessage.createdAt), desc(outboxMessage.id))
    .limit(limit);
  return rows.map(toDto);
}

/** The last message sent to `recipient` on `channel`, for example to read a code in development and tests. */
export async function latestOutboxMessage(
  db: Database,
  recipient: string,
  channel: OutboxChannel,
): Promise<OutboxMessageDto | undefined> {
  const [row] = await db
    .select(columns)
    .from(outboxMessage)
    .where(and(eq(outboxMessage.recipient, recipient), eq(outboxMessage.channel, channel)))
    .orderBy(desc(outboxMessage.createdAt), desc(outboxMessage.id))
    .limit(1);
  return row && toDto(row);
}

function toDto(row: OutboxMessageDto): OutboxMessageDto {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt,
  };
}
