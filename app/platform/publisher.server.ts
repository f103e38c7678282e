/**
 * Sends realtime events to the open pages of members. Services publish through here, so they never import the
 * Socket.IO server; the running server installs the real publisher, and without one (unit tests, scripts) events
 * go nowhere.
 */
export interface RealtimePublisher {
  /** Every connection of one signed-in member. */
  toMember(memberId: string, event: string, payload: object): void;
  /** Every connection of every signed-in member. */
  toMembers(event: string, payload: object): void;
  /** Every connection that joined a room (`kind:id`, see app/services/realtime/rooms.server.ts). */
  toRoom(room: string, event: string, payload: object): void;
  /** Disconnects every connection opened with this session (it ended: signed out, revoked, password changed). */
  closeSession(sessionId: string): void;
  /** Disconnects every connection of the member, whatever its session (all sessions ended). */
  closeMember(memberId: string): void;
}

/** The room of one member's connections, and the room of all signed-in connections. */
export const memberRoom = (memberId: string) => `member:${memberId}`;
export const MEMBERS_ROOM = "members";
/** The room of the connections opened with one session; only the server joins it, and nobody can leave it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

const silent: RealtimePublisher = {
  toMember: () => undefined,
  toMembers: () => undefined,
  toRoom: () => undefined,
  closeSession: () => undefined,
  closeMember: () => undefined,
};

// The server entry and the SSR bundle are separate module graphs: the publisher lives on globalThis, like the runtime.
const PUBLISHER = Symbol.for("motomate.realtimePublisher");
type Holder = { [PUBLISHER]?: RealtimePublisher };

/** Installs the publisher; what a partial one (a test's) leaves out goes nowhere. */
export function setRealtimePublisher(publisher: Partial<RealtimePublisher> | undefined) {
  (globalThis as Holder)[PUBLISHER] = publisher ? { ...silent, ...publisher } : undefined;
}

export function realtimePublisher(): RealtimePublisher {
  return (globalThis as Holder)[PUBLISHER] ?? silent;
}
