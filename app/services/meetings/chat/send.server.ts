import { and, eq, inArray, sql } from "drizzle-orm";
import { displayName } from "#app/services/members/display-name.server";
import type { Database } from "#app/db/client.server";
import { meeting, meetingMessage, meetingRead, member } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import type { FileStorage } from "#app/platform/storage/types";
import {
  executor,
  runInTransaction,
  type DatabaseOrUnit,
  type UnitOfWork,
} from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { notifyEach } from "#app/services/notifications/notify.server";
import { storeImage, thumbnailPath, type UploadInput } from "#app/services/uploads/uploads.server";
import type { ChatErrorCode } from "./errors";
import { chatTextSchema, CLIENT_ID_PATTERN, hasContactNumber } from "./chat.schema";
import { markProviderAnswered } from "#app/services/meetings/meeting/meetings.server";
import {
  messageView,
  publishMessageAfterCommit,
  type MeetingMessage,
  type ChatMessageView,
} from "./messages.server";
import {
  MEETING_CODE_PATTERN,
  meetingRoleOf,
  type Meeting,
  type MeetingRole,
} from "#app/services/meetings/meeting/participants.server";
import { meetingChatPath } from "#app/services/meetings/meeting/paths";
import { roomFor, writable } from "./room.server";

const fail = (code: ChatErrorCode) => new DomainError("chat", code);

function assertWritable(role: MeetingRole, subject: Meeting) {
  if (role === "admin") throw fail("admin_read_only");
  if (!writable.has(subject.status)) throw fail("read_only");
}

/** The composer's text, checked by the schema the page checks it with. */
function checkedText(text: string): string {
  const parsed = chatTextSchema.safeParse(text);
  if (parsed.success) return parsed.data;
  throw fail(parsed.error.issues[0]?.message === "chat.error.text_length" ? "text_length" : "text_required");
}

/** A text, or a photo with the words typed beside it (none, or a text by the same rules), as one message. */
export type SendInput = { code: string; clientId: string } & (
  { text: string; image?: undefined } | { image: UploadInput; text?: string }
);

async function sentBefore(source: DatabaseOrUnit, meetingId: number, senderId: string, clientId: string) {
  const [row] = await executor(source)
    .select()
    .from(meetingMessage)
    .where(
      and(
        eq(meetingMessage.meetingId, meetingId),
        eq(meetingMessage.senderId, senderId),
        eq(meetingMessage.clientId, clientId),
      ),
    )
    .limit(1);
  return row;
}

/** One message to store, its room already found and its sender entitled to write there. */
interface Outgoing {
  subject: Meeting;
  role: MeetingRole;
  senderId: string;
  clientId: string;
  text: string;
  image: { url: string; width: number; height: number } | null;
}

/** What storing one message came to: the stored row (new, or the one a resend names), or the refusal. */
type Stored = { row: MeetingMessage; created: boolean } | { refused: DomainError };

const sendKey = (meetingId: number, senderId: string | null, clientId: string | null) =>
  `${meetingId}\u0000${senderId ?? ""}\u0000${clientId ?? ""}`;

/**
 * Stores messages of one or many rooms in the caller's unit of work, a statement per step whatever their number:
 * moves each open meeting's last message time (taking its row lock, so a transition closing the chat is seen; a
 * closed meeting's message is refused as read-only), inserts the messages (a resend's client id stores nothing
 * more and answers the message stored before), counts the providers' first answers, notifies each recipient once
 * per stretch of unread chat, and pushes every new message to its room after the commit.
 */
