import { data, Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/new";
import { Field, FormAlert, Notice, SubmitButton } from "#app/components/auth/fields";
import { LocationPicker } from "#app/components/location/LocationPicker";
import { ProfileChoices } from "#app/components/members/ProfileChoices";
import { languageFromPath, localizePath, translate, type MessageKey } from "#app/i18n";
import { useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listFilterTable } from "#app/services/reference/filters.server";
import { member } from "#app/db/schema";
import { sendProfileMobileCode, verifyProfileMobile } from "#app/services/members/mobile.server";
import {
  completeProfile,
  hasSavedProfile,
  ProfileError,
  type ProfileInput,
} from "#app/services/members/profile.server";
import { LOCATIONS_MAX, snsKinds, weekdays } from "#app/services/members/profile-rules";
import { authDeps, formFailure, formText, requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { eq } from "drizzle-orm";

const guards: GuardName[] = ["first-auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "profileForm.title" };

/** Profile photos and shop photos together, in one form post. */
const MAX_FORM_BYTES = 40 * 1024 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, config } = getRuntime();
  if (await hasSavedProfile(db, viewer.id)) throw redirect(localizePath(language, "/login/welcome"));
  const [genres, businessTypes, businessHours, [owner]] = await Promise.all([
    listFilterTable(db, "motoGenre"),
    listFilterTable(db, "businessType"),
    listFilterTable(db, "businessHours"),
    db
      .select({ phone: member.phoneNumber, verified: member.phoneNumberVerified })
      .from(member)
      .where(eq(member.id, viewer.id)),
  ]);
  const options = (items: typeof genres) =>
    items.map((item) => ({ code: item.code, label: item.label[language] }));
  return {
    genres: options(genres),
    businessTypes: options(businessTypes),
    businessHours: options(businessHours),
    mobile: owner?.verified ? owner.phone : null,
    map: { tileUrl: config.mapTileUrl, attribution: config.mapTileAttribution },
  };
}

function readProfile(form: FormData): ProfileInput {
  const all = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const lats = all("locationLat");
  const lngs = all("locationLng");
  const codes = all("locationCode");
  const kinds = all("snsKind");
  const memberType = formText(form, "memberType");
  return {
    nickname: formText(form, "nickname"),
    introduction: formText(form, "introduction"),
    birthDate: formText(form, "birthDate"),
    ridingYears: Number(formText(form, "ridingYears") || Number.NaN),
    memberType: memberType === "individual" || memberType === "business" ? memberType : "",
    locations: all("locationAddress").map((simpleAddress, index) => ({
      simpleAddress,
      lat: Number(lats[index]),
      lng: Number(lngs[index]),
      areaCode: codes[index] || undefined,
    })),
    genres: all("genre"),
    sns: all("snsUrl")
      .map((url, index) => ({ kind: kinds[index] ?? "other", url }))
      .filter((link) => link.url.trim() !== ""),
    business:
      memberType === "business"
        ? {
            name: formText(form, "businessName"),
            number: formText(form, "businessNumber").trim(),
            tel: formText(form, "businessTel").trim(),
            typeCode: formText(form, "businessType"),
            years: Number(formText(form, "businessYears") || Number.NaN),
            days: all("businessDay"),
            opensAt: formText(form, "opensAt"),
            closesAt: formText(form, "closesAt"),
            introduction: formText(form, "businessIntro"),
            ownerName: formText(form, "ownerName"),
            email: formText(form, "businessEmail"),
            settlementPhone: formText(form, "settlementPhone").trim(),
          }
        : undefined,
  };
}

async function readFiles(form: FormData, name: string) {
  const files = form
    .getAll(name)
    .filter((value): value is File => typeof value !== "string" && value.size > 0);
  return Promise.all(
    files.map(async (file) => ({ body: Buffer.from(await file.arrayBuffer()), declaredType: file.type })),
  );
}

export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const viewer = await requireViewer(request);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    return data(
      {
        intent: "save",
        problems: { avatars: translate(language, "profileForm.error.upload_too_large") },
        values: {} as Record<string, string[]>,
      },
      { status: 413 },
    );
  }
  const form = await request.formData();
  const intent = formText(form, "intent");
  const phone = formText(form, "mobile").trim();
  const values = Object.fromEntries(
    [...new Set(form.keys())].map((key) => [
      key,
      form.getAll(key).filter((v): v is string => typeof v === "string"),
    ]),
  );
  try {
    if (intent === "send-code") {
      await sendProfileMobileCode(authDeps(), viewer.id, phone, request.headers);
      return { intent, sent: true, values };
    }
    if (intent === "verify-code") {
      await verifyProfileMobile(authDeps(), viewer.id, phone, formText(form, "code"));
      return { intent, verified: phone, values };
    }
  } catch (error) {
    const failure = formFailure(language, error);
    return data({ intent, ...failure.data, values }, failure.init ?? undefined);
  }
  const runtime = getRuntime();
  try {
    await completeProfile(runtime, viewer.id, readProfile(form), {
      avatars: await readFiles(form, "avatars"),
      businessImages: await readFiles(form, "businessImages"),
    });
  } catch (error) {
    if (!(error instanceof ProfileError)) {
      runtime.logger.error({ err: error }, "profile save failed");
      return data(
        { intent: "save", problems: { form: translate(language, "profileForm.saveFailed") }, values },
        { status: 500 },
      );
    }
    const problems = Object.fromEntries(
      Object.entries(error.problems).map(([field, code]) => [
        field,
        translate(language, `profileForm.error.${code}` as MessageKey),
      ]),
    );
    return data({ intent: "save", problems, values }, { status: 400 });
  }
  return redirect(localizePath(language, "/login/welcome"));
}

