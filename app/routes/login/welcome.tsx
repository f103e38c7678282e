import type { Route } from "./+types/welcome";
import { Form, redirect } from "react-router";
import { SubmitButton } from "#app/components/ui/fields";
import { LocalLink, useT } from "#app/i18n/react";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatNumber } from "#app/i18n/message";
import { getRuntime } from "#app/platform/runtime.server";
import { onboardingPage } from "#app/services/members/onboarding";
import { welcomeMember } from "#app/services/members/profile.server";
import { requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["first-auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "welcome.title" };

async function welcomeTarget(request: Request) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  // Before the profile is saved, the onboarding machine's next step is the profile page, not this one.
  if (onboardingPage(viewer.onboarding) === "/login/new")
    throw redirect(localizePath(language, "/login/new"));
  return { viewer, language };
}

/** Shows the welcome offer; opening the page changes nothing (a link from another site cannot grant points). */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await welcomeTarget(request);
  const { config } = getRuntime();
  return {
    nickname: viewer.name,
    offers: config.welcomePoints > 0,
    amount: formatNumber(config.welcomePoints),
  };
}

/** The button completes the first login and grants the welcome points once (a repeat grants nothing). */
export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await welcomeTarget(request);
  const { db, clock, config } = getRuntime();
  const { granted } = await welcomeMember(db, clock, viewer.id, config.welcomePoints);
  return { granted };
}

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-md space-y-6 text-center">
      <h1 className="text-2xl font-extrabold">{t("welcome.title")}</h1>
      <p>{t("welcome.text", { nickname: loaderData.nickname })}</p>
      {actionData ? (
        <>
          {loaderData.offers ? (
            <p role="status" className="rounded-xl bg-primary-soft px-4 py-3 font-semibold text-secondary">
              {actionData.granted
                ? t("welcome.granted", { amount: loaderData.amount })
                : t("welcome.already")}
            </p>
          ) : null}
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
        </>
      ) : (
        // A document post: once the first login is complete, revalidating this page would send the member away
        // before the answer is shown.
        <Form method="post" reloadDocument className="space-y-4">
          {loaderData.offers ? (
            <p className="rounded-xl bg-primary-soft px-4 py-3 font-semibold text-secondary">
              {t("welcome.offer", { amount: loaderData.amount })}
            </p>
          ) : null}
          <SubmitButton>{loaderData.offers ? t("welcome.claim") : t("welcome.start")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
