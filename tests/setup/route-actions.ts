import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import {
  RouterContextProvider,
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
} from "react-router";
import {
  adminAudit,
  member,
  session,
  verification,
  withdrawalPassword,
  type MemberRole,
} from "#app/db/schema";
import { CLIENT_IP_HEADER } from "#app/platform/auth/auth.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { actorOf, type Actor } from "#app/services/actor";
import { SECURITY_CHECK_MS } from "#app/services/settlement/settlement-rules";
import { FLASH_COOKIE } from "#app/shell/flash.server";
import { atFileEnd } from "./file-end";
import { createTestRuntime } from "./runtime";

/**
 * Route actions and loaders called directly, as epic-stack tests them: a real `Request` (form body, session
 * cookie, params) on this file's own runtime, and the answer read back whether the route returned or threw it.
 */

/** The password of every member made here. */
export const PASSWORD = "Saddle-Road-42!";

/** Starts this file's runtime and makes it the process's one (route modules read it through `getRuntime`). */
export async function startRouteRuntime(options: Parameters<typeof createTestRuntime>[0] = {}) {
  const runtime = await createTestRuntime(options);
  setRuntime(runtime);
  atFileEnd(() => setRuntime(undefined));
  return runtime;
}

/** A member signed up through Better Auth, holding the session cookie its sign-up set. */
export interface SignedInMember {
  id: string;
  email: string;
  nickname: string;
  cookie: string;
  /** The actor the session makes of this member, for setting up data through services. */
  actor: Actor;
}

let members = 0;

/**
 * Signs a member up and keeps the session cookie. The first-login profile is complete unless told otherwise; a
 * staff role and two-step verification are set on the stored member, where the session reads them.
 */
