import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/step-up";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { useT } from "#app/i18n/react";
import { codeForm } from "#app/services/auth/account.schema";
import { formFailure, requestTarget } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff, stepUpSession } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "admin.stepUp.title" };

/** Only staff who handle money have a code to re-enter here; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "manage:money", { stepUpPage: true });
  return null;
}

/** A refusal's Retry-After reaches the browser on a plain form post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money", { stepUpPage: true });
  const { language, redirectTo } = requestTarget(request);
  const submission = parseSubmission(await readForm(request), codeForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  try {
    await stepUpSession(request, actor, submission.value.code);
  } catch (error) {
    return formFailure(language, error);
  }
  return redirect(redirectTo);
}

export default function StepUp() {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("admin.stepUp.title")}</h1>
      <p className="text-muted">{t("admin.stepUp.text")}</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert error={result?.error} />
        <Field
          label={t("admin.stepUp.code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
        />
        <SubmitButton>{t("admin.stepUp.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
