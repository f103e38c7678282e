import { data, Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/member";
import { FormAlert, Notice, SubmitButton } from "#app/components/auth/fields";
import { languageFromPath, localizePath, translate, type MessageKey } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { MapView } from "#app/components/map/MapView";
import { Avatar } from "#app/components/ui/Avatar";
import { publicProfile } from "#app/services/members/profile-view.server";
import {
  hiddenMemberIds,
  hideMember,
  pinMember,
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
      map: { tileUrl: getRuntime().config.mapTileUrl, attribution: getRuntime().config.mapTileAttribution },
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
  const language = useLanguage();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done");
  const { profile } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <header className="flex items-center gap-4">
        <Avatar
          name={profile.nickname}
          src={profile.avatarUrl}
          size="xl"
          alt={t("profile.avatarOf", { nickname: profile.nickname })}
        />
        <div>
          <h1 className="text-2xl font-extrabold">{profile.nickname}</h1>
          {profile.business ? <p className="font-semibold">{profile.business.name}</p> : null}
          <p className="text-muted text-sm">{t("profile.memberSince", { date: profile.memberSince })}</p>
        </div>
      </header>
      {done === "hidden" ? <Notice>{t("relations.hiddenDone")}</Notice> : null}
      {done === "pinned" ? <Notice>{t("relations.pinnedDone")}</Notice> : null}
      <FormAlert error={result?.error} />
      {loaderData.hidden ? <p className="text-muted">{t("relations.isHidden")}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {profile.introduction ? (
          <>
            <dt className="text-muted">{t("profileForm.introduction")}</dt>
            <dd>{profile.introduction}</dd>
          </>
        ) : null}
        {profile.ridingYears ? (
          <>
            <dt className="text-muted">{t("profileForm.ridingYears")}</dt>
            <dd>{profile.ridingYears}</dd>
          </>
        ) : null}
        {profile.area ? (
          <>
            <dt className="text-muted">{t("profileForm.locations")}</dt>
            <dd>{profile.area}</dd>
          </>
        ) : null}
        {profile.genres.length > 0 ? (
          <>
            <dt className="text-muted">{t("profileForm.genres")}</dt>
            <dd>{profile.genres.map((genre) => genre.label[language]).join(", ")}</dd>
          </>
        ) : null}
        {profile.sns.length > 0 ? (
          <>
            <dt className="text-muted">{t("profileForm.sns")}</dt>
            <dd>
              <ul>
                {profile.sns.map((link) => (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="text-link underline break-all"
                    >
                      {t(`profileForm.snsKindName.${link.kind}` as MessageKey)}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {profile.areaCenter && profile.area ? (
        <MapView
          center={profile.areaCenter}
          level={7}
          markers={[
            {
              ...profile.areaCenter,
              title: profile.area,
              infoWindow: { content: profile.area, visible: true },
            },
          ]}
          tileUrl={loaderData.map.tileUrl}
          attribution={loaderData.map.attribution}
          label={t("profile.areaMap", { area: profile.area })}
        />
      ) : null}
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
