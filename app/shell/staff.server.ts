import type { StaffActor } from "#app/services/actor";
import { can, type Permission } from "#app/services/permissions";
import { requireSignedIn } from "./auth.server";
import { notFound } from "./input.server";

/**
 * The one guard of staff pages' loaders and actions: the `auth` guard's rules first (a visitor is sent to sign in,
 * staff without two-step verification to turn it on), then anybody without the permission gets the plain 404, so
 * staff pages are not revealed to those who may not use them. Answers the acting staff member.
 */
export async function requireStaff(request: Request, permission: Permission): Promise<StaffActor> {
  const { actor } = await requireSignedIn(request);
  if (!can(actor, permission)) notFound();
  return actor;
}
