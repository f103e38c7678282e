import { redirect } from "react-router";
import { languageFromPath, localizePath } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { sessionFromHeaders } from "#app/platform/viewer.server";
import type { Actor } from "#app/services/actor";
import { hasRecentSecurityCheck } from "#app/services/settlement/withdrawal-password.server";

/**
 * The withdrawal password's security check for pages: withdrawals and changes of the withdrawal account (and of the
 * password itself) need this session to have entered the right password within the last five minutes.
 */

async function sessionIdOf(request: Request): Promise<string | null> {
  return (await sessionFromHeaders(request.headers, getRuntime().auth))?.sessionId ?? null;
}

/** Whether this session of the member passed the security check within SECURITY_CHECK_MS. */
export async function hasSecurityCheck(request: Request, actor: Actor): Promise<boolean> {
  const sessionId = await sessionIdOf(request);
  if (!sessionId) return false;
  const { db, clock } = getRuntime();
  return hasRecentSecurityCheck(db, clock, actor.id, sessionId);
}

/** Sends the member to /settlement/securityCheck, back to this page after, unless this session passed it recently. */
export async function requireSecurityCheck(request: Request, actor: Actor): Promise<void> {
  if (await hasSecurityCheck(request, actor)) return;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(
    `${localizePath(languageFromPath(url.pathname), "/settlement/securityCheck")}?redirectTo=${encodeURIComponent(back)}`,
  );
}

/** The session behind a signed-in member's request (the security check is kept per session). */
export async function securitySessionId(request: Request): Promise<string | null> {
  return sessionIdOf(request);
}
