import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/security-check";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { safeRedirectPath } from "#app/services/auth/redirect-path";
import { PASSWORD_MAX_TRIES } from "#app/services/settlement/settlement-rules";
import { securityCheckSchema } from "#app/services/settlement/withdrawal-password.schema";
import {
  checkWithdrawalPassword,
  withdrawalPasswordState,
} from "#app/services/settlement/withdrawal-password.server";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { securitySessionId } from "#app/shell/security-check.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "settlementInfo.check.title" };

/** Where a passed check goes: the page that asked (a path of this site, in the page's language), else the account. */
function targetOf(request: Request): string {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const fallback = localizePath(language, "/settlement/account");
  const path = safeRedirectPath(url.searchParams.get("redirectTo"), fallback);
  return localizePath(language, path);
}

/** /settlement/securityCheck: the withdrawal password entered before a withdrawal or an account change. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const { db } = getRuntime();
  const password = await withdrawalPasswordState(db, actor.id);
  return {
    state: password.state,
    failedTries: password.state === "set" ? password.failedTries : 0,
    max: PASSWORD_MAX_TRIES,
  };
}

/** Right: on to the page that asked. Wrong: the count out of five; the fifth locks the password. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), securityCheckSchema);
  if (submission.status !== "success") return refusedSubmission(submission, ["password"]);
  const sessionId = await securitySessionId(request);
  if (!sessionId) notFound();
  const { db, clock } = getRuntime();
  try {
    await checkWithdrawalPassword(db, clock, actor, sessionId, submission.value.password);
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission, ["password"]);
  }
  return redirect(targetOf(request));
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };

export default function SecurityCheck({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const locked = loaderData.state === "locked" || result?.error?.code === "password_locked";
  return (
    <section className="mx-auto max-w-sm space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("settlementInfo.check.title")}</h1>
        <p className="text-muted text-sm">{t("settlementInfo.check.text")}</p>
      </div>
      {locked ? (
        <div
          role="alert"
          className="rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900"
        >
          {t("settlementInfo.check.locked")}
        </div>
      ) : loaderData.state === "none" ? (
        <div className="space-y-3">
          <Notice>{t("settlementInfo.check.noPassword")}</Notice>
          <LocalLink
            to="/setting/security"
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            {t("settlementInfo.check.setPassword")}
          </LocalLink>
        </div>
      ) : (
        <CheckForm result={result} failedTries={loaderData.failedTries} max={loaderData.max} />
      )}
    </section>
  );
}

function CheckForm({
  result,
  failedTries,
  max,
}: {
  result: ActionResult | undefined;
  failedTries: number;
  max: number;
}) {
  const t = useT();
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/settlement/withdrawal-password.schema").then(
        (schemas) => schemas.securityCheckSchema,
      ),
    { lastResult: result?.lastResult },
  );
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <FormAlert error={result?.error} />
      <Field
        label={t("settlementInfo.check.password")}
        field={fields.password as unknown as SchemaField}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        required
      />
      {failedTries > 0 && !result?.error ? (
        <p className="text-muted text-sm" data-testid="security-tries">
          {t("settlementInfo.check.tries", { tries: failedTries, max })}
        </p>
      ) : null}
      <SubmitButton>{t("settlementInfo.check.submit")}</SubmitButton>
    </Form>
  );
}
