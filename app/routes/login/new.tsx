import { data, Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/new";
import { ConsentFields } from "#app/components/auth/ConsentFields";
import { Field } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { ProfileForm } from "#app/components/members/ProfileForm";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { consentField, consentKinds } from "#app/services/auth/consents";
import { hasRequiredConsents, recordConsents } from "#app/services/auth/consents.server";
import {
  sendProfileMobileCode,
  verifiedMobile,
  verifyProfileMobile,
} from "#app/services/members/mobile.server";
import { onboardingPage } from "#app/services/members/onboarding";
import { completeProfile } from "#app/services/members/profile.server";
import { readForm } from "#app/shell/input.server";
import {
  formValues,
  profileFailure,
  parseProfile,
  profileFormOptions,
  readFiles,
  PROFILE_FORM_LIMIT,
} from "#app/shell/profile-form.server";
import { mobileStepForm } from "#app/services/auth/account.schema";
import { authDeps, formConsents, formFailure, requireViewer } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["first-auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "profileForm.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, config } = getRuntime();
  // The onboarding machine says where the member stands: this page only while the profile is to be saved.
  const step = onboardingPage(viewer.onboarding);
  if (step !== "/login/new") throw redirect(localizePath(language, step ?? "/"));
  const [options, mobile] = await Promise.all([
    profileFormOptions(db, language),
    verifiedMobile(db, viewer.id),
  ]);
  return {
    ...options,
    needsConsents: !(await hasRequiredConsents(db, viewer.id)),
    mobile,
    map: { tileUrl: config.mapTileUrl, attribution: config.mapTileAttribution },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const viewer = await requireViewer(request);
  const step = onboardingPage(viewer.onboarding);
  if (step !== "/login/new") return redirect(localizePath(language, step ?? "/"));
  const form = await readForm(request, PROFILE_FORM_LIMIT);
  const values = formValues(form);
  const mobileStep = parseSubmission(form, mobileStepForm);
  if (mobileStep.status !== "success") return refusedForm(language, mobileStep);
  const { intent, mobile: phone, code } = mobileStep.value;
  try {
    if (intent === "send-code") {
      await sendProfileMobileCode(authDeps(), viewer.id, phone, request.headers);
      return { intent, sent: true, values };
    }
    if (intent === "verify-code") {
      const verified = await verifyProfileMobile(authDeps(), viewer.id, phone, code);
      return { intent, verified, values };
    }
  } catch (error) {
    const failure = formFailure(language, error);
    return data({ intent, ...failure.data, values }, failure.init ?? undefined);
  }
  const runtime = getRuntime();
  // Members who joined through a provider have not ticked the consent boxes yet: they do it with the profile.
  const consentsRequired = !(await hasRequiredConsents(runtime.db, viewer.id));
  const { input, refusal } = parseProfile(form, language, values, { consentsRequired });
  if (refusal) return refusal;
  if (consentsRequired) {
    try {
      await recordConsents(runtime.db, runtime.clock.now(), viewer.id, formConsents(form).consents);
    } catch (error) {
      const failure = formFailure(language, error);
      return data(
        { intent: "save", problems: { consents: failure.data.error.message }, values },
        failure.init ?? undefined,
      );
    }
  }
  try {
    await completeProfile(runtime, viewer.id, input, {
      avatars: await readFiles(form, "avatars"),
      businessImages: await readFiles(form, "businessImages"),
    });
  } catch (error) {
    return profileFailure(language, error, values);
  }
  return redirect(localizePath(language, "/login/welcome"));
}

export default function FirstLogin({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const values = (result?.values ?? {}) as Record<string, string[]>;
  const value = (name: string) => values[name]?.[0];
  const problems = (result && "problems" in result ? result.problems : {}) as Record<string, string>;
  const mobile = result && "verified" in result ? result.verified : loaderData.mobile;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold">{t("profileForm.title")}</h1>
        <p className="text-muted mt-1 text-sm">{t("profileForm.intro")}</p>
      </header>

      <Form method="post" className="space-y-3" noValidate>
        {mobile ? (
          <Notice>{t("profileForm.mobileVerified", { mobile })}</Notice>
        ) : (
          <>
            {result && "error" in result ? <FormAlert error={result.error} /> : null}
            {result && "sent" in result ? <Notice>{t("profileForm.codeSent")}</Notice> : null}
            <Field
              label={`${t("profileForm.mobile")} *`}
              hint={t("profileForm.mobileHint")}
              name="mobile"
              type="tel"
              autoComplete="tel-national"
              maxLength={13}
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

      <ProfileForm
        today={loaderData.today}
        state={{
          photoRequired: true,
          mobileVerified: Boolean(mobile),
          consentsRequired: loaderData.needsConsents,
        }}
        values={values}
        problems={problems}
        options={loaderData}
        map={loaderData.map}
      >
        {problems.mobile ? (
          <p className="text-sm text-rose-700 dark:text-rose-300">{problems.mobile}</p>
        ) : null}
        {loaderData.needsConsents ? (
          <>
            <p className="text-sm">{t("consent.socialIntro")}</p>
            <ConsentFields
              checked={Object.fromEntries(
                consentKinds.map((kind) => [kind, value(consentField(kind)) === "on"]),
              )}
            />
          </>
        ) : null}
      </ProfileForm>
    </section>
  );
}
