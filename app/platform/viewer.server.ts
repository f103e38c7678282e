import { AsyncLocalStorage } from "node:async_hooks";
import { memberRoleOf, type MemberRole, type OnboardingState } from "#app/db/schema";
import { suspendedAt } from "./auth/suspension.server";
import { systemClock } from "./clock.server";
import { findRuntime, getRuntime, type Runtime } from "./runtime.server";

/** The signed-in member as loaders and services need it (never the password, tokens or the session id). */
export interface SessionViewer {
  id: string;
  /** How far the member is through the first login (the onboarding machine's state). */
  onboarding: OnboardingState;
  /** The first login is complete: the onboarding machine has reached `welcomed`. */
  profileComplete: boolean;
  name: string;
  email: string;
  emailVerified: boolean;
  phoneNumber: string | null;
  role: MemberRole;
  twoFactorEnabled: boolean;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
}

type ViewerMemo = Map<string, Promise<SessionViewer | null>>;

// The server entry and the SSR bundle are separate module graphs: the request scope they share lives on
// globalThis under a registered symbol, as the runtime does.
const VIEWER_SCOPE = Symbol.for("motomate.viewer-scope");
type ScopeHolder = { [VIEWER_SCOPE]?: AsyncLocalStorage<ViewerMemo> };

function viewerScope(): AsyncLocalStorage<ViewerMemo> {
  const holder = globalThis as ScopeHolder;
  return (holder[VIEWER_SCOPE] ??= new AsyncLocalStorage<ViewerMemo>());
}

/**
 * Runs one request with its own viewer memo: the root loader, the route guards, the page's loaders and the JSON API
 * share one session lookup per session cookie. The HTTP edge opens it for requests that read (GET, HEAD) only: an
 * action may sign in, sign out or change the account, and the loaders a document POST runs afterwards must see it.
 */
export function withViewerScope<T>(run: () => T): T {
  return viewerScope().run(new Map(), run);
}

/** The signed-in member behind a request, from the session cookie; null for visitors, withdrawn and suspended accounts. */
export function getViewer(request: Request): Promise<SessionViewer | null> {
  return viewerFromHeaders(request.headers);
}

/** The same for any request's headers (pages and the JSON API alike). */
export async function viewerFromHeaders(
  headers: Headers,
  auth: Runtime["auth"] = getRuntime().auth,
): Promise<SessionViewer | null> {
  // Visitors carry no session cookie: no need to ask the session store.
  const cookie = headers.get("cookie");
  if (!cookie?.includes("session_token=")) return null;
  const memo = viewerScope().getStore();
  if (!memo) return lookUpViewer(headers, auth);
  let viewer = memo.get(cookie);
  if (!viewer) {
    viewer = lookUpViewer(headers, auth);
    memo.set(cookie, viewer);
    // A failed lookup is not kept: the next reader of the request asks again.
    viewer.catch(() => memo.delete(cookie));
  }
  return viewer;
}

async function lookUpViewer(headers: Headers, auth: Runtime["auth"]): Promise<SessionViewer | null> {
  return (await sessionFromHeaders(headers, auth))?.viewer ?? null;
}

/**
 * The viewer and the id of the session behind them, for the realtime server: it closes a session's connections when
 * the session ends. The id stays on the server; pages get the viewer only.
 */
export async function sessionFromHeaders(
  headers: Headers,
  auth: Runtime["auth"],
): Promise<{ viewer: SessionViewer; sessionId: string } | null> {
  if (!headers.get("cookie")?.includes("session_token=")) return null;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const user = result.user as typeof result.user & {
    phoneNumber?: string | null;
    role?: string;
    onboarding?: OnboardingState;
    withdrawnAt?: Date | null;
    suspendedFrom?: Date | null;
    suspendedUntil?: Date | null;
    twoFactorEnabled?: boolean | null;
  };
  if (user.withdrawnAt) return null;
  // A session that outlived a suspension (its sessions end with it) opens nothing while the suspension lasts.
  if (suspendedAt(user, (findRuntime()?.clock ?? systemClock).now())) return null;
  const viewer: SessionViewer = {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber ?? null,
    role: memberRoleOf(user.role),
    onboarding: user.onboarding ?? "signed_up",
    profileComplete: user.onboarding === "welcomed",
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    sessionCreatedAt: new Date(result.session.createdAt),
    sessionExpiresAt: new Date(result.session.expiresAt),
  };
  return { viewer, sessionId: result.session.id };
}