async function storeMessages(uow: UnitOfWork, items: readonly Outgoing[]): Promise<Stored[]> {
  const meetingIds = [...new Set(items.map((item) => item.subject.id))];
  const open = new Set(
    (
      await uow.tx
        .update(meeting)
        .set({ lastMessageAt: uow.now })
        // The rows are locked in id order, so units of several processes writing to the same rooms never wait
        // on each other in a circle.
        .where(
          sql`${meeting.id} in (select m.id from meeting m
            where m.id in (${sql.join(
              meetingIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and m.status in (${sql.join(
              [...writable].map((status) => sql`${status}`),
              sql`, `,
            )})
            order by m.id for update)`,
        )
        .returning({ id: meeting.id })
    ).map((row) => row.id),
  );
  const writing = items.filter((item) => open.has(item.subject.id));
  const added =
    writing.length === 0
      ? []
      : await uow.tx
          .insert(meetingMessage)
          .values(
            writing.map((item) => ({
              meetingId: item.subject.id,
              senderId: item.senderId,
              kind: item.image ? ("image" as const) : ("text" as const),
              body: item.text,
              imageUrl: item.image?.url ?? null,
              imageWidth: item.image?.width ?? null,
              imageHeight: item.image?.height ?? null,
              flagged: item.text !== "" && hasContactNumber(item.text),
              clientId: item.clientId,
              createdAt: uow.now,
            })),
          )
          .onConflictDoNothing()
          .returning();
  const created = new Map(added.map((row) => [sendKey(row.meetingId, row.senderId, row.clientId), row]));
  // Resends, and messages of a closed meeting that were stored before it closed.
  const others = items.filter((item) => !created.has(sendKey(item.subject.id, item.senderId, item.clientId)));
  const earlier = new Map(
    (others.length === 0
      ? []
      : await uow.tx
          .select()
          .from(meetingMessage)
          .where(
            sql`(${meetingMessage.meetingId}, ${meetingMessage.senderId}, ${meetingMessage.clientId}) in (${sql.join(
              others.map((item) => sql`(${item.subject.id}, ${item.senderId}, ${item.clientId})`),
              sql`, `,
            )})`,
          )
    ).map((row) => [sendKey(row.meetingId, row.senderId, row.clientId), row]),
  );

  const fresh = items.filter((item) => created.has(sendKey(item.subject.id, item.senderId, item.clientId)));
  if (fresh.length > 0) {
    await markProviderAnswered(
      uow,
      fresh.filter((item) => item.role === "provider").map((item) => item.subject.id),
    );
    const recipientOf = (item: Outgoing) =>
      item.role === "provider" ? item.subject.requesterId : item.subject.providerId;
    const [reads, senders] = [
      await uow.tx
        .select()
        .from(meetingRead)
        .where(inArray(meetingRead.meetingId, [...new Set(fresh.map((item) => item.subject.id))])),
      await uow.tx
        .select({ id: member.id, nickname: member.nickname, name: member.name })
        .from(member)
        .where(inArray(member.id, [...new Set(fresh.map((item) => item.senderId))])),
    ];
    const readUpTo = new Map(reads.map((row) => [`${row.meetingId}:${row.memberId}`, row.lastReadMessageId]));
    const nicknameOf = new Map(senders.map((row) => [row.id, displayName(row)]));
    await notifyEach(
      uow,
      fresh.map((item) => {
        const recipientId = recipientOf(item);
        return {
          recipientId,
          type: "chatMessage" as const,
          actorId: item.senderId,
          params: { nickname: nicknameOf.get(item.senderId) ?? "" },
          link: meetingChatPath(item.subject),
          // One notification per stretch of unread chat: reading the room opens the next stretch.
          dedupeKey: `chatMessage:${item.subject.id}:${readUpTo.get(`${item.subject.id}:${recipientId}`) ?? 0}`,
        };
      }),
    );
    for (const row of added) {
      const item = fresh.find((candidate) => candidate.subject.id === row.meetingId)!;
      publishMessageAfterCommit(uow, item.subject.code, row);
    }
  }

  return items.map((item): Stored => {
    const key = sendKey(item.subject.id, item.senderId, item.clientId);
    const row = created.get(key);
    if (row) return { row, created: true };
    const before = earlier.get(key);
    if (before) return { row: before, created: false };
    return { refused: fail("read_only") };
  });
}

/**
 * Sends a text (1–1000 characters) or an image (re-encoded by the upload service, metadata removed) with the words
 * typed beside it, if any, to a meeting's chat, as one of its two sides while it is open. The answer is the stored message: the sending page's
 * acknowledgement. The browser's `clientId` makes a resend (after a lost answer) store nothing more and answer the
 * same message. A text that looks like a phone or account number is flagged. The provider's message counts as their
 * answer; the other side is notified once while they have not read the chat since.
 */
