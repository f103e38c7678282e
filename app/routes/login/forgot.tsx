import { Form, useActionData } from "react-router";
import type { Route } from "./+types/forgot";
import { Field } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { requestPasswordReset, resetPasswordWithCode } from "#app/services/auth/accounts.server";
import { forgotPasswordSchema } from "#app/services/auth/account.schema";
import { authDeps, formFailure } from "#app/shell/auth.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "auth.forgot.title" };

/** A refusal's Retry-After reaches the browser on a plain form post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const { refusal, submission } = parseIntentSubmission(
    await readForm(request),
    forgotPasswordSchema,
    language,
  );
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const input = submission.value;
  const { identifier, code } = input;
  try {
    if (input.intent === "reset") {
      await resetPasswordWithCode(authDeps(), { phone: identifier, code, password: input.password });
      return redirectWithFlash(localizePath(language, "/login"), { key: "auth.signIn.passwordReset" });
    }
    const sent = await requestPasswordReset(authDeps(), identifier, request.headers);
    return { sent: sent.kind, values: { identifier } as Record<string, string> };
  } catch (error) {
    return formFailure(language, error, { identifier, code });
  }
}

export default function ForgotPassword() {
  const t = useT();
  const result = useActionData<typeof action>();
  const error = result && "error" in result ? result.error : undefined;
  const sent = result && "sent" in result ? result.sent : undefined;
  const phoneStep =
    sent === "phone" || (error && result?.values.code !== undefined && result.values.code !== "");
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.forgot.title")}</h1>
      <p className="text-muted">{t("auth.forgot.text")}</p>
      {sent === "email" ? <Notice>{t("auth.forgot.emailSent")}</Notice> : null}
      {sent === "phone" ? <Notice>{t("auth.forgot.phoneSent")}</Notice> : null}
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert error={error} />
        <Field
          label={t("auth.signIn.identifier")}
          name="identifier"
          autoComplete="username"
          required
          defaultValue={result?.values.identifier}
        />
        {phoneStep ? (
          <>
            <Field
              label={t("auth.forgot.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              defaultValue={result?.values.code}
            />
            <Field
              label={t("auth.forgot.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              hint={t("auth.signUp.passwordHint")}
            />
            <SubmitButton name="intent" value="reset">
              {t("auth.forgot.change")}
            </SubmitButton>
          </>
        ) : (
          <SubmitButton name="intent" value="request">
            {t("auth.forgot.submit")}
          </SubmitButton>
        )}
      </Form>
    </section>
  );
}
