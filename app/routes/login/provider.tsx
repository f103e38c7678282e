import { data, redirect } from "react-router";
import type { Route } from "./+types/provider";
import { languageFromPath } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { completeSocialSignIn, isEnabledProvider } from "#app/services/auth/social.server";
import { authDeps } from "#app/shell/auth.server";

/** The social login return route: the provider sends the browser back here with its code and state. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!isEnabledProvider(getRuntime().config, params.provider)) {
    throw data(`Page Not Found: ${pathname}`, { status: 404, statusText: `Page Not Found: ${pathname}` });
  }
  const response = await completeSocialSignIn(authDeps(), params.provider, request);
  const location = response.headers.get("location");
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (location) throw redirect(location, { headers });
  const language = languageFromPath(pathname);
  throw redirect(language === "en" ? "/en/login?error=social_failed" : "/login?error=social_failed", {
    headers,
  });
}

export default function ProviderReturn() {
  return null;
}
