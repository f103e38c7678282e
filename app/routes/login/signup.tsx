import { Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/signup";
import { ConsentFields } from "#app/components/auth/ConsentFields";
import { Field, FormAlert, Notice, SubmitButton } from "#app/components/auth/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { consentField, consentKinds } from "#app/services/auth/consents";
import { getViewer } from "#app/platform/viewer.server";
import { sendSignUpCode, signUpWithEmail, signUpWithPhone } from "#app/services/auth/accounts.server";
import { authDeps, formConsents, formFailure, formText, requestTarget } from "#app/shell/auth.server";
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
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const email = formText(form, "email");
  const phone = formText(form, "phone");
  const code = formText(form, "code");
  const { consents, values: consentValues } = formConsents(form);
  const typed: Record<string, string> = {
    ...consentValues,
    ...(intent === "email" ? { email } : { phone, code }),
  };
  try {
    if (intent === "send-code") {
      await sendSignUpCode(authDeps(), phone, request.headers);
      return { sent: true as const, values: typed };
    }
    const password = formText(form, "password");
    const result =
      intent === "phone"
        ? await signUpWithPhone(authDeps(), { phone, code, password, consents }, request.headers)
        : await signUpWithEmail(authDeps(), { email, password, consents }, request.headers);
    return redirect(redirectTo, { headers: result.headers });
  } catch (error) {
    return formFailure(language, error, typed);
  }
}

export default function SignUp() {
  const t = useT();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const method = params.get("method") === "phone" ? "phone" : "email";
  const error = result && "error" in result ? result.error : undefined;
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
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert error={error} />
        {sent ? <Notice>{t("auth.signUp.codeSent")}</Notice> : null}
        {method === "email" ? (
          <Field
            label={t("auth.signUp.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={result?.values.email}
          />
        ) : (
          <>
            <Field
              label={t("auth.signUp.phone")}
              name="phone"
              type="tel"
              autoComplete="tel-national"
              maxLength={13}
              required
              defaultValue={result?.values.phone}
            />
            <SubmitButton name="intent" value="send-code" variant="secondary">
              {t("auth.signUp.sendCode")}
            </SubmitButton>
            <Field
              label={t("auth.signUp.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              defaultValue={result?.values.code}
            />
          </>
        )}
        <Field
          label={t("auth.signIn.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t("auth.signUp.passwordHint")}
        />
        <ConsentFields
          checked={Object.fromEntries(
            consentKinds.map((kind) => [kind, result?.values[consentField(kind)] === "on"]),
          )}
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
