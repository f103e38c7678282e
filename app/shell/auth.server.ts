import { redirect } from "react-router";
import { languageFromPath, localizePath, type Language } from "#app/i18n";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer, type SessionViewer } from "#app/platform/viewer.server";
import { actorOf, type Actor } from "#app/services/actor";
import type { ActingFrom } from "#app/services/admin/audit.server";
import type { AuthDeps } from "#app/services/auth/accounts.server";
import { consentField, consentKinds, type SignUpConsents } from "#app/services/auth/consents";
import { domainFailure } from "./domain.server";
import { runGuards } from "./guards";
import { safeRedirectPath } from "#app/services/auth/redirect-path";

export function authDeps(): AuthDeps {
  const { auth, db, clock, messaging, config, storage } = getRuntime();
  return { auth, db, clock, messaging, config, storage };
}

export interface FormError {
  code: string;
  message: string;
  reasons?: string[];
}

/** The answer of a failed form: a localised message, and what was typed (never passwords) so nothing is lost. */
export function formFailure(language: Language, error: unknown, values: Record<string, string> = {}) {
  return domainFailure(language, error, values);
}

/** The page's language and where to go after a sign-in form, taken from the request. */
export function requestTarget(request: Request) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  return {
    url,
    language,
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), localizePath(language, "/")),
  };
}

export async function requireViewer(request: Request): Promise<SessionViewer> {
  const viewer = await getViewer(request);
  if (viewer) return viewer;
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  throw redirect(
    `${localizePath(language, "/login")}?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`,
  );
}

/**
 * The signed-in member behind an action that changes data, held to the `auth` guard's rules whatever the route's
 * middleware says (an action may be posted to a page that visitors may read): a visitor is sent to sign in, a member
 * without the first-login profile to finish it, an administrator without two-step verification to turn it on.
 */
export async function requireSignedIn(request: Request): Promise<{ viewer: SessionViewer; actor: Actor }> {
  const viewer = await getViewer(request);
  const verdict = runGuards(["auth"], { side: "server", url: new URL(request.url), params: {}, viewer });
  if (verdict.kind === "redirect") throw redirect(verdict.to);
  // The auth guard lets nobody through without a session.
  return { viewer: viewer!, actor: actorOf(viewer!) };
}

/** The acting identity behind an action that changes data (see `requireSignedIn`). */
export async function requireActor(request: Request): Promise<Actor> {
  return (await requireSignedIn(request)).actor;
}

/** Where an administrator's request came from, for the audit log: the address the edge read (server/app.ts). */
export function actingFrom(request: Request): ActingFrom {
  return { address: request.headers.get(CLIENT_IP_HEADER) };
}

/** The consent boxes of a sign-up form, and the same as form values to give back after a refusal. */
export function formConsents(form: FormData) {
  const consents = Object.fromEntries(
    consentKinds.map((kind) => [kind, form.get(consentField(kind)) !== null]),
  ) as unknown as SignUpConsents;
  const values: Record<string, string> = {};
  for (const kind of consentKinds) if (consents[kind]) values[consentField(kind)] = "on";
  return { consents, values };
}
