import { findRuntime } from "#app/platform/runtime.server";
import { actorOf, type ActingMember, type Actor } from "#app/services/actor";
import { mayEnterRoom } from "#app/services/meetings/chat/room.server";

/**
 * Who may join which realtime room. A room is named `kind:id`; each kind has one rule, asked on every join, so a
 * page can only listen where its member may read. A kind without a rule (or a malformed name) is refused.
 */
type RoomRule = (actor: Actor | null, id: string) => boolean | Promise<boolean>;

const roomRules: Record<string, RoomRule> = {
  // A member's own notifications: joined by the server at connection, and by nobody else.
  member: (actor, id) => actor?.id === id,
  // A meeting's chat (`meeting:{code}`): its two sides, and administrators reading it for a dispute.
  meeting: (actor, code) => {
    const runtime = findRuntime();
    return actor !== null && runtime !== undefined && mayEnterRoom(runtime.db, actor, code);
  },
};

const roomName = /^([a-z][a-z-]*):([A-Za-z0-9_-]{1,100})$/;

export async function mayJoinRoom(viewer: ActingMember | null, room: string): Promise<boolean> {
  const match = roomName.exec(room);
  if (!match) return false;
  const [, kind, id] = match as unknown as [string, string, string];
  const rule = Object.hasOwn(roomRules, kind) ? roomRules[kind] : undefined;
  if (!rule) return false;
  return rule(actorOf(viewer), id);
}
