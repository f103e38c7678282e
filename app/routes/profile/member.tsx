import { data, Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/member";
import { FormAlert, Notice, SubmitButton } from "#app/components/auth/fields";
import { languageFromPath, localizePath, translate, type MessageKey } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  hiddenMemberIds,
  hideMember,
  pinMember,
  publicProfile,
  RelationError,
} from "#app/services/members/relations.server";
import { formText, requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "profile.title" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const { db } = getRuntime();
  const language = languageFromPath(new URL(request.url).pathname);
  try {
    const profile = await publicProfile(db, params.id);
    const hidden = (await hiddenMemberIds(db, viewer.id)).has(profile.id);
    return {
      profile: { ...profile, memberSince: profile.memberSince.toISOString().slice(0, 10) },
      own: profile.id === viewer.id,
      hidden,
      pageTitle: profile.nickname,
    };
  } catch (error) {
    if (error instanceof RelationError) {
      throw data(translate(language, "relations.error.user_not_found"), {
        status: 404,
        statusText: translate(language, "relations.error.user_not_found"),
      });
    }
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const form = await request.formData();
  const intent = formText(form, "intent");
  try {
    if (intent === "hide") await hideMember(db, clock, viewer.id, params.id);
    else await pinMember(db, clock, viewer.id, params.id);
  } catch (error) {
    if (!(error instanceof RelationError)) throw error;
    return data(
      {
        error: {
          code: error.code,
          message: translate(language, `relations.error.${error.code}` as MessageKey),
        },
      },
      { status: error.code === "user_not_found" ? 404 : 409 },
    );
  }
  return redirect(
    `${localizePath(language, `/profile/${params.id}`)}?done=${intent === "hide" ? "hidden" : "pinned"}`,
  );
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done");
  const { profile } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <header className="flex items-center gap-4">
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt={t("profile.avatarOf", { nickname: profile.nickname })}
            width={64}
            height={64}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-primary text-xl font-bold text-white"
          >
            {profile.nickname.slice(0, 2)}
          </span>
        )}
        <div>
          <h1 className="text-2xl font-extrabold">{profile.nickname}</h1>
          <p className="text-muted text-sm">{t("profile.memberSince", { date: profile.memberSince })}</p>
        </div>
      </header>
      {done === "hidden" ? <Notice>{t("relations.hiddenDone")}</Notice> : null}
      {done === "pinned" ? <Notice>{t("relations.pinnedDone")}</Notice> : null}
      <FormAlert error={result?.error} />
      {loaderData.hidden ? <p className="text-muted">{t("relations.isHidden")}</p> : null}
      {loaderData.own ? null : (
        <div className="grid grid-cols-2 gap-2">
          <Form method="post">
            <SubmitButton name="intent" value="pin" variant="secondary">
              {t("relations.pin")}
            </SubmitButton>
          </Form>
          <Form method="post">
            <SubmitButton name="intent" value="hide" variant="secondary">
              {t("relations.hide")}
            </SubmitButton>
          </Form>
        </div>
      )}
    </section>
  );
}
