import { getFormProps } from "@conform-to/react";
import { Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { ConsentFields } from "#app/components/auth/ConsentFields";
import { Field } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { useMessages } from "#app/components/forms/messages";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getViewer } from "#app/platform/viewer.server";
import { sendSignUpCode, signUpWithEmail, signUpWithPhone } from "#app/services/auth/accounts.server";
import { signUpConsents, signUpSchema } from "#app/services/auth/sign-up.schema";
import { authDeps, formFailure, requestTarget } from "#app/shell/auth.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "auth.signUp.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  if (await getViewer(request)) throw redirect(localizePath(language, "/"));
  return null;
}

/** A refusal's Retry-After reaches the browser on a plain form post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const { language, redirectTo } = requestTarget(request);
  const submission = parseSubmission(await readForm(request), signUpSchema);
  if (submission.status !== "success") return refusedSubmission(submission, ["password"]);
  const form = submission.value;
  try {
    if (form.intent === "send-code") {
      await sendSignUpCode(authDeps(), form.phone, request.headers);
      return { sent: true as const, lastResult: submission.reply({ hideFields: ["password"] }) };
    }
    const consents = signUpConsents(form);
    const result =
      form.intent === "phone"
        ? await signUpWithPhone(
            authDeps(),
            { phone: form.phone, code: form.code, password: form.password, consents },
            request.headers,
          )
        : await signUpWithEmail(
            authDeps(),
            { email: form.email, password: form.password, consents },
            request.headers,
          );
    return redirect(redirectTo, { headers: result.headers });
  } catch (error) {
    return withLastResult(formFailure(language, error), submission, ["password"]);
  }
}

export default function SignUp() {
  const t = useT();
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/auth/sign-up.schema").then((schemas) => schemas.signUpSchema),
    { lastResult: result?.lastResult },
  );
  const messages = useMessages();
  const [params] = useSearchParams();
  const method = params.get("method") === "phone" ? "phone" : "email";
  const error =
    result && "error" in result && result.error
      ? result.error
      : form.errors
        ? { code: "invalid", message: messages(form.errors).join(" ") }
        : undefined;
  const sent = result && "sent" in result;
  const tab = (value: "email" | "phone", label: string) => (
    <LocalLink
      to={value === "phone" ? "/login/signup?method=phone" : "/login/signup"}
      aria-current={method === value ? "page" : undefined}
      className="flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
    >
      {label}
    </LocalLink>
  );
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.signUp.title")}</h1>
      <nav className="surface-muted flex gap-1 rounded-lg p-1">
        {tab("email", t("auth.signUp.byEmail"))}
        {tab("phone", t("auth.signUp.byPhone"))}
      </nav>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormAlert error={error} />
        {sent ? <Notice>{t("auth.signUp.codeSent")}</Notice> : null}
        {method === "email" ? (
          <Field
            label={t("auth.signUp.email")}
            field={fields.email}
            type="email"
            autoComplete="email"
            required
          />
        ) : (
          <>
            <Field
              label={t("auth.signUp.phone")}
              field={fields.phone}
              type="tel"
              autoComplete="tel-national"
              maxLength={13}
              required
            />
            <SubmitButton name="intent" value="send-code" variant="secondary">
              {t("auth.signUp.sendCode")}
            </SubmitButton>
            <Field
              label={t("auth.signUp.code")}
              field={fields.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </>
        )}
        <Field
          label={t("auth.signIn.password")}
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint={t("auth.signUp.passwordHint")}
        />
        <ConsentFields
          checked={{
            terms: fields.consentTerms.defaultChecked,
            privacy: fields.consentPrivacy.defaultChecked,
            age: fields.consentAge.defaultChecked,
            marketing: fields.consentMarketing.defaultChecked,
          }}
        />
        <SubmitButton name="intent" value={method}>
          {t("auth.signUp.submit")}
        </SubmitButton>
      </Form>
      <p className="text-sm">
        {t("auth.signUp.haveAccount")}{" "}
        <LocalLink to="/login" className="text-link underline">
          {t("auth.signIn.submit")}
        </LocalLink>
      </p>
    </section>
  );
}
