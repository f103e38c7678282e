import { eq } from "drizzle-orm";
import { meeting, meetingMessage, type MeetingMessageKind } from "#app/db/schema";
import { realtimePublisher } from "#app/platform/publisher.server";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { CHAT_MESSAGE_EVENT, meetingRoom } from "./chat.schema";

export type MeetingMessage = typeof meetingMessage.$inferSelect;

/**
 * The system lines a meeting's chat shows, written by its transitions and jobs. The page words each one from
 * `chat.system.{event}` with the stored values.
 */
export type SystemEvent =
  | "requestOpened"
  | "appointmentSet"
  | "placeSet"
  | "reservationConfirmed"
  | "reservationCancelled"
  | "meetingEnded"
  | "meetingExpired"
  | "reminder60"
  | "reminder30"
  | "noShowReported"
  | "paymentRequested"
  | "paymentFree"
  | "paymentRequestChanged"
  | "paymentRequestWithdrawn"
  | "paymentCompleted"
  | "refundRequested"
  | "refundCompleted"
  | "refundDeclined";

/** One chat message as pages and the realtime room see it. */
export interface ChatMessageView {
  id: number;
  kind: MeetingMessageKind;
  /** Null for a system line. */
  senderId: string | null;
  body: string;
  image: { url: string; width: number; height: number } | null;
  event: SystemEvent | null;
  values: Record<string, string | number | null> | null;
  /** The text looks like a phone or account number: the page reminds both sides to keep the deal in the app. */
  flagged: boolean;
  /** The sender's own id for it, so the sending page recognises its message when the room pushes it back. */
  clientId: string | null;
  createdAt: string;
}

export function messageView(row: MeetingMessage): ChatMessageView {
  return {
    id: row.id,
    kind: row.kind,
    senderId: row.senderId,
    body: row.body,
    image:
      row.imageUrl && row.imageWidth && row.imageHeight
        ? { url: row.imageUrl, width: row.imageWidth, height: row.imageHeight }
        : null,
    event: (row.event as SystemEvent | null) ?? null,
    values: row.eventValues ?? null,
    flagged: row.flagged,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The payload of `chat:message`: the room it belongs to and the stored message. */
export interface ChatMessagePush {
  room: string;
  message: ChatMessageView;
}

/** Pushes a stored message to the meeting's room once its unit has committed. */
export function publishMessageAfterCommit(uow: UnitOfWork, code: string, row: MeetingMessage): void {
  const payload: ChatMessagePush = { room: meetingRoom(code), message: messageView(row) };
  uow.afterCommit(() => realtimePublisher().toRoom(payload.room, CHAT_MESSAGE_EVENT, payload));
}

/**
 * Writes one system message into a meeting's chat inside the caller's unit of work and moves the meeting's last
 * message time, so the conversation list orders by it. The open room pages receive it after the commit.
 */
export async function appendSystemMessage(
  uow: UnitOfWork,
  meetingId: number,
  event: SystemEvent,
  values: Record<string, string | number | null> = {},
): Promise<MeetingMessage> {
  const [row] = await uow.tx
    .insert(meetingMessage)
    .values({ meetingId, senderId: null, kind: "system", event, eventValues: values, createdAt: uow.now })
    .returning();
  const [room] = await uow.tx
    .update(meeting)
    .set({ lastMessageAt: uow.now })
    .where(eq(meeting.id, meetingId))
    .returning({ code: meeting.code });
  if (room) publishMessageAfterCommit(uow, room.code, row!);
  return row!;
}
