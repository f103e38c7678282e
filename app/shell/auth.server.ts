import { data, redirect } from "react-router";
import { languageFromPath, localizePath, translate, type Language, type MessageKey } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer, type SessionViewer } from "#app/platform/viewer.server";
import type { AuthDeps } from "#app/services/auth/accounts.server";
import { AuthError, authErrorStatus } from "#app/services/auth/errors";

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
  if (!(error instanceof AuthError)) throw error;
  const body: { error: FormError; values: Record<string, string> } = {
    error: {
      code: error.code,
      message: translate(language, `auth.error.${error.code}` as MessageKey),
      reasons: error.details.reasons?.map((reason) =>
        translate(language, `auth.weak.${reason}` as MessageKey),
      ),
    },
    values,
  };
  const headers = new Headers();
  if (error.details.retryAfterMs)
    headers.set("Retry-After", String(Math.ceil(error.details.retryAfterMs / 1000)));
  return data(body, { status: authErrorStatus(error.code), headers });
}

/** Only paths of this site: "//host" and absolute URLs would send a member elsewhere after signing in. */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
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

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
