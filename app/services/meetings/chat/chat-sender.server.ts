import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import type { DomainError } from "#app/services/errors";
import { recordChatUnit } from "./chat-stages.server";
import { sendTexts, type TextSend } from "./send.server";
import type { ChatMessageView } from "./messages.server";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most texts one unit of work stores: a larger backlog is written in several units, one after another. */
const MAX_BATCH = 200;

interface Waiting {
  send: TextSend;
  /** When it arrived (`performance.now()`), for the stage figures. */
  arrivedAt: number;
  resolve: (answer: ChatMessageView | DomainError) => void;
  reject: (error: unknown) => void;
}

/**
 * The realtime link's way into the chat: texts arriving while a unit of work is being written wait for it to
 * finish and are then written together in the next one (group commit). One member typing alone gets their own unit
 * at once; a thousand conversations at once share a few units a second instead of a thousand, each answer still
 * sent when its own message is stored. Every rule is `sendTexts`'s, so the same as the page's form.
 */
export class ChatSendQueue {
  #waiting: Waiting[] = [];
  #writing = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Texts waiting for the unit being written. */
  get backlog(): number {
    return this.#waiting.length;
  }

  send(
    actor: Actor,
    payload: { code: unknown; clientId: unknown; text: unknown },
  ): Promise<ChatMessageView | DomainError> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        send: { actor, code: payload.code, clientId: payload.clientId, text: payload.text },
        arrivedAt: performance.now(),
        resolve,
        reject,
      });
      if (!this.#writing) {
        this.#writing = true;
        void this.#write();
      }
    });
  }

  async #writeAlone(item: Waiting) {
    try {
      const [answer] = await sendTexts(this.db, this.clock, [item.send]);
      item.resolve(answer!);
    } catch (error) {
      item.reject(error);
    }
  }

  async #write() {
    try {
      // Each unit starts after the event loop has read what the connections brought meanwhile (the database's
      // work keeps it busy between reads), so those texts join it instead of each waiting for a unit of its own.
      while ((await nextTurn(), this.#waiting.length > 0)) {
        const batch = this.#waiting.splice(0, MAX_BATCH);
        const startedAt = performance.now();
        try {
          const answers = await sendTexts(
            this.db,
            this.clock,
            batch.map((item) => item.send),
          );
          recordChatUnit(
            batch.map((item) => item.arrivedAt),
            startedAt,
          );
          batch.forEach((item, index) => item.resolve(answers[index]!));
        } catch (error) {
          // A fault of the shared unit (a lost connection, a deadlock): each text is tried once more on its own,
          // so one cannot fail the others.
          if (batch.length === 1) batch[0]!.reject(error);
          else await Promise.all(batch.map((item) => this.#writeAlone(item)));
        }
      }
    } finally {
      this.#writing = false;
    }
  }
}
