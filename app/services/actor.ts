import type { MemberRole } from "#app/db/schema";
import { grantsOf, isStaffRole, type Permission, type StaffRole } from "./permissions";

declare const checked: unique symbol;

interface Checked {
  readonly [checked]: true;
}

/** A signed-in member acting as a member (a staff member without two-step verification is one too). */
type MemberActor = Checked & { readonly kind: "member"; readonly id: string };
/**
 * A staff member (administrator, moderator, finance operator) with two-step verification on: the only way to act as
 * staff. What they may do is their role's grants (`can` in permissions.ts), never the role itself.
 */
export type StaffActor = Checked & {
  readonly kind: "staff";
  readonly id: string;
  readonly role: StaffRole;
  readonly permissions: readonly Permission[];
};

/**
 * Who reads or writes. Services take this type (or `Actor | null` where visitors may read), never a role string:
 * only `actorOf` makes one, so a raw session role cannot be passed where a checked one is expected.
 */
export type Actor = MemberActor | StaffActor;

/** What the session knows of the signed-in member, as far as acting goes. */
export interface ActingMember {
  id: string;
  role: MemberRole;
  twoFactorEnabled: boolean;
}

/**
 * The one rule: a member acts as staff only with a staff role and two-step verification on; otherwise as a member.
 * Visitors (null) are nobody.
 */
export function actorOf(viewer: ActingMember): Actor;
export function actorOf(viewer: ActingMember | null | undefined): Actor | null;
export function actorOf(viewer: ActingMember | null | undefined): Actor | null {
  if (!viewer) return null;
  const { id, role } = viewer;
  if (!isStaffRole(role) || !viewer.twoFactorEnabled) return Object.freeze({ kind: "member", id }) as Actor;
  return Object.freeze({ kind: "staff", id, role, permissions: grantsOf(role) }) as Actor;
}

/**
 * The application itself acting on a rule or a schedule (a welcome grant, a job), for nobody in particular. It is
 * not an `Actor`: no service that checks who may do something accepts it; records that say who caused them do.
 */
export type SystemActor = Checked & { readonly kind: "system"; readonly id: null };
export const systemActor: SystemActor = Object.freeze({ kind: "system", id: null }) as SystemActor;

/** Who caused a record: a member, a staff member or the system. */
export type ActorOrSystem = Actor | SystemActor;
