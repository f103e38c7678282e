import { Form, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/reset";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { resetPasswordWithLink } from "#app/services/auth/accounts.server";
import { passwordForm } from "#app/services/auth/account.schema";
import { authDeps, formFailure } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "auth.reset.title" };

/** The page a reset e-mail links to (the token is single-use and lives 10 minutes). */
export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const submission = parseSubmission(await readForm(request), passwordForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  try {
    await resetPasswordWithLink(authDeps(), {
      token: url.searchParams.get("token") ?? "",
      password: submission.value.password,
    });
    return redirectWithFlash(localizePath(language, "/login"), { key: "auth.signIn.passwordReset" });
  } catch (error) {
    return formFailure(language, error);
  }
}

export default function ResetPassword() {
  const t = useT();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.reset.title")}</h1>
      <Form
        method="post"
        action={`?token=${encodeURIComponent(params.get("token") ?? "")}`}
        className="space-y-4"
        noValidate
      >
        <FormAlert error={result?.error} />
        <Field
          label={t("auth.reset.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t("auth.signUp.passwordHint")}
          required
        />
        <SubmitButton>{t("auth.reset.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
