import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/two-factor";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { useT } from "#app/i18n/react";
import { verifySignInCode } from "#app/services/auth/accounts.server";
import { codeForm } from "#app/services/auth/account.schema";
import { authDeps, formFailure, requestTarget } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "auth.twoFactor.title" };

/** A refusal's Retry-After reaches the browser on a plain form post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const { language, redirectTo } = requestTarget(request);
  const submission = parseSubmission(await readForm(request), codeForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  try {
    const result = await verifySignInCode(authDeps(), submission.value.code, request.headers);
    return redirect(redirectTo, { headers: result.headers });
  } catch (error) {
    return formFailure(language, error);
  }
}

export default function TwoFactorChallenge() {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.twoFactor.title")}</h1>
      <p className="text-muted">{t("auth.twoFactor.text")}</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert error={result?.error} />
        <Field
          label={t("auth.twoFactor.code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          required
        />
        <SubmitButton>{t("auth.twoFactor.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
