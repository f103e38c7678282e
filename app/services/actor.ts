declare const checked: unique symbol;

interface Checked {
  readonly [checked]: true;
}

/** A signed-in member acting as a member (an administrator without two-step verification is one too). */
type MemberActor = Checked & { readonly kind: "member"; readonly id: string };
/** An administrator with two-step verification on: the only way to act as an administrator. */
export type AdminActor = Checked & { readonly kind: "admin"; readonly id: string };

/**
 * Who reads or writes. Services take this type (or `Actor | null` where visitors may read), never a role string:
 * only `actorOf` makes one, so a raw session role cannot be passed where a checked one is expected.
 */
export type Actor = MemberActor | AdminActor;

/** What the session knows of the signed-in member, as far as acting goes. */
export interface ActingMember {
  id: string;
  role: "member" | "admin";
  twoFactorEnabled: boolean;
}

/**
 * The one rule: a member acts as an administrator only with the administrator role and two-step verification on;
 * otherwise as a member. Visitors (null) are nobody.
 */
export function actorOf(viewer: ActingMember): Actor;
export function actorOf(viewer: ActingMember | null | undefined): Actor | null;
export function actorOf(viewer: ActingMember | null | undefined): Actor | null {
  if (!viewer) return null;
  const kind = viewer.role === "admin" && viewer.twoFactorEnabled ? "admin" : "member";
  return Object.freeze({ kind, id: viewer.id }) as Actor;
}

export function isAdmin(actor: Actor | null | undefined): actor is AdminActor {
  return actor?.kind === "admin";
}

/** The author of something, or an administrator: who may edit or delete it. */
export function mayManage(actor: Actor | null | undefined, authorId: string): boolean {
  if (!actor) return false;
  return actor.id === authorId || isAdmin(actor);
}

/**
 * The application itself acting on a rule or a schedule (a welcome grant, a job), for nobody in particular. It is
 * not an `Actor`: no service that checks who may do something accepts it; records that say who caused them do.
 */
export type SystemActor = Checked & { readonly kind: "system"; readonly id: null };
export const systemActor: SystemActor = Object.freeze({ kind: "system", id: null }) as SystemActor;

/** Who caused a record: a member, an administrator or the system. */
export type ActorOrSystem = Actor | SystemActor;
