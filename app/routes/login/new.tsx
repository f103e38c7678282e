import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/new";
import { Field, FormAlert, SubmitButton } from "#app/components/auth/fields";
import { languageFromPath, localizePath, translate, type MessageKey } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { completeFirstLogin, NicknameError } from "#app/services/members/first-login.server";
import { formText, requireViewer } from "#app/shell/auth.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["first-auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "auth.firstLogin.title" };

const problemKeys: Record<NicknameError["problem"], MessageKey> = {
  required: "auth.firstLogin.nicknameRequired",
  format: "auth.firstLogin.nicknameFormat",
  length: "auth.firstLogin.nicknameLength",
  taken: "auth.firstLogin.nicknameTaken",
};

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  return { name: viewer.name };
}

export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const viewer = await requireViewer(request);
  const form = await request.formData();
  const nickname = formText(form, "nickname");
  const { db, clock } = getRuntime();
  try {
    await completeFirstLogin(db, clock, viewer.id, nickname);
  } catch (error) {
    if (!(error instanceof NicknameError)) throw error;
    return {
      error: { code: `nickname_${error.problem}`, message: translate(language, problemKeys[error.problem]) },
      values: { nickname },
    };
  }
  return redirect(localizePath(language, "/"));
}

export default function FirstLogin() {
  const t = useT();
  const result = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-extrabold">{t("auth.firstLogin.title")}</h1>
      <p className="text-muted">{t("auth.firstLogin.text")}</p>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert error={result?.error} />
        <Field
          label={t("auth.firstLogin.nickname")}
          name="nickname"
          maxLength={15}
          required
          hint={t("auth.firstLogin.nicknameHint")}
          defaultValue={result?.values.nickname}
        />
        <SubmitButton>{t("auth.firstLogin.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
