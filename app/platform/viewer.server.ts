import type { OnboardingState } from "#app/db/schema";
import { getRuntime, type Runtime } from "./runtime.server";

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
  role: "member" | "admin";
  twoFactorEnabled: boolean;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
}

/** The signed-in member behind a request, from the session cookie; null for visitors and withdrawn accounts. */
export function getViewer(request: Request): Promise<SessionViewer | null> {
  return viewerFromHeaders(request.headers);
}

/** The same for any request's headers (pages and the JSON API alike). */
export async function viewerFromHeaders(
  headers: Headers,
  auth: Runtime["auth"] = getRuntime().auth,
): Promise<SessionViewer | null> {
  // Visitors carry no session cookie: no need to ask the session store.
  if (!headers.get("cookie")?.includes("session_token=")) return null;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const user = result.user as typeof result.user & {
    phoneNumber?: string | null;
    role?: string;
    onboarding?: OnboardingState;
    withdrawnAt?: Date | null;
    twoFactorEnabled?: boolean | null;
  };
  if (user.withdrawnAt) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber ?? null,
    role: user.role === "admin" ? "admin" : "member",
    onboarding: user.onboarding ?? "signed_up",
    profileComplete: user.onboarding === "welcomed",
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    sessionCreatedAt: new Date(result.session.createdAt),
    sessionExpiresAt: new Date(result.session.expiresAt),
  };
}