export async function sendMessage(
  db: Database,
  clock: Clock,
  actor: Actor,
  input: SendInput,
  storage?: FileStorage,
): Promise<ChatMessageView> {
  if (typeof input.clientId !== "string" || !CLIENT_ID_PATTERN.test(input.clientId))
    throw fail("client_id_invalid");
  const text = input.image
    ? (input.text ?? "").trim() === ""
      ? ""
      : checkedText(input.text ?? "")
    : checkedText(input.text);
  const { meeting: subject, role } = await roomFor(db, actor, input.code);
  assertWritable(role, subject);
  const earlier = await sentBefore(db, subject.id, actor.id, input.clientId);
  if (earlier) return messageView(earlier);

  let image: Awaited<ReturnType<typeof storeImage>> | null = null;
  if (input.image) {
    if (!storage) throw new Error("Chat images need the file storage");
    image = await storeImage(storage, input.image.body, {
      kind: "post",
      declaredType: input.image.declaredType,
      clock,
    });
  }
  const removeImage = async () => {
    if (image && storage)
      await Promise.allSettled([storage.delete(image.key), storage.delete(thumbnailPath(image.key))]);
  };
  try {
    const [stored] = await runInTransaction(db, clock, (uow) =>
      storeMessages(uow, [{ subject, role, senderId: actor.id, clientId: input.clientId, text, image }]),
    );
    if (!stored || "refused" in stored) throw stored?.refused ?? fail("read_only");
    if (!stored.created) await removeImage();
    return messageView(stored.row);
  } catch (error) {
    await removeImage();
    throw error;
  }
}

/** A text for the chat, as the realtime link carries it. */
export interface TextSend {
  actor: Actor;
  code: unknown;
  clientId: unknown;
  text: unknown;
}

/**
 * Sends texts of many members to many rooms at once, each by the rules of `sendMessage`: one lookup of the rooms,
 * then one unit of work for all of them. Answers each send's stored message or its refusal, in order; a fault of
 * the unit itself (not a refusal) rejects the whole batch.
 */
export async function sendTexts(
  db: Database,
  clock: Clock,
  sends: readonly TextSend[],
): Promise<Array<ChatMessageView | DomainError>> {
  const answers: Array<ChatMessageView | DomainError | undefined> = sends.map(() => undefined);
  const checked: Array<{ index: number; send: TextSend; code: string; clientId: string; text: string }> = [];
  sends.forEach((send, index) => {
    try {
      if (typeof send.clientId !== "string" || !CLIENT_ID_PATTERN.test(send.clientId))
        throw fail("client_id_invalid");
      const text = checkedText(typeof send.text === "string" ? send.text : "");
      if (typeof send.code !== "string" || !MEETING_CODE_PATTERN.test(send.code))
        throw fail("room_code_invalid");
      checked.push({ index, send, code: send.code, clientId: send.clientId, text });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      answers[index] = error;
    }
  });
  const codes = [...new Set(checked.map((item) => item.code))];
  const rooms = new Map(
    (codes.length === 0 ? [] : await db.select().from(meeting).where(inArray(meeting.code, codes))).map(
      (row) => [row.code, row],
    ),
  );
  const outgoing: Array<{ index: number; item: Outgoing }> = [];
  for (const { index, send, code, clientId, text } of checked) {
    const subject = rooms.get(code);
    const role = subject ? meetingRoleOf(send.actor, subject) : null;
    if (!subject) answers[index] = fail("room_code_invalid");
    else if (!role) answers[index] = fail("no_permission");
    else if (role === "admin") answers[index] = fail("admin_read_only");
    else
      outgoing.push({ index, item: { subject, role, senderId: send.actor.id, clientId, text, image: null } });
  }
  if (outgoing.length > 0) {
    const stored = await runInTransaction(db, clock, (uow) =>
      storeMessages(
        uow,
        outgoing.map((entry) => entry.item),
      ),
    );
    stored.forEach((result, position) => {
      answers[outgoing[position]!.index] = "refused" in result ? result.refused : messageView(result.row);
    });
  }
  return answers.map((answer) => answer ?? fail("read_only"));
}
