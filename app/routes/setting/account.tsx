import QRCode from "qrcode";
import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/account";
import { Field } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  changePassword,
  confirmTwoFactor,
  listSignInMethods,
  signOutEverywhere,
  startTwoFactor,
  stopTwoFactor,
  unlinkIdentity,
} from "#app/services/auth/accounts.server";
import { isPlaceholderEmail } from "#app/services/auth/identifiers";
import { enabledProviders, startSocialSignIn } from "#app/services/auth/social.server";
import { accountSettingsSchema } from "#app/services/auth/account.schema";
import { authDeps, formFailure, requireSignedIn, requireViewer } from "#app/shell/auth.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { isStaffRole } from "#app/services/permissions";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "auth.account.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, config } = getRuntime();
  const methods = await listSignInMethods(db, viewer.id);
  const providers = enabledProviders(config, language);
  return {
    name: viewer.name,
    email: isPlaceholderEmail(viewer.email) ? null : viewer.email,
    // The auth guard sends staff here until two-step verification is on.
    twoFactorRequired: isStaffRole(viewer.role) && !viewer.twoFactorEnabled,
    twoFactorEnabled: viewer.twoFactorEnabled,
    hasPassword: methods.hasPassword,
    identities: methods.identities.map((identity) => ({
      providerId: identity.providerId,
      label: providers.find((provider) => provider.id === identity.providerId)?.label ?? identity.providerId,
      linkedAt: formatDate(language, identity.linkedAt),
    })),
    linkable: providers.filter(
      (provider) => !methods.identities.some((identity) => identity.providerId === provider.id),
    ),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { viewer } = await requireSignedIn(request);
  const { refusal, submission } = parseIntentSubmission(
    await readForm(request),
    accountSettingsSchema,
    language,
  );
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const input = submission.value;
  const deps = authDeps();
  const here = localizePath(language, "/setting/account");
  try {
    switch (input.intent) {
      case "change-password": {
        const headers = await changePassword(
          deps,
          viewer,
          { currentPassword: input.currentPassword, newPassword: input.newPassword },
          request.headers,
        );
        return redirectWithFlash(here, { key: "auth.account.passwordChanged" }, { headers });
      }
      case "enable-2fa": {
        const enrolment = await startTwoFactor(deps, input.password, request.headers);
        const qr = await QRCode.toDataURL(enrolment.totpURI, { margin: 1, width: 200 });
        const secret = new URL(enrolment.totpURI).searchParams.get("secret") ?? "";
        return { enrolment: { qr, secret, backupCodes: enrolment.backupCodes } };
      }
      case "confirm-2fa": {
        const headers = await confirmTwoFactor(deps, input.code, request.headers);
        return redirectWithFlash(here, { key: "auth.account.enabled" }, { headers });
      }
      case "disable-2fa":
        await stopTwoFactor(deps, input.password, request.headers);
        return redirectWithFlash(here, { key: "auth.account.disabled" });
      case "link": {
        const target = await startSocialSignIn(
          deps,
          input.provider,
          // The provider's return (or its refusal) becomes a flash there.
          { redirectTo: localizePath(language, "/setting/account/linked"), language },
          request.headers,
          "link",
        );
        return redirect(target.url, { headers: target.headers });
      }
      case "unlink":
        await unlinkIdentity(deps, viewer.id, input.provider);
        return redirectWithFlash(here, { key: "auth.account.unlinked" });
      case "sign-out-everywhere": {
        const headers = await signOutEverywhere(deps, viewer.id, request.headers);
        return redirect(localizePath(language, "/login"), { headers });
      }
    }
  } catch (error) {
    return formFailure(language, error, { intent: input.intent });
  }
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const result = useActionData<typeof action>();
  const error = result && "error" in result ? result.error : undefined;
  const failedIntent = result && "values" in result ? result.values.intent : undefined;
  const enrolment = result && "enrolment" in result ? result.enrolment : undefined;
  return (
    <section className="mx-auto max-w-xl space-y-8">
      <header>
        <h1 className="text-2xl font-extrabold">{t("auth.account.title")}</h1>
        <p className="text-muted mt-1">{t("auth.account.signedInAs", { name: loaderData.name })}</p>
      </header>

      {loaderData.hasPassword ? (
        <section aria-labelledby="password-title" className="space-y-3">
          <h2 id="password-title" className="text-lg font-bold">
            {t("auth.account.passwordTitle")}
          </h2>
          <Form method="post" className="space-y-3" noValidate>
            {failedIntent === "change-password" ? <FormAlert error={error} /> : null}
            <Field
              label={t("auth.account.currentPassword")}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
            />
            <Field
              label={t("auth.account.newPassword")}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint={t("auth.signUp.passwordHint")}
            />
            <SubmitButton name="intent" value="change-password" variant="secondary">
              {t("auth.account.changePassword")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="twofactor-title" className="space-y-3">
        <h2 id="twofactor-title" className="text-lg font-bold">
          {t("auth.account.twoFactorTitle")}
        </h2>
        {loaderData.twoFactorRequired ? <Notice>{t("auth.account.twoFactorRequired")}</Notice> : null}
        {failedIntent?.endsWith("2fa") ? <FormAlert error={error} /> : null}
        {enrolment ? (
          <div className="space-y-3">
            <img
              src={enrolment.qr}
              alt={t("auth.account.qr")}
              width={200}
              height={200}
              className="rounded bg-white p-2"
            />
            <p className="text-sm">
              {t("auth.account.manualKey")}: <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <div>
              <p className="text-sm font-semibold">{t("auth.account.recoveryCodes")}</p>
              <ul className="mt-1 grid grid-cols-2 gap-1 font-mono text-sm" data-testid="recovery-codes">
                {enrolment.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
            <Form method="post" className="space-y-3" noValidate>
              <Field
                label={t("auth.account.confirmCode")}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <SubmitButton name="intent" value="confirm-2fa">
                {t("auth.account.confirm")}
              </SubmitButton>
            </Form>
          </div>
        ) : loaderData.twoFactorEnabled ? (
          <Form method="post" className="space-y-3" noValidate>
            <p>{t("auth.account.twoFactorOn")}</p>
            <Field
              label={t("auth.withdrawal.password")}
              name="password"
              type="password"
              autoComplete="current-password"
            />
            <SubmitButton name="intent" value="disable-2fa" variant="secondary">
              {t("auth.account.disable")}
            </SubmitButton>
          </Form>
        ) : loaderData.hasPassword ? (
          <Form method="post" className="space-y-3" noValidate>
            <p className="text-muted text-sm">{t("auth.account.twoFactorOff")}</p>
            <Field
              label={t("auth.withdrawal.password")}
              name="password"
              type="password"
              autoComplete="current-password"
            />
            <SubmitButton name="intent" value="enable-2fa" variant="secondary">
              {t("auth.account.enable")}
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="linked-title" className="space-y-3">
        <h2 id="linked-title" className="text-lg font-bold">
          {t("auth.account.linkedTitle")}
        </h2>
        {failedIntent === "unlink" || failedIntent === "link" ? <FormAlert error={error} /> : null}
        {loaderData.identities.length === 0 ? (
          <p className="text-muted text-sm">{t("auth.account.linkedNone")}</p>
        ) : null}
        <ul className="space-y-2">
          {loaderData.identities.map((identity) => (
            <li
              key={identity.providerId}
              className="flex items-center justify-between rounded-lg border border-subtle px-3 py-2"
            >
              <span>
                <span className="font-semibold">{identity.label}</span>{" "}
                <span className="text-muted text-sm">
                  {t("auth.account.linkedSince", { date: identity.linkedAt })}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="provider" value={identity.providerId} />
                <ConfirmButton
                  name="intent"
                  value="unlink"
                  className="text-link text-sm underline"
                  confirm={{
                    title: t("auth.account.unlinkConfirm", { provider: identity.label }),
                    action: t("auth.account.unlink"),
                  }}
                >
                  {t("auth.account.unlink")}
                </ConfirmButton>
              </Form>
            </li>
          ))}
        </ul>
        {loaderData.linkable.map((provider) => (
          <Form method="post" key={provider.id}>
            <input type="hidden" name="provider" value={provider.id} />
            <SubmitButton name="intent" value="link" variant="secondary">
              {t("auth.account.link", { provider: provider.label })}
            </SubmitButton>
          </Form>
        ))}
      </section>

      <section aria-labelledby="sessions-title" className="space-y-3">
        <h2 id="sessions-title" className="text-lg font-bold">
          {t("auth.account.sessionsTitle")}
        </h2>
        <Form method="post" action={localizePath(language, "/logout")}>
          <SubmitButton variant="secondary">{t("auth.account.signOut")}</SubmitButton>
        </Form>
        <Form method="post">
          <ConfirmButton
            name="intent"
            value="sign-out-everywhere"
            className="surface inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
            confirm={{
              title: t("auth.account.signOutEverywhereConfirm"),
              action: t("auth.account.signOutEverywhere"),
            }}
          >
            {t("auth.account.signOutEverywhere")}
          </ConfirmButton>
        </Form>
      </section>

      <p>
        <LocalLink to="/login/withdrawal" className="text-sm text-rose-700 underline dark:text-rose-300">
          {t("auth.account.withdraw")}
        </LocalLink>
      </p>
    </section>
  );
}
