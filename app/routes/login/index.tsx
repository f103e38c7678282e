import { getFormProps } from "@conform-to/react";
import { Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { useMessages } from "#app/components/forms/messages";
import { SocialButtons } from "#app/components/auth/SocialButtons";
import { localizePath, translate, type MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { SUSPENDED_CODE } from "#app/platform/auth/suspension.server";
import { getRuntime } from "#app/platform/runtime.server";
import { getViewer } from "#app/platform/viewer.server";
import { signIn } from "#app/services/auth/accounts.server";
import { enabledProviders, startSocialSignIn } from "#app/services/auth/social.server";
import { signInSchema } from "#app/services/auth/sign-in.schema";
import { authDeps, formFailure, requestTarget } from "#app/shell/auth.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "auth.signIn.title" };

/** The provider sign-in's refusals the page names; any other is "signing in with the account failed". */
const socialErrors: Record<string, MessageKey> = {
  account_not_linked: "auth.error.account_not_linked",
  [SUSPENDED_CODE]: "auth.error.member_suspended",
};

export async function loader({ request }: Route.LoaderArgs) {
  const { url, language, redirectTo } = requestTarget(request);
  if (await getViewer(request)) throw redirect(redirectTo);
  const error = url.searchParams.get("error");
  return {
    providers: enabledProviders(getRuntime().config, language),
    socialError: error
      ? translate(
          language,
          Object.hasOwn(socialErrors, error) ? socialErrors[error]! : "auth.error.social_failed",
        )
      : undefined,
  };
}

/** A refusal's Retry-After reaches the browser on a plain form post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const { language, redirectTo } = requestTarget(request);
  const submission = parseSubmission(await readForm(request), signInSchema);
  if (submission.status !== "success") return refusedSubmission(submission, ["password"]);
  const form = submission.value;
  if (form.intent === "social") {
    const target = await startSocialSignIn(
      authDeps(),
      form.provider,
      { redirectTo, language },
      request.headers,
    );
    return redirect(target.url, { headers: target.headers });
  }
  try {
    const result = await signIn(
      authDeps(),
      { identifier: form.identifier, password: form.password },
      request.headers,
    );
    if (result.twoFactor) {
      return redirect(
        `${localizePath(language, "/login/two-factor")}?redirectTo=${encodeURIComponent(redirectTo)}`,
        {
          headers: result.headers,
        },
      );
    }
    return redirect(redirectTo, { headers: result.headers });
  } catch (error) {
    return withLastResult(formFailure(language, error), submission, ["password"]);
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/auth/sign-in.schema").then((schemas) => schemas.signInSchema),
    { lastResult: result?.lastResult },
  );
  const messages = useMessages();
  const [params] = useSearchParams();
  const query = params.get("redirectTo")
    ? `?redirectTo=${encodeURIComponent(params.get("redirectTo")!)}`
    : "";
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.signIn.title")}</h1>
      {loaderData.socialError ? (
        <FormAlert error={{ code: "social_failed", message: loaderData.socialError }} />
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormAlert
          error={
            result?.error
              ? result.error
              : form.errors
                ? { code: "invalid", message: messages(form.errors).join(" ") }
                : undefined
          }
        />
        <Field
          label={t("auth.signIn.identifier")}
          field={fields.identifier}
          autoComplete="username"
          required
        />
        <Field
          label={t("auth.signIn.password")}
          field={fields.password}
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton name="intent" value="password">
          {t("auth.signIn.submit")}
        </SubmitButton>
      </Form>
      <p className="flex justify-between text-sm">
        <LocalLink to={`/login/signup${query}`} className="text-link hover:underline">
          {t("auth.signIn.signUp")}
        </LocalLink>
        <LocalLink to="/login/forgot" className="text-link hover:underline">
          {t("auth.signIn.forgot")}
        </LocalLink>
      </p>
      <SocialButtons providers={loaderData.providers} />
    </section>
  );
}
