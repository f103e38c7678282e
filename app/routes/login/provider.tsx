import { redirect } from "react-router";
import type { Route } from "./+types/provider";
import { getRuntime } from "#app/platform/runtime.server";
import { completeSocialSignIn, isEnabledProvider } from "#app/services/auth/social.server";
import { authDeps } from "#app/shell/auth.server";
import { notFound } from "#app/shell/input.server";

/** The social login return route: the provider sends the browser back here with its code and state. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isEnabledProvider(getRuntime().config, params.provider)) {
    notFound();
  }
  const { cookies, location } = await completeSocialSignIn(authDeps(), params.provider, request);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  throw redirect(location, { headers });
}

export default function ProviderReturn() {
  return null;
}
