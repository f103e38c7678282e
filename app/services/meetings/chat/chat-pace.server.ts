import type { Database } from "#app/db/client.server";
import type { Clock } from "#app/platform/clock.server";
import { Paces, type PaceRule } from "#app/platform/pace";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";

/**
 * A member's messages to the chat, over the realtime link and the page's form together, every room counted: 20 at
 * once, then one a second. Faster than anybody types, slow enough that nobody floods a room.
 */
const CHAT_MEMBER_PACE: PaceRule = { burst: 20, perSecond: 1 };

// One count per running app (its database handle): tests with their own database start afresh.
const paces = new WeakMap<Database, Paces>();

/**
 * Counts one message the member is about to send and refuses it (`chat.too_fast`) beyond the pace. The page's send
 * action and the link's `chat:send` ask it before the message goes to `sendMessage` or the send queue.
 */
export function takeChatTurn(db: Database, clock: Clock, actor: Actor): void {
  let members = paces.get(db);
  if (!members) {
    members = new Paces(CHAT_MEMBER_PACE);
    paces.set(db, members);
  }
  if (!members.take(actor.id, clock.now().getTime())) throw new DomainError("chat", "too_fast");
}
