import { AsyncLocalStorage } from "node:async_hooks";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { member, memberRoleOf, session, type MemberRole, type OnboardingState } from "#app/db/schema";
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
  const viewer = viewerOf(
    result.user as MemberOfSession,
    result.session,
    (findRuntime()?.clock ?? systemClock).now(),
  );
  return viewer ? { viewer, sessionId: result.session.id } : null;
}

/** What a viewer is made of: the session's member, with the columns the auth library reads for it. */
interface MemberOfSession {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phoneNumber?: string | null;
  role?: string | null;
  onboarding?: OnboardingState | null;
  withdrawnAt?: Date | null;
  suspendedFrom?: Date | null;
  suspendedUntil?: Date | null;
  twoFactorEnabled?: boolean | null;
}

/** The viewer of a session's member; null for a withdrawn account and for a suspension under way. */
function viewerOf(
  user: MemberOfSession,
  session: { createdAt: Date | string; expiresAt: Date | string },
  now: Date,
): SessionViewer | null {
  if (user.withdrawnAt) return null;
  // A session that outlived a suspension (its sessions end with it) opens nothing while the suspension lasts.
  if (suspendedAt(user, now)) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber ?? null,
    role: memberRoleOf(user.role ?? undefined),
    onboarding: user.onboarding ?? "signed_up",
    profileComplete: user.onboarding === "welcomed",
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    sessionCreatedAt: new Date(session.createdAt),
    sessionExpiresAt: new Date(session.expiresAt),
  };
}

/** How a session read again by its id came out (`sessionsById`). */
export type SessionState =
  /** Still open: its member now. */
  | { viewer: SessionViewer }
  /** Ended, expired, or its member withdrawn or suspended. */
  | { viewer: null }
  /** Due for the auth library's daily extension: read it through the library (`sessionFromHeaders`), which extends it. */
  | { refresh: true };

/**
 * Sessions read again by their ids, in one statement whatever their number: the realtime server's check of its
 * open connections, which would otherwise cost a lookup through the auth library each (its cookie verified again, its
 * statement built again). Only the columns a viewer is made of are read, and mapped as that lookup's are; a session
 * the library would extend now (`updateAge`) is left to it.
 */
export async function sessionsById(
  db: Database,
  ids: readonly string[],
  now: Date,
  extension: { expiresInMs: number; updateAgeMs: number },
): Promise<Map<string, SessionState>> {
  // Expiry and extension by the real time, as the library judges them; suspension by the app's clock, as above.
  const real = new Date();
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            session: { id: session.id, createdAt: session.createdAt, expiresAt: session.expiresAt },
            member: {
              id: member.id,
              name: member.name,
              email: member.email,
              emailVerified: member.emailVerified,
              phoneNumber: member.phoneNumber,
              role: member.role,
              onboarding: member.onboarding,
              withdrawnAt: member.withdrawnAt,
              suspendedFrom: member.suspendedFrom,
              suspendedUntil: member.suspendedUntil,
              twoFactorEnabled: member.twoFactorEnabled,
            },
          })
          .from(session)
          .innerJoin(member, eq(member.id, session.userId))
          .where(inArray(session.id, [...new Set(ids)]));
  const states = new Map<string, SessionState>(ids.map((id) => [id, { viewer: null }]));
  for (const row of rows) {
    if (row.session.expiresAt <= real) continue;
    // The library's rule: a session whose expiry was set at least `updateAge` ago is extended when it is read.
    if (row.session.expiresAt.getTime() - extension.expiresInMs + extension.updateAgeMs <= real.getTime()) {
      states.set(row.session.id, { refresh: true });
      continue;
    }
    states.set(row.session.id, { viewer: viewerOf(row.member, row.session, now) });
  }
  return states;
}
