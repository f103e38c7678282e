import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/security";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { withdrawalPasswordSchema } from "#app/services/settlement/withdrawal-password.schema";
import {
  setWithdrawalPassword,
  withdrawalPasswordState,
} from "#app/services/settlement/withdrawal-password.server";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { hasSecurityCheck, requireSecurityCheck } from "#app/shell/security-check.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "settlementInfo.security.title" };

/** Passwords never go back to the page. */
const hidden = ["password", "confirm"];

/** /setting/security: the withdrawal password, set the first time, changed after the security check, or locked. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const { db } = getRuntime();
  const password = await withdrawalPasswordState(db, actor.id);
  return {
    state: password.state,
    checked: password.state === "set" && (await hasSecurityCheck(request, actor)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const password = await withdrawalPasswordState(db, actor.id);
  if (password.state === "set") await requireSecurityCheck(request, actor);
  const submission = parseSubmission(await readForm(request), withdrawalPasswordSchema);
  if (submission.status !== "success") return refusedSubmission(submission, hidden);
  try {
    await setWithdrawalPassword(db, clock, actor, submission.value.password, {
      recentlyChecked: password.state === "set",
    });
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission, hidden);
  }
  return redirectWithFlash(localizePath(language, "/setting/security"), {
    key: "settlementInfo.security.saved",
  });
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };

export default function SettingSecurity({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { state, checked } = loaderData;
  return (
    <section className="mx-auto max-w-sm space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("settlementInfo.security.title")}</h1>
        <p className="text-muted text-sm">{t("settlementInfo.security.text")}</p>
      </div>
      {state === "locked" ? (
        <Notice>{t("settlementInfo.security.locked")}</Notice>
      ) : state === "set" && !checked ? (
        <div className="space-y-3">
          <Notice>{t("settlementInfo.security.isSet")}</Notice>
          <p className="text-sm">{t("settlementInfo.security.checkFirst")}</p>
          <LocalLink
            to={`/settlement/securityCheck?redirectTo=${encodeURIComponent("/setting/security")}`}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            {t("settlementInfo.security.checkLink")}
          </LocalLink>
        </div>
      ) : (
        <PasswordForm changing={state === "set"} result={result} />
      )}
      <p className="text-sm">
        <LocalLink to="/settlement/account" className="text-link underline">
          {t("settlementInfo.security.account")}
        </LocalLink>
      </p>
    </section>
  );
}

function PasswordForm({ changing, result }: { changing: boolean; result: ActionResult | undefined }) {
  const t = useT();
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/settlement/withdrawal-password.schema").then(
        (schemas) => schemas.withdrawalPasswordSchema,
      ),
    { lastResult: result?.lastResult },
  );
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <h2 className="font-bold">
        {changing ? t("settlementInfo.security.changeTitle") : t("settlementInfo.security.setTitle")}
      </h2>
      <FormAlert error={result?.error} />
      <Field
        label={t("settlementInfo.security.password")}
        hint={t("settlementInfo.security.passwordHint")}
        field={fields.password as unknown as SchemaField}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        required
      />
      <Field
        label={t("settlementInfo.security.confirm")}
        field={fields.confirm as unknown as SchemaField}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={6}
        required
      />
      <SubmitButton>{t("settlementInfo.security.submit")}</SubmitButton>
    </Form>
  );
}