export default function FirstLogin({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const result = useActionData<typeof action>();
  const values = (result?.values ?? {}) as Record<string, string[]>;
  const value = (name: string) => values[name]?.[0];
  const problems = (result && "problems" in result ? result.problems : {}) as Record<string, string>;
  const mobile = result && "verified" in result ? result.verified : loaderData.mobile;
  const error = (field: string) => problems[field];
  const memberType = value("memberType") ?? "individual";
  const locations = (values.locationAddress ?? []).map((simpleAddress, index) => ({
    simpleAddress,
    lat: Number(values.locationLat?.[index]),
    lng: Number(values.locationLng?.[index]),
    areaCode: values.locationCode?.[index] || undefined,
  }));
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold">{t("profileForm.title")}</h1>
        <p className="text-muted mt-1 text-sm">{t("profileForm.intro")}</p>
      </header>

      <Form method="post" className="space-y-3" noValidate aria-labelledby="mobile-title">
        <h2 id="mobile-title" className="text-sm font-semibold">
          {t("profileForm.mobile")} *
        </h2>
        {mobile ? (
          <Notice>{t("profileForm.mobileVerified", { mobile })}</Notice>
        ) : (
          <>
            {result && "error" in result ? <FormAlert error={result.error} /> : null}
            {result && "sent" in result ? <Notice>{t("profileForm.codeSent")}</Notice> : null}
            <Field
              label={t("profileForm.mobile")}
              hint={t("profileForm.mobileHint")}
              name="mobile"
              inputMode="numeric"
              maxLength={11}
              defaultValue={value("mobile")}
            />
            <SubmitButton name="intent" value="send-code" variant="secondary">
              {t("profileForm.sendCode")}
            </SubmitButton>
            <Field
              label={t("profileForm.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <SubmitButton name="intent" value="verify-code" variant="secondary">
              {t("profileForm.verify")}
            </SubmitButton>
          </>
        )}
      </Form>

      <Form method="post" encType="multipart/form-data" className="space-y-5" noValidate>
        {problems.form ? <FormAlert error={{ code: "save_failed", message: problems.form }} /> : null}
        {Object.keys(problems).length > 0 && !problems.form ? (
          <FormAlert
            error={{ code: "invalid", message: t("profileForm.fixErrors"), reasons: Object.values(problems) }}
          />
        ) : null}
        {error("mobile") ? <p className="text-sm text-rose-700">{error("mobile")}</p> : null}
        <ProfileChoices
          values={values}
          problems={problems}
          memberType={memberType}
          genres={loaderData.genres}
          businessTypes={loaderData.businessTypes}
          businessHours={loaderData.businessHours}
          snsKinds={[...snsKinds]}
          weekdays={[...weekdays]}
        />
        <LocationPicker
          key={language}
          initial={locations.filter((location) => Number.isFinite(location.lat))}
          max={LOCATIONS_MAX}
          tileUrl={loaderData.map.tileUrl}
          attribution={loaderData.map.attribution}
          invalid={Boolean(error("locations"))}
        />
        {error("locations") ? <p className="text-sm text-rose-700">{error("locations")}</p> : null}
        <SubmitButton name="intent" value="save">
          {t("profileForm.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
