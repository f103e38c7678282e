import { languageFromPath, localizePath, stripLanguage } from "#app/i18n";
import { onboardingPage, type Onboarding } from "#app/services/members/onboarding";
import type { MemberRole } from "#app/db/schema";
import { isStaffRole } from "#app/services/permissions";

export const guardNames = [
  "auth",
  "main-auth",
  "first-auth",
  "expired-article",
  "expired-review",
  "clear-article-page",
  "clear-meeting-manage-index",
  "clear-search-model",
] as const;
export type GuardName = (typeof guardNames)[number];

/** Who is navigating, as far as the guards need to know. */
export interface Viewer {
  id: string;
  /** How far the member is through the first login; the onboarding machine says which page comes next. */
  onboarding: Onboarding;
  role?: MemberRole;
  twoFactorEnabled?: boolean;
}

export interface GuardContext {
  side: "server" | "client";
  url: URL;
  params: Record<string, string | undefined>;
  /**
   * The signed-in member, null for a visitor, undefined where it is not known (in the browser): sign-in guards then
   * leave the decision to the server half, which runs on the same navigation's data request.
   */
  viewer: Viewer | null | undefined;
}

export type GuardResult = { kind: "allow" } | { kind: "cancel" } | { kind: "redirect"; to: string };

type Guard = (context: GuardContext) => GuardResult;

const allow: GuardResult = { kind: "allow" };
const redirectTo = (to: string): GuardResult => ({ kind: "redirect", to });

/** Keys of client-held page state that the clear-* guards reset (session storage). */
export const clientStateKeys = {
  "clear-article-page": "motomate.articlePage",
  "clear-meeting-manage-index": "motomate.meetingManageIndex",
  "clear-search-model": "motomate.searchModel",
} as const;

function clearClientState(name: keyof typeof clientStateKeys): Guard {
  return ({ side }) => {
    if (side === "client") window.sessionStorage.removeItem(clientStateKeys[name]);
    return allow;
  };
}

function loginRedirect(url: URL): GuardResult {
  const language = languageFromPath(url.pathname);
  const back = `${url.pathname}${url.search}`;
  return redirectTo(`${localizePath(language, "/login")}?redirectTo=${encodeURIComponent(back)}`);
}

const guards: Record<GuardName, Guard> = {
  auth: ({ url, viewer }) => {
    if (viewer === undefined) return allow;
    if (!viewer) return loginRedirect(url);
    const language = languageFromPath(url.pathname);
    const step = onboardingPage(viewer.onboarding);
    if (step) return redirectTo(localizePath(language, step));
    // Staff (administrators, moderators, finance) must have two-factor on before anything else that needs sign-in.
    const settings = localizePath(language, "/setting/account");
    if (viewer.role && isStaffRole(viewer.role) && !viewer.twoFactorEnabled && url.pathname !== settings)
      return redirectTo(settings);
    return allow;
  },
  // Visitors may look around; a member who has not finished the first login is sent to its next step.
  "main-auth": ({ url, viewer }) => {
    const step = viewer ? onboardingPage(viewer.onboarding) : null;
    return step ? redirectTo(localizePath(languageFromPath(url.pathname), step)) : allow;
  },
  // Only signed-in members who have not finished the first-login profile belong on /login/new and /login/welcome.
  "first-auth": ({ url, viewer }) => {
    if (viewer === undefined) return allow;
    if (!viewer) return loginRedirect(url);
    if (!onboardingPage(viewer.onboarding))
      return redirectTo(localizePath(languageFromPath(url.pathname), "/"));
    return allow;
  },
  // A post address whose id cannot exist goes back to its list; a deleted post is shown by the post page itself.
  "expired-article": ({ url, params }) => {
    const id = params.boardId;
    if (id !== undefined && /^[1-9]\d{0,17}$/.test(id)) return allow;
    const path = stripLanguage(url.pathname);
    const list = path.slice(0, path.lastIndexOf("/")) || "/";
    return redirectTo(localizePath(languageFromPath(url.pathname), list));
  },
  "expired-review": ({ url }) => {
    const id = url.searchParams.get("id");
    if (id !== null && /^[1-9]\d{0,17}$/.test(id)) return allow;
    return redirectTo(localizePath(languageFromPath(url.pathname), "/review/motorcycle/list"));
  },
  "clear-article-page": clearClientState("clear-article-page"),
  "clear-meeting-manage-index": clearClientState("clear-meeting-manage-index"),
  "clear-search-model": clearClientState("clear-search-model"),
};

class UnknownGuardError extends Error {
  constructor(name: string) {
    super(`Unknown route middleware: ${name}`);
    this.name = "UnknownGuardError";
  }
}

/** Checks guard names when a route module loads, so a misspelt name fails loudly instead of letting everyone in. */
export function resolveGuards(names: readonly string[]): Guard[] {
  return names.map((name) => {
    if (!Object.hasOwn(guards, name)) throw new UnknownGuardError(name);
    return guards[name as GuardName];
  });
}

/** Runs the guards in order; the first that does not allow decides. */
export function runGuards(names: readonly string[], context: GuardContext): GuardResult {
  for (const guard of resolveGuards(names)) {
    const result = guard(context);
    if (result.kind !== "allow") return result;
  }
  return allow;
}
