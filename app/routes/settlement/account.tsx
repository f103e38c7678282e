import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/account";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field, type SchemaField } from "#app/components/ui/Field";
import { FormAlert, Notice, SubmitButton } from "#app/components/ui/fields";
import { useMessages } from "#app/components/forms/messages";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { bankName, banks } from "#app/services/settlement/bank-codes";
import {
  saveSettlementInfo,
  settlementCategoryOf,
  settlementInfoView,
} from "#app/services/settlement/settlement-info.server";
import {
  KOREAN_NAME_MAX,
  settlementInfoSchema,
  unechoedSettlementFields,
} from "#app/services/settlement/settlement-info.schema";
import { withdrawalPasswordState } from "#app/services/settlement/withdrawal-password.server";
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
export const handle: RouteHandle = { titleKey: "settlementInfo.account.title" };

/**
 * /settlement/account: the member's withdrawal account, masked, and the form that registers or changes it. The
 * form needs a withdrawal password set and this session's recent security check of it; the category is the
 * member's own type's. Numbers typed never come back to the page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db } = getRuntime();
  const [info, password, category] = await Promise.all([
    settlementInfoView(db, actor.id),
    withdrawalPasswordState(db, actor.id),
    settlementCategoryOf(db, actor.id),
  ]);
  const at = (date: Date | null) => (date ? formatDateTime(language, date) : null);
  return {
    category,
    password: password.state,
    checked: password.state === "set" && (await hasSecurityCheck(request, actor)),
    info: info
      ? {
          ...info,
          updatedAt: at(info.updatedAt)!,
          agreedAt: at(info.agreedAt),
          review: { ...info.review, at: at(info.review.at) },
        }
      : null,
  };
}

/** Saves the information after the security check: back to the page with a message, or the refusal without numbers. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock, config } = getRuntime();
  const password = await withdrawalPasswordState(db, actor.id);
  if (password.state === "set") await requireSecurityCheck(request, actor);
  const [stored, category] = await Promise.all([
    settlementInfoView(db, actor.id),
    settlementCategoryOf(db, actor.id),
  ]);
  const schema = settlementInfoSchema({
    category,
    now: clock.now(),
    accountOnFile: stored !== null,
    residentOnFile: stored?.residentMasked != null,
  });
  const submission = parseSubmission(await readForm(request), schema);
  if (submission.status !== "success") return refusedSubmission(submission, unechoedSettlementFields);
  try {
    await saveSettlementInfo(db, clock, config.personalDataKeys, actor, submission.value, {
      recentlyChecked: password.state === "set",
    });
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission, unechoedSettlementFields);
  }
  return redirectWithFlash(localizePath(language, "/settlement/account"), {
    key: "settlementInfo.account.saved",
  });
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };
type LoaderData = Route.ComponentProps["loaderData"];

export default function SettlementAccount({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { info, password, checked, category } = loaderData;
  const check = `/settlement/securityCheck?redirectTo=${encodeURIComponent("/settlement/account")}`;
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("settlementInfo.account.title")}</h1>
        <p className="text-muted text-sm">{t("settlementInfo.account.text")}</p>
      </div>
      <Current info={info} />
      {password === "locked" ? (
        <Notice>{t("settlementInfo.account.locked")}</Notice>
      ) : password === "none" ? (
        <div className="space-y-3">
          <Notice>{t("settlementInfo.account.passwordFirst")}</Notice>
          <LocalLink to="/setting/security" className={linkButton}>
            {t("settlementInfo.account.setPassword")}
          </LocalLink>
        </div>
      ) : checked ? (
        <SettlementForm key={category} category={category} info={info} result={result} />
      ) : (
        <div className="space-y-3">
          <Notice>{t("settlementInfo.account.checkFirst")}</Notice>
          <LocalLink to={check} className={linkButton}>
            {t("settlementInfo.account.checkLink")}
          </LocalLink>
        </div>
      )}
      <p className="text-sm">
        <LocalLink to="/setting" className="text-link underline">
          {t("settlementInfo.account.back")}
        </LocalLink>
      </p>
    </section>
  );
}

const linkButton =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong";

/** What is registered, masked: the bank and account, and the category's other details; or that nothing is yet. */
function Current({ info }: { info: LoaderData["info"] }) {
  const t = useT();
  const language = useLanguage();
  if (!info)
    return (
      <p className="text-muted rounded-xl border border-subtle p-4 text-sm">
        {t("settlementInfo.account.none")}
      </p>
    );
  return (
    <section aria-labelledby="settlement-current" className="space-y-2 rounded-xl border border-subtle p-4">
      <h2 id="settlement-current" className="font-bold">
        {t("settlementInfo.account.current")}
        {" · "}
        {t(`settlementInfo.account.categories.${info.category}`)}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="settlement-current">
        <dt className="text-muted">{t("settlementInfo.account.labels.account")}</dt>
        <dd className="break-all tabular-nums">
          {t("settlementInfo.account.accountLine", {
            bank: bankName(info.bankCode, language),
            masked: info.accountMasked,
            holder: info.holderName,
          })}
        </dd>
        {info.residentMasked ? (
          <>
            <dt className="text-muted">{t("settlementInfo.account.labels.resident")}</dt>
            <dd className="tabular-nums">{info.residentMasked}</dd>
          </>
        ) : null}
        {info.ownerName ? (
          <>
            <dt className="text-muted">{t("settlementInfo.account.labels.owner")}</dt>
            <dd>{info.ownerName}</dd>
            <dt className="text-muted">{t("settlementInfo.account.labels.taxEmail")}</dt>
            <dd className="break-all">{info.taxEmail}</dd>
            <dt className="text-muted">{t("settlementInfo.account.labels.taxPhone")}</dt>
            <dd className="tabular-nums">{info.taxPhone}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t("settlementInfo.account.labels.updatedAt")}</dt>
        <dd>{info.updatedAt}</dd>
      </dl>
      {info.review.state === "reviewed" ? (
        <p className="text-sm">{t("settlementInfo.account.reviewed")}</p>
      ) : info.review.state === "correction" ? (
        <p role="status" className="text-sm break-words text-rose-700 dark:text-rose-300">
          {t("settlementInfo.account.correction", { note: info.review.note ?? "" })}
        </p>
      ) : null}
    </section>
  );
}

const inputClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

/**
 * The form, checked by the same schema in the browser and the action. The number fields start empty every time the
 * server answers (a new key remounts them), so a refused number is not kept on the page either.
 */
function SettlementForm({
  category,
  info,
  result,
}: {
  category: LoaderData["category"];
  info: LoaderData["info"];
  result: ActionResult | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const messages = useMessages();
  const accountOnFile = info !== null;
  const residentOnFile = info?.residentMasked != null;
  const [form, fields] = useSchemaForm(
    () =>
      import("#app/services/settlement/settlement-info.schema").then((schemas) =>
        schemas.settlementInfoSchema({ category, now: new Date(), accountOnFile, residentOnFile }),
      ),
    {
      lastResult: result?.lastResult,
      defaultValue: {
        bankCode: info?.bankCode ?? "",
        holderName: info?.holderName ?? "",
        ownerName: info?.ownerName ?? "",
        taxEmail: info?.taxEmail ?? "",
        taxPhone: info?.taxPhone ?? "",
      },
    },
  );
  // Each answer of the server remounts the number fields empty.
  const [answered, setAnswered] = useState(result);
  const [generation, setGeneration] = useState(0);
  if (answered !== result) {
    setAnswered(result);
    setGeneration((count) => count + 1);
  }
  const field = (name: string) => fields[name] as unknown as SchemaField;
  // Conform's field metadata reads through getters: copied by name, with nothing typed to show again.
  const blank = (name: string): SchemaField => {
    const { id, name: fieldName, errorId, errors } = field(name);
    return { id, name: fieldName, errorId, errors, defaultValue: undefined };
  };
  const bank = field("bankCode");
  const bankErrors = messages(bank.errors);
  const agreed = field("agreed");
  const agreedErrors = messages(agreed.errors);
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <FormAlert error={result?.error} />
      <div className="space-y-1">
        <p className="text-sm font-semibold">{t("settlementInfo.account.category")}</p>
        <p data-testid="settlement-category">{t(`settlementInfo.account.categories.${category}`)}</p>
        <p className="text-muted text-xs">{t("settlementInfo.account.categoryHint")}</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={bank.id} className="block text-sm font-semibold">
          {t("settlementInfo.account.bank")}
        </label>
        <select
          id={bank.id}
          name={bank.name}
          defaultValue={bank.defaultValue ?? ""}
          required
          aria-invalid={bankErrors.length > 0 || undefined}
          aria-describedby={bankErrors.length > 0 ? bank.errorId : undefined}
          className={inputClass}
        >
          <option value="">{t("settlementInfo.account.bankChoose")}</option>
          {banks.map((one) => (
            <option key={one.code} value={one.code}>
              {one[language]}
            </option>
          ))}
        </select>
        {bankErrors.length > 0 ? (
          <p id={bank.errorId} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {bankErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <Field
        label={t("settlementInfo.account.holder")}
        hint={t("settlementInfo.account.holderHint")}
        field={field("holderName")}
        required
        maxLength={KOREAN_NAME_MAX}
        autoComplete="name"
        lang="ko"
      />
      <Field
        key={`account-${generation}`}
        label={t("settlementInfo.account.accountNumber")}
        hint={
          info
            ? t("settlementInfo.account.accountKeepHint", { masked: info.accountMasked })
            : t("settlementInfo.account.accountHint")
        }
        field={blank("accountNumber")}
        required={!accountOnFile}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
      />
      {category === "individual" ? (
        <>
          <Field
            key={`resident-${generation}`}
            label={t("settlementInfo.account.resident")}
            hint={
              residentOnFile
                ? t("settlementInfo.account.residentKeepHint", { masked: info?.residentMasked ?? "" })
                : t("settlementInfo.account.residentHint")
            }
            field={blank("residentNumber")}
            required={!residentOnFile}
            inputMode="numeric"
            autoComplete="off"
            maxLength={16}
          />
          <div className="space-y-1">
            <label className="flex min-h-11 items-start gap-2">
              <input
                id={agreed.id}
                type="checkbox"
                name={agreed.name}
                value="on"
                defaultChecked={agreed.defaultValue === "on"}
                required
                aria-invalid={agreedErrors.length > 0 || undefined}
                aria-describedby={[`${agreed.id}-text`, agreedErrors.length > 0 ? agreed.errorId : null]
                  .filter(Boolean)
                  .join(" ")}
                className="mt-1 size-5 shrink-0"
              />
              <span className="text-sm font-semibold">{t("settlementInfo.account.agreement")}</span>
            </label>
            <p id={`${agreed.id}-text`} className="text-muted text-xs">
              {t("settlementInfo.account.agreementText")}
            </p>
            {agreedErrors.length > 0 ? (
              <p id={agreed.errorId} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                {agreedErrors.join(" ")}
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <Field
            label={t("settlementInfo.account.owner")}
            hint={t("settlementInfo.account.ownerHint")}
            field={field("ownerName")}
            required
            maxLength={KOREAN_NAME_MAX}
            lang="ko"
          />
          <Field
            label={t("settlementInfo.account.taxEmail")}
            field={field("taxEmail")}
            type="email"
            required
            maxLength={254}
            autoComplete="email"
          />
          <Field
            label={t("settlementInfo.account.taxPhone")}
            hint={t("settlementInfo.account.taxPhoneHint")}
            field={field("taxPhone")}
            type="tel"
            required
            inputMode="numeric"
            maxLength={16}
            autoComplete="tel"
          />
        </>
      )}
      <SubmitButton>{t("settlementInfo.account.submit")}</SubmitButton>
    </Form>
  );
}
