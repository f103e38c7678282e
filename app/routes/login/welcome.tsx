import type { Route } from "./+types/welcome";
import { redirect } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";
import { languageFromPath, localizePath } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import { hasSavedProfile, welcomeMember } from "#app/services/members/profile.server";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["first-auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "welcome.title" };

/** Completes the first login and grants the welcome points once (a repeat grants nothing). */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const { db, clock, config } = getRuntime();
  const language = languageFromPath(new URL(request.url).pathname);
  if (!(await hasSavedProfile(db, viewer.id))) throw redirect(localizePath(language, "/login/new"));
  const { granted } = await welcomeMember(db, clock, viewer.id, config.welcomePoints);
  return {
    nickname: viewer.name,
    granted,
    amount: config.welcomePoints.toLocaleString(language === "ko" ? "ko-KR" : "en-US"),
  };
}

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-md space-y-6 text-center">
      <h1 className="text-2xl font-extrabold">{t("welcome.title")}</h1>
      <p>{t("welcome.text", { nickname: loaderData.nickname })}</p>
      <p role="status" className="rounded-xl bg-primary-soft px-4 py-3 font-semibold text-secondary">
        {loaderData.granted ? t("welcome.granted", { amount: loaderData.amount }) : t("welcome.already")}
      </p>
      <div className="grid gap-2">
        <LocalLink
          to="/"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white"
        >
          {t("welcome.start")}
        </LocalLink>
        <LocalLink to="/my/point" className="text-link underline">
          {t("welcome.points")}
        </LocalLink>
      </div>
    </section>
  );
}
