import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { languageFromPath, localizePath } from "#app/i18n";
import { signOut } from "#app/services/auth/accounts.server";
import { authDeps } from "#app/shell/auth.server";

/** Sign-out ends this device's session on the server and clears its cookies. */
export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const headers = await signOut(authDeps(), request.headers).catch(() => new Headers());
  return redirect(localizePath(language, "/"), { headers });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath(languageFromPath(new URL(request.url).pathname), "/"));
}
