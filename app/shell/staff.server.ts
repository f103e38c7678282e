import { redirect } from "react-router";
import { languageFromPath, localizePath } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { sessionFromHeaders } from "#app/platform/viewer.server";
import type { StaffActor } from "#app/services/actor";
import { stepUp, steppedUpRecently } from "#app/services/auth/step-up.server";
import { can, isStaff, type Permission } from "#app/services/permissions";
import { authDeps, requireSignedIn } from "./auth.server";
import { notFound } from "./input.server";

/** Permissions whose pages also want the authenticator code re-entered within the last ten minutes. */
const steppedUp: ReadonlySet<Permission> = new Set(["manage:money"]);

/**
 * The one guard of staff pages' loaders and actions: the `auth` guard's rules first (a visitor is sent to sign in,
 * staff without two-step verification to turn it on), then anybody without the permission gets the plain 404, so
 * staff pages are not revealed to those who may not use them. Money pages send staff whose last code is older than
 * ten minutes to /admin/step-up first (which page itself asks with `stepUpPage`). Answers the acting staff member.
 */
export async function requireStaff(
  request: Request,
  permission: Permission | "staff",
  options: { stepUpPage?: boolean } = {},
): Promise<StaffActor> {
  const { actor } = await requireSignedIn(request);
  if (!isStaff(actor) || (permission !== "staff" && !can(actor, permission))) notFound();
  if (permission !== "staff" && steppedUp.has(permission) && !options.stepUpPage)
    await requireFreshStepUp(request);
  return actor;
}

/** The session behind a staff request; the guard has let only signed-in members through. */
async function sessionIdOf(request: Request): Promise<string | null> {
  return (await sessionFromHeaders(request.headers, getRuntime().auth))?.sessionId ?? null;
}

/** The staff member re-entered their authenticator code on /admin/step-up: opens money pages to this session. */
export async function stepUpSession(request: Request, actor: StaffActor, code: string): Promise<void> {
  const sessionId = await sessionIdOf(request);
  if (!sessionId) notFound();
  await stepUp(authDeps(), actor, sessionId, code, request.headers);
}

async function requireFreshStepUp(request: Request) {
  const { db, clock } = getRuntime();
  const sessionId = await sessionIdOf(request);
  if (sessionId && (await steppedUpRecently(db, clock, sessionId))) return;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(
    `${localizePath(languageFromPath(url.pathname), "/admin/step-up")}?redirectTo=${encodeURIComponent(back)}`,
  );
}
