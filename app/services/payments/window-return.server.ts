import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { meeting, paymentOrder } from "#app/db/schema";
import type { Actor } from "#app/services/actor";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";

/** The chat room of the meeting an order of the member's pays, where its window's outcome is told; null for none. */
export async function roomOfOrder(db: Database, actor: Actor, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ kind: meeting.kind, code: meeting.code })
    .from(paymentOrder)
    .innerJoin(meeting, eq(meeting.id, paymentOrder.meetingId))
    .where(and(eq(paymentOrder.orderId, orderId), eq(paymentOrder.requesterId, actor.id)))
    .limit(1);
  return row ? meetingChatPath(row) : null;
}
