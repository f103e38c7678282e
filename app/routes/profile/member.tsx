import UserX from "lucide-react/icons/user-x";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/member";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath, messageKeyOr, translate, type MessageKey } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { MapView } from "#app/components/map/MapView";
import { Avatar } from "#app/components/ui/Avatar";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { isDomainError } from "#app/services/errors";
import { publicProfile } from "#app/services/members/profile-view.server";
import { profileRelationSchema } from "#app/services/members/relations.schema";
import { mannerSummary } from "#app/services/market/reviews.server";
import { MannerSummaryView } from "#app/components/market/MannerSummaryView";
import { GarageSection } from "#app/components/garage/GarageBits";
import { garageOf } from "#app/services/motorcycles/garage.server";
import { ReputationBadge } from "#app/components/reputation/ReputationBadge";
import { memberScore } from "#app/services/reputation/reputation.server";
import {
  blindMember,
  pinMember,
  relationState,
  unblindMember,
  unpinMember,
} from "#app/services/members/relations.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { domainAnswer } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm, missingPage } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "profile.title" };

const doneKeys = {
  pin: "relations.pinnedDone",
  unpin: "members.relation.unpinned",
  blind: "relations.blindedDone",
  unblind: "members.relation.unblinded",
} as const satisfies Record<string, MessageKey>;

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const { db } = getRuntime();
  const language = languageFromPath(new URL(request.url).pathname);
  try {
    const profile = await publicProfile(db, params.id, language);
    const own = profile.id === viewer.id;
    const manner = await mannerSummary(db, getRuntime().clock, profile.id);
    return {
      state: "found" as const,
      profile: { ...profile, memberSince: formatDate(language, profile.memberSince) },
      own,
      map: { tileUrl: getRuntime().config.mapTileUrl, attribution: getRuntime().config.mapTileAttribution },
      relation: own ? { blinded: false, pinned: false } : await relationState(db, viewer.id, profile.id),
      manner,
      garage: await garageOf(db, profile.id),
      reputation: await memberScore(db, profile.id),
      pageTitle: profile.nickname,
    };
  } catch (error) {
    if (!isDomainError(error, "relations")) throw error;
    // An unknown or withdrawn member has a page of its own, not the error screen.
    return missingPage({
      state: "missing" as const,
      pageTitle: translate(language, "members.missing.title"),
    });
  }
}

/** Pin, unpin, blind or unblind this member; the answer is the same page with a one-time message. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(
    await readForm(request),
    profileRelationSchema,
    language,
  );
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const { intent } = submission.value;
  try {
    if (intent === "pin") await pinMember(db, clock, actor.id, params.id);
    else if (intent === "unpin") await unpinMember(db, clock, actor.id, params.id);
    else if (intent === "blind") await blindMember(db, clock, actor.id, params.id);
    else await unblindMember(db, clock, actor.id, params.id);
  } catch (error) {
    if (!isDomainError(error, "relations")) throw error;
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body }, { status });
  }
  return redirectWithFlash(localizePath(language, `/profile/${encodeURIComponent(params.id)}`), {
    key: doneKeys[intent],
  });
}

function MissingMember() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10 text-center" data-profile-state="missing">
      <UserX className="text-muted mx-auto size-10" aria-hidden="true" />
      <h1 className="text-2xl font-extrabold">{t("members.missing.title")}</h1>
      <p className="text-muted">{t("members.missing.text")}</p>
      <LocalLink
        to="/"
        className="inline-flex min-h-11 items-center rounded-lg bg-primary px-5 font-semibold text-white hover:bg-primary-strong"
      >
        {t("members.missing.home")}
      </LocalLink>
    </section>
  );
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "missing") return <MissingMember />;
  return <FoundMember data={loaderData} />;
}

function FoundMember({
  data: loaderData,
}: {
  data: Extract<Route.ComponentProps["loaderData"], { state: "found" }>;
}) {
  const t = useT();
  const language = useLanguage();
  const result = useActionData<typeof action>();
  const { profile, relation } = loaderData;
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
          <ReputationBadge memberId={profile.id} score={loaderData.reputation} />
        </div>
      </header>
      <FormAlert error={result?.error} />
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
                      {t(
                        messageKeyOr(`profileForm.snsKindName.${link.kind}`, "profileForm.snsKindName.other"),
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <MannerSummaryView summary={loaderData.manner} />
      <GarageSection bikes={loaderData.garage} own={loaderData.own} />
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
        <div className="space-y-2">
          {relation.pinned ? <p className="text-muted text-sm">{t("members.relation.pinned")}</p> : null}
          {relation.blinded ? <p className="text-muted text-sm">{t("relations.isBlinded")}</p> : null}
          <div className="grid grid-cols-2 gap-2">
            <Form method="post">
              <SubmitButton name="intent" value={relation.pinned ? "unpin" : "pin"} variant="secondary">
                {relation.pinned ? t("relations.unpin") : t("relations.pin")}
              </SubmitButton>
            </Form>
            <Form method="post">
              {relation.blinded ? (
                <SubmitButton name="intent" value="unblind" variant="secondary">
                  {t("relations.unblind")}
                </SubmitButton>
              ) : (
                <ConfirmButton
                  name="intent"
                  value="blind"
                  className="surface inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
                  confirm={{
                    title: t("members.relation.blindConfirm", { nickname: profile.nickname }),
                    description: t("members.relation.blindConfirmText"),
                    action: t("relations.blind"),
                  }}
                >
                  {t("relations.blind")}
                </ConfirmButton>
              )}
            </Form>
          </div>
        </div>
      )}
    </section>
  );
}
