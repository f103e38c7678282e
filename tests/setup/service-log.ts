import { randomUUID } from "node:crypto";
import type { Database } from "#app/db/client.server";
import { meeting, type MeetingKind, type MeetingPaymentStatus, type MeetingStatus } from "#app/db/schema";

/**
 * A meeting row written straight into `meeting` (no chat, no machine), for tests of what links to a meeting after
 * it happened: a repair meeting that ended, paid, by default.
 */
export async function insertPastMeeting(
  db: Database,
  requesterId: string,
  providerId: string,
  options: {
    kind?: MeetingKind;
    status?: MeetingStatus;
    paymentStatus?: MeetingPaymentStatus;
    amount?: number;
    endedAt?: Date;
  } = {},
): Promise<number> {
  const endedAt = options.endedAt ?? new Date("2026-10-05T05:00:00Z");
  const status = options.status ?? "ended";
  const [row] = await db
    .insert(meeting)
    .values({
      code: randomUUID(),
      kind: options.kind ?? "repair",
      requesterId,
      providerId,
      status,
      paymentStatus: options.paymentStatus ?? "paid",
      amount: options.amount ?? 85_000,
      endedAt: status === "ended" ? endedAt : null,
      lastMessageAt: endedAt,
      createdAt: endedAt,
      updatedAt: endedAt,
    })
    .returning({ id: meeting.id });
  return row!.id;
}
