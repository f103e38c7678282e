import type { Route } from "./+types/account-return";
import { languageFromPath, localizePath } from "#app/i18n";
import { requireViewer } from "#app/shell/auth.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { notFound } from "#app/shell/input.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];

/**
 * Where the e-mail verification link and a social account link come back to (Better Auth appends `?error=` on a
 * refusal): the outcome becomes a flash on /setting/account, so no query flag stays in the address.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const account = localizePath(languageFromPath(url.pathname), "/setting/account");
  const error = url.searchParams.get("error");
  if (params.outcome === "linked") {
    if (!error) return redirectWithFlash(account, { key: "auth.account.linked" });
    return redirectWithFlash(account, {
      key: error === "account_not_linked" ? "auth.error.account_not_linked" : "auth.error.social_failed",
      type: "error",
    });
  }
  if (params.outcome === "verified") {
    if (!error && viewer.emailVerified) return redirectWithFlash(account, { key: "auth.signIn.verified" });
    return redirectWithFlash(account, { key: "auth.error.link_invalid", type: "error" });
  }
  notFound();
}
