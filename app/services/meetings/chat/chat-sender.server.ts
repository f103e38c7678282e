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

/**
 * How units gather texts while the chat is busy (a unit ended less than `busyMs` before): the next unit waits until
 * its oldest text has waited `gatherMs`, or until `gatherTexts` texts wait. A unit's fixed cost (its begin, its
 * statement's planning, its commit) is most of a small unit's: on the bench's load, units of about 25 texts instead of
 * 10–15 took the server's CPU from 106–109% of a core to 85–93% (ADR 067). A text arriving at a quiet chat is written
 * at once.
 */
export interface Gathering {
  gatherMs: number;
  gatherTexts: number;
  busyMs: number;
}

const GATHERING: Gathering = { gatherMs: 5, gatherTexts: 64, busyMs: 25 };

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
  /** When the last unit ended (`performance.now()`). */
  #lastUnitEnded = -Infinity;
  /** Ends the gathering early once enough texts wait. */
  #gathered: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly gathering: Gathering = GATHERING,
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
      } else if (this.#gathered && this.#waiting.length >= this.gathering.gatherTexts) this.#gathered();
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

  /** Waits until the oldest text has waited `gatherMs` or `gatherTexts` texts wait. */
  async #gather() {
    const wait = this.#waiting[0]!.arrivedAt + this.gathering.gatherMs - performance.now();
    if (wait <= 0 || this.#waiting.length >= this.gathering.gatherTexts) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.#gathered?.(), wait);
      this.#gathered = () => {
        clearTimeout(timer);
        this.#gathered = undefined;
        resolve();
      };
    });
  }

  async #write() {
    try {
      // Each unit starts after the event loop has read what the connections brought meanwhile (the database's
      // work keeps it busy between reads), so those texts join it instead of each waiting for a unit of its own.
      while ((await nextTurn(), this.#waiting.length > 0)) {
        if (performance.now() - this.#lastUnitEnded < this.gathering.busyMs) await this.#gather();
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
        this.#lastUnitEnded = performance.now();
      }
    } finally {
      this.#writing = false;
    }
  }
}
