import { isLanguage, type Language } from "#app/i18n";
import type { RealtimeCommand } from "#app/platform/realtime.server";
import { findRuntime, type Runtime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf, type Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { takeChatTurn } from "#app/services/meetings/chat/chat-pace.server";
import { ChatSendQueue } from "#app/services/meetings/chat/chat-sender.server";
import { CHAT_SEND_EVENT, type ChatSendPayload } from "#app/services/meetings/chat/chat.schema";
import type { ChatMessageView } from "#app/services/meetings/chat/messages.server";
import { domainAnswer, type ErrorBody } from "./domain.server";

/** What `chat:send` answers: the stored message, or the refusal in the page's language. */
export type ChatSendAnswer = { ok: true; message: ChatMessageView } | { error: ErrorBody | { code: string } };

const queues = new WeakMap<Runtime, ChatSendQueue>();

function queueOf(runtime: Runtime): ChatSendQueue {
  let queue = queues.get(runtime);
  if (!queue) {
    queue = new ChatSendQueue(runtime.db, runtime.clock);
    queues.set(runtime, queue);
  }
  return queue;
}

/** The send, unless the member is over the chat's pace (`chat.too_fast`, refused before anything is queued). */
async function paced<T>(runtime: Runtime, actor: Actor, send: () => Promise<T>): Promise<T | DomainError> {
  try {
    takeChatTurn(runtime.db, runtime.clock, actor);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return send();
}

async function sendChatText(viewer: SessionViewer | null, payload: unknown): Promise<ChatSendAnswer> {
  const input = (typeof payload === "object" && payload !== null ? payload : {}) as Partial<ChatSendPayload>;
  const language: Language = isLanguage(input.language) ? input.language : "ko";
  const runtime = findRuntime();
  if (!runtime) return { error: { code: "failed" } };
  const actor = actorOf(viewer);
  const answer = actor
    ? await paced(runtime, actor, () =>
        queueOf(runtime).send(actor, { code: input.code, clientId: input.clientId, text: input.text }),
      )
    : new DomainError("chat", "no_permission");
  if (answer instanceof DomainError) return { error: domainAnswer(language, answer).error };
  return { ok: true, message: answer };
}

/** The requests pages send over the realtime link, by event name. */
export const realtimeCommands: Readonly<Record<string, RealtimeCommand>> = {
  [CHAT_SEND_EVENT]: sendChatText,
};