export async function signUpMember(
  runtime: Runtime,
  options: { role?: MemberRole; twoFactorEnabled?: boolean; profileComplete?: boolean } = {},
): Promise<SignedInMember> {
  members += 1;
  const tag = `${members}${Date.now().toString(36).slice(-5)}`;
  const email = `rider${tag}@example.com`;
  const nickname = `라이더${tag}`;
  const { headers, response } = await runtime.auth.api.signUpEmail({
    body: { email, password: PASSWORD, name: nickname },
    headers: new Headers({ [CLIENT_IP_HEADER]: `198.51.100.${members % 250}` }),
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error("Sign-up set no session cookie");
  const profileComplete = options.profileComplete ?? true;
  const role = options.role ?? "member";
  const twoFactorEnabled = options.twoFactorEnabled ?? false;
  await runtime.db
    .update(member)
    .set({
      nickname: profileComplete ? nickname : null,
      onboarding: profileComplete ? "welcomed" : "signed_up",
      role,
      twoFactorEnabled,
    })
    .where(eq(member.id, response.user.id));
  const id = response.user.id;
  return { id, email, nickname, cookie, actor: actorOf({ id, role, twoFactorEnabled }) };
}

/** The callers every action is tried with, besides visitors (no cookie at all). */
export interface Callers {
  owner: SignedInMember;
  other: SignedInMember;
  /** The administrator role without two-step verification: acts as a member, and is told to turn it on. */
  adminWithoutTwoFactor: SignedInMember;
  /** The administrator role with two-step verification on: the acting administrator, holding every permission. */
  admin: SignedInMember;
  /** The moderator role with two-step verification on: moderates content and manages members, nothing else. */
  moderator: SignedInMember;
  /** The finance role with two-step verification on: handles money and reads the audit log, nothing else. */
  finance: SignedInMember;
  /** Signed in, but the first-login profile is not done. */
  firstLogin: SignedInMember;
}

export async function signUpCallers(runtime: Runtime): Promise<Callers> {
  return {
    owner: await signUpMember(runtime),
    other: await signUpMember(runtime),
    adminWithoutTwoFactor: await signUpMember(runtime, { role: "admin" }),
    admin: await signUpMember(runtime, { role: "admin", twoFactorEnabled: true }),
    moderator: await signUpMember(runtime, { role: "moderator", twoFactorEnabled: true }),
    finance: await signUpMember(runtime, { role: "finance", twoFactorEnabled: true }),
    firstLogin: await signUpMember(runtime, { profileComplete: false }),
  };
}

/** A staff caller that holds some permissions and not others (the administrator holds them all). */
export type PartialStaff = "moderator" | "finance";

/**
 * Everybody a staff page or action needing one permission refuses, with how: a visitor is sent to sign in, an
 * administrator without two-step verification to turn it on, and members and the staff roles named (those whose
 * grants lack the permission) get the plain 404, since staff pages are not revealed.
 */
export function refusedCallers(
  callers: Callers,
  ...staffWithout: PartialStaff[]
): [string, SignedInMember | null, Outcome][] {
  return [
    ["a visitor", null, "sign-in"],
    ["a member", callers.owner, "not-found"],
    ["another member", callers.other, "not-found"],
    ["an administrator without two-step verification", callers.adminWithoutTwoFactor, "two-step"],
    ...staffWithout.map((role): [string, SignedInMember, Outcome] => [
      `a ${role}`,
      callers[role],
      "not-found",
    ]),
  ];
}

/**
 * What a call came to, by class: the `auth` guard's three refusals (sign in, finish the first-login profile, turn
 * on two-step verification), `refused` (403), `not-found` (404), `invalid` (any other 4xx), `failed` (5xx), and
 * `done` for any other answer (data, or a redirect to wherever success goes).
 */
export type Outcome =
  "sign-in" | "first-login" | "two-step" | "refused" | "not-found" | "invalid" | "failed" | "done";

export interface RouteAnswer {
  outcome: Outcome;
  status: number;
  location: string | null;
  /** Whether the answer sets a flash message for the next page. */
  flashed: boolean;
  /** Whether the browser is told to load the redirect's address as a new document (React Router's `redirectDocument`). */
  newDocument: boolean;
  data: unknown;
}

function outcomeOf(status: number, location: string | null, flashed = false): Outcome {
  if (location !== null) {
    const { pathname, searchParams } = new URL(location, "http://localhost");
    const path = pathname.replace(/^\/en(?=\/|$)/, "") || "/";
    if (path === "/login" && searchParams.has("redirectTo")) return "sign-in";
    if (path === "/login/new") return "first-login";
    // The guard's redirect carries no flash; the page's own success (a flash message) does.
    if (path === "/setting/account" && searchParams.size === 0 && !flashed) return "two-step";
    return "done";
  }
  if (status === 403 || status === 401) return "refused";
  if (status === 404) return "not-found";
  if (status >= 500) return "failed";
  if (status >= 400) return "invalid";
  return "done";
}

// `data()` answers are plain objects tagged with their type, not class instances the runtime exports.
function isDataAnswer(value: unknown): value is DataWithResponseInit<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

async function answerOf(value: unknown): Promise<RouteAnswer> {
  if (value instanceof Response) {
    const location = value.status >= 300 && value.status < 400 ? value.headers.get("Location") : null;
    const text = await value.text();
    const flashed = (value.headers.get("Set-Cookie") ?? "").includes(`${FLASH_COOKIE}=`);
    return {
      outcome: outcomeOf(value.status, location, flashed),
      status: value.status,
      location,
      flashed,
      newDocument: value.headers.has("X-Remix-Reload-Document"),
      data: text,
    };
  }
  if (isDataAnswer(value)) {
    const status = value.init?.status ?? 200;
    return {
      outcome: outcomeOf(status, null),
      status,
      location: null,
      flashed: false,
      newDocument: false,
      data: value.data,
    };
  }
  return { outcome: "done", status: 200, location: null, flashed: false, newDocument: false, data: value };
}

export interface RouteCall {
  /** The address the browser would post to (or load), with any query. */
  path: string;
  params?: Record<string, string>;
  /** Form fields; several values for one name as an array. */
  form?: Record<string, string | string[]>;
  /** Who calls: a signed-in member, or null for a visitor. */
  as: SignedInMember | null;
}

function requestOf(call: RouteCall, method: "GET" | "POST"): Request {
  const headers = new Headers();
  if (call.as) headers.set("Cookie", call.as.cookie);
  let body: URLSearchParams | undefined;
  if (method === "POST") {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(call.form ?? {}))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(new URL(call.path, "http://localhost:3999"), { method, headers, body });
}

// Route modules type their arguments from generated `+types`; any loader or action takes these arguments.
type DataFunction = (args: never) => unknown;

function run(fn: DataFunction, call: RouteCall, method: "GET" | "POST"): Promise<RouteAnswer> {
  return callWithRequest(fn, requestOf(call, method), call.params);
}

/** Calls a loader or action with a request made by the test (a body no browser form would send, …). */
export async function callWithRequest(
  fn: DataFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  const args = {
    request,
    url: new URL(request.url),
    pattern: new URL(request.url).pathname,
    params,
    context: new RouterContextProvider(),
  };
  try {
    return await answerOf(await fn(args as never));
  } catch (thrown) {
    if (thrown instanceof Response || isDataAnswer(thrown)) return answerOf(thrown);
    throw thrown;
  }
}

/** Posts a form to a route module's action. */
export function callAction(action: DataFunction, call: RouteCall): Promise<RouteAnswer> {
  return run(action, call, "POST");
}

/** Loads a route module's loader. */
export function callLoader(loader: DataFunction, call: Omit<RouteCall, "form">): Promise<RouteAnswer> {
  return run(loader, call, "GET");
}

/** The audit log's rows about one subject, oldest first: who acted, in which role, and what they did. */
export function auditActsOn(runtime: Runtime, kind: string, id: string | number) {
  return runtime.db
    .select({ action: adminAudit.action, adminId: adminAudit.adminId, role: adminAudit.role })
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectKind, kind), eq(adminAudit.subjectId, String(id))))
    .orderBy(adminAudit.id);
}

