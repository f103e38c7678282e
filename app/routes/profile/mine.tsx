import { useActionData } from "react-router";
import type { Route } from "./+types/mine";
import { ProfileForm } from "#app/components/members/ProfileForm";
import { Avatar } from "#app/components/ui/Avatar";
import { GarageSection } from "#app/components/garage/GarageBits";
import { garageOf } from "#app/services/motorcycles/garage.server";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { ownProfileView, profileFormValues } from "#app/services/members/profile-view.server";
import { updateProfile } from "#app/services/members/profile.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import {
  formValues,
  profileFailure,
  parseProfile,
  profileFormOptions,
  readFiles,
  PROFILE_FORM_LIMIT,
} from "#app/shell/profile-form.server";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "profile.mine" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, config } = getRuntime();
  const [options, values, view] = await Promise.all([
    profileFormOptions(db, language),
    profileFormValues(db, viewer.id, language),
    ownProfileView(db, viewer.id, language),
  ]);
  return {
    ...options,
    values,
    view,
    garage: await garageOf(db, viewer.id),
    nickname: viewer.name,
    map: { tileUrl: config.mapTileUrl, attribution: config.mapTileAttribution },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const form = await readForm(request, PROFILE_FORM_LIMIT);
  const values = formValues(form);
  const { input, refusal } = parseProfile(form, language, values);
  if (refusal) return refusal;
  try {
    await updateProfile(getRuntime(), actor.id, input, {
      avatars: await readFiles(form, "avatars"),
      businessImages: await readFiles(form, "businessImages"),
    });
  } catch (error) {
    return profileFailure(language, error, values);
  }
  return redirectWithFlash(localizePath(language, "/profile"), { key: "profile.saved" });
}

export default function MyProfile({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const values = (result?.values ?? loaderData.values) as Record<string, string[]>;
  const problems = (result?.problems ?? {}) as Record<string, string>;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <header className="flex items-center gap-4">
        <Avatar name={loaderData.nickname} src={loaderData.view.avatars[0]?.url} size="xl" />
        <div>
          <h1 className="text-2xl font-extrabold">{t("profile.mine")}</h1>
          <LocalLink to={`/profile/${loaderData.view.id}`} className="text-link text-sm underline">
            {t("profile.viewPublic")}
          </LocalLink>
        </div>
      </header>
      {loaderData.view.mainLocation ? (
        <p className="text-muted text-sm" data-testid="main-location">
          {t("profile.mainLocation", {
            area: loaderData.view.mainLocation.simple_address,
            lat: loaderData.view.mainLocation.latitude.toFixed(4),
            lng: loaderData.view.mainLocation.longitude.toFixed(4),
          })}
        </p>
      ) : null}
      {loaderData.view.avatars.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("profileForm.avatars")}>
          {loaderData.view.avatars.map((avatar, index) => (
            <li key={avatar.url}>
              <img
                src={avatar.url}
                alt={t("profile.avatarNumber", { number: index + 1 })}
                width={64}
                height={64}
                className="size-16 rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <GarageSection bikes={loaderData.garage} own />
      <ProfileForm
        today={loaderData.today}
        values={values}
        problems={problems}
        options={loaderData}
        map={loaderData.map}
        editing
      />
    </section>
  );
}
