import { translate, type Language } from "#app/i18n";
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID } from "#app/platform/auth/auth.server";
import { socialProviderIds, type AppConfig, type SocialProviderId } from "#app/platform/env.server";
import type { AuthDeps } from "./accounts.server";
import { safeRedirectPath } from "./redirect-path";
import type { ProviderOption } from "./social";
import { DomainError } from "#app/services/errors";

export function enabledProviders(config: Pick<AppConfig, "socialProviders" | "oidc">, language: Language) {
  const options: ProviderOption[] = socialProviderIds
    .filter((id) => config.socialProviders[id])
    .map((id) => ({ id, label: translate(language, `auth.provider.${id}`) }));
  if (config.oidc) options.push({ id: OIDC_PROVIDER_ID, label: config.oidc.name });
  return options;
}

function isBuiltIn(provider: string): provider is SocialProviderId {
  return (socialProviderIds as readonly string[]).includes(provider);
}

export function isEnabledProvider(config: Pick<AppConfig, "socialProviders" | "oidc">, provider: string) {
  return isBuiltIn(provider)
    ? Boolean(config.socialProviders[provider])
    : provider === OIDC_PROVIDER_ID && Boolean(config.oidc);
}

/**
 * Starts the authorization-code flow (state, and PKCE where the provider supports it) and answers the provider URL
 * to send the browser to. The provider returns to /login/{provider}.
 */
export async function startSocialSignIn(
  deps: AuthDeps,
  provider: string,
  target: { redirectTo: string; language: Language },
  headers: Headers,
  mode: "signIn" | "link" = "signIn",
) {
  const { auth } = deps;
  if (!isEnabledProvider(deps.config, provider)) throw new DomainError("auth", "login_failed");
  const loginPath = target.language === "en" ? "/en/login" : "/login";
  const callbackURL = safeRedirectPath(target.redirectTo, target.language === "en" ? "/en" : "/");
  const errorCallbackURL = mode === "link" ? callbackURL : loginPath;
  const body = { callbackURL, errorCallbackURL, disableRedirect: true };
  // Generic OpenID providers are registered as social providers and use the same endpoints.
  const result =
    mode === "link"
      ? await auth.api.linkSocialAccount({ body: { provider, ...body }, headers, returnHeaders: true })
      : await auth.api.signInSocial({ body: { provider, ...body }, headers, returnHeaders: true });
  if (!result.response.url) throw new DomainError("auth", "login_failed");
  return { url: result.response.url, headers: result.headers };
}

/**
 * The provider's return to /login/{provider}: Better Auth's callback checks state and PKCE and sets the session.
 * Answers the cookies to set and where to send the browser: a path of this site, whatever the callback said.
 */
export async function completeSocialSignIn(deps: AuthDeps, provider: string, request: Request) {
  const url = new URL(request.url);
  const callback = new Request(
    new URL(`/api/auth/callback/${provider}${url.search}`, deps.config.publicUrl),
    {
      method: "GET",
      headers: request.headers,
    },
  );
  const response = await deps.auth.handler(callback);
  const failed = `${url.pathname.startsWith("/en/") ? "/en/login" : "/login"}?error=social_failed`;
  const location = response.headers.get("location");
  let path: string | undefined;
  if (location) {
    const target = new URL(location, deps.config.publicUrl);
    // Better Auth's own error page is closed (see openAuthPaths): its failures go to the sign-in page instead.
    if (
      target.origin === new URL(deps.config.publicUrl).origin &&
      !target.pathname.startsWith(AUTH_BASE_PATH)
    )
      path = `${target.pathname}${target.search}${target.hash}`;
  }
  return { cookies: response.headers.getSetCookie(), location: safeRedirectPath(path, failed) };
}