/** A short-lived mark of this caller's session, as the services write it (the step-up, the security check). */
async function markSession(
  runtime: Runtime,
  caller: SignedInMember,
  prefix: string,
  ms: number,
  clock: { now(): Date },
): Promise<SignedInMember> {
  const [row] = await runtime.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, caller.id));
  const now = clock.now();
  await runtime.db.insert(verification).values({
    id: randomUUID(),
    identifier: `${prefix}:${row!.id}`,
    value: caller.id,
    expiresAt: new Date(now.getTime() + ms),
    createdAt: now,
    updatedAt: now,
  });
  return caller;
}

/**
 * The staff member re-entered their authenticator code a moment ago on their session: what /admin/step-up records,
 * written directly, so money pages open to them for ten minutes of `clock`.
 */
export function steppedUp(
  runtime: Runtime,
  caller: SignedInMember,
  clock: { now(): Date } = runtime.clock,
): Promise<SignedInMember> {
  return markSession(runtime, caller, "step-up", 10 * 60_000, clock);
}

/**
 * The member entered their withdrawal password a moment ago on their session (/settlement/securityCheck); a member
 * without one is given one set a minute before (a check counts only for the password in force).
 */
export async function securityChecked(
  runtime: Runtime,
  caller: SignedInMember,
  clock: { now(): Date } = runtime.clock,
): Promise<SignedInMember> {
  const setAt = new Date(clock.now().getTime() - 60_000);
  await runtime.db
    .insert(withdrawalPassword)
    .values({ userId: caller.id, hash: await hashPassword("135790"), setAt, updatedAt: setAt })
    .onConflictDoNothing();
  return markSession(runtime, caller, "settlement-check", SECURITY_CHECK_MS, clock);
}
