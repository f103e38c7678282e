import { Form, useActionData } from "react-router";
import type { Route } from "./+types/withdrawal";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listSignInMethods, withdraw } from "#app/services/auth/accounts.server";
import { passwordForm } from "#app/services/auth/account.schema";
import { authDeps, formFailure, requireViewer } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";

export const handle: RouteHandle = { titleKey: "auth.withdrawal.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const methods = await listSignInMethods(getRuntime().db, viewer.id);
  return { hasPassword: methods.hasPassword };
}

export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const viewer = await requireViewer(request);
  const submission = parseSubmission(await readForm(request), passwordForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  try {
    const headers = await withdraw(
      authDeps(),
      viewer,
      submission.value.password || undefined,
      request.headers,
    );
    return redirectWithFlash(localizePath(language, "/login"), { key: "auth.signIn.withdrawn" }, { headers });
  } catch (error) {
    return formFailure(language, error);
  }
}

export default function Withdrawal({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-md space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.withdrawal.title")}</h1>
      <p className="leading-relaxed">{t("auth.withdrawal.text")}</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert error={result?.error} />
        {loaderData.hasPassword ? (
          <Field
            label={t("auth.withdrawal.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        ) : (
          <p className="text-muted text-sm">{t("auth.withdrawal.socialOnly")}</p>
        )}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" required className="mt-1 size-4" />
          <span>{t("auth.withdrawal.confirm")}</span>
        </label>
        <SubmitButton variant="danger">{t("auth.withdrawal.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
