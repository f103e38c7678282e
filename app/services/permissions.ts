import type { MemberRole } from "#app/db/schema";
import type { Actor, StaffActor } from "./actor";

/** The staff roles: they act as staff only with two-step verification on (`actorOf`). */
export type StaffRole = Exclude<MemberRole, "member">;
export const staffRoles = ["admin", "moderator", "finance"] as const satisfies readonly StaffRole[];

export const permissions = [
  "moderate:content",
  "manage:members",
  "manage:site",
  "manage:money",
  "read:audit",
] as const;
export type Permission = (typeof permissions)[number];

/** The one table of grants (ADR 055): what each staff role may do. */
const grants: Record<StaffRole, readonly Permission[]> = {
  admin: permissions,
  moderator: ["moderate:content", "manage:members"],
  finance: ["manage:money", "read:audit"],
};

export function isStaffRole(role: MemberRole): role is StaffRole {
  return role !== "member";
}

export function grantsOf(role: StaffRole): readonly Permission[] {
  return grants[role];
}

/** Whether the actor acts as staff, whatever their permissions. */
export function isStaff(actor: Actor | null | undefined): actor is StaffActor {
  return actor?.kind === "staff";
}

/** Whether the actor acts as staff holding the permission. Members and visitors hold none. */
export function can(actor: Actor | null | undefined, permission: Permission): actor is StaffActor {
  return actor?.kind === "staff" && actor.permissions.includes(permission);
}

/** The service's refusal unless the actor holds the permission; `fail` makes the area's own error. */
export function requirePermission(
  actor: Actor | null | undefined,
  permission: Permission,
  fail: () => Error,
): asserts actor is StaffActor {
  if (!can(actor, permission)) throw fail();
}

/** The author of something, or staff who moderate content: who may edit or delete it. */
export function mayManage(actor: Actor | null | undefined, authorId: string): boolean {
  if (!actor) return false;
  return actor.id === authorId || can(actor, "moderate:content");
}
