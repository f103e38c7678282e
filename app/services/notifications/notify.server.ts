import type { Database } from "#app/db/client.server";
import { notification } from "#app/db/schema";

/** Codes of the integratedAlarmType filter table this service sends. */
export type AlarmType =
  | "comment"
  | "reply"
  | "like"
  | "announcement"
  | "event"
  | "meetingRequest"
  | "meetingReserved"
  | "meetingCancelled"
  | "meetingEnded"
  | "meetingReminder"
  | "paymentRequested"
  | "paymentCompleted"
  | "refundRequested"
  | "refundCompleted"
  | "chatMessage"
  | "spark"
  | "pointGift"
  | "coupon"
  | "settlement"
  | "marketComment";

export interface NotifyInput {
  recipientId: string;
  type: AlarmType;
  /** The member whose action caused it; nobody is notified of their own action. */
  actorId?: string | null;
  /** Values for the localised message: nickname, title … */
  params?: Record<string, string | number>;
  /** The Korean-locale path the notification opens. */
  link?: string | null;
}

/**
 * Sends one notification. Call it after the write that caused it has committed. (First version: stores the row;
 * the notification service adds settings, blocking and the live unread count.)
 */
export async function notify(db: Database, input: NotifyInput): Promise<void> {
  if (input.actorId && input.actorId === input.recipientId) return;
  await db.insert(notification).values({
    recipientId: input.recipientId,
    type: input.type,
    actorId: input.actorId ?? null,
    params: input.params ?? {},
    link: input.link ?? null,
  });
}

/** Sends the same notification to many members (announcements, events). */
export async function notifyMany(
  db: Database,
  recipientIds: readonly string[],
  input: Omit<NotifyInput, "recipientId">,
): Promise<void> {
  for (const recipientId of recipientIds) await notify(db, { ...input, recipientId });
}
