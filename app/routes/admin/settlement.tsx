import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/settlement";
import { AdminNav } from "#app/components/admin/AdminNav";
import { useMessages } from "#app/components/forms/messages";
import { Pager } from "#app/components/notice/Pager";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { bankName } from "#app/services/settlement/bank-codes";
import {
  listLockedPasswords,
  listSettlementInfos,
  reviewSettlementInfo,
  unlockWithdrawalPassword,
} from "#app/services/settlement/settlement-console.server";
import {
  ADMIN_REASON_MAX,
  settlementConsoleSchema,
  settlementListQuerySchema,
} from "#app/services/settlement/settlement-info.schema";
import { actingFrom } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "settlementInfo.admin.title" };

/** Members' settlement information (masked) and the locked withdrawal passwords, for staff who handle money. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = settlementListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = getRuntime();
  const [{ rows, hasNext }, locked] = await Promise.all([
    listSettlementInfos(db, actor, query),
    listLockedPasswords(db, actor),
  ]);
  const at = (date: Date | null) => (date ? formatDateTime(language, date) : null);
  return {
    query,
    hasNext,
    rows: rows.map((row) => ({
      ...row,
      updatedAt: at(row.updatedAt)!,
      agreedAt: at(row.agreedAt),
      review: { ...row.review, at: at(row.review.at) },
    })),
    locked: locked.map((row) => ({ ...row, lockedAt: at(row.lockedAt)! })),
  };
}

/** A review mark or an unlock; back to the page with a message, or the refusal with what was typed. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const parsed = parseIntentSubmission(await readForm(request), settlementConsoleSchema, language);
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedSubmission(submission);
  const form = submission.value;
  const { db, clock } = getRuntime();
  try {
    if (form.intent === "review")
      await reviewSettlementInfo(
        db,
        clock,
        actor,
        form.userId,
        form.verdict === "reviewed" ? { verdict: "reviewed" } : { verdict: "correction", note: form.note },
        actingFrom(request),
      );
    else await unlockWithdrawalPassword(db, clock, actor, form.userId, actingFrom(request));
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(`${localizePath(language, "/admin/settlement")}${url.search}`, {
    key: form.intent === "review" ? "settlementInfo.admin.reviewDone" : "settlementInfo.admin.unlockDone",
  });
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };
type LoaderData = Route.ComponentProps["loaderData"];

/** The last answer when it was to this member's form of this intent. */
function answerTo(result: ActionResult | undefined, intent: string, userId: string) {
  const typed = result?.lastResult?.initialValue;
  return typed?.intent === intent && typed?.userId === userId ? result : undefined;
}

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

export default function AdminSettlement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { query, rows, hasNext, locked } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("settlementInfo.admin.title")}</h1>
      <AdminNav />
      <p className="text-muted text-sm">{t("settlementInfo.admin.text")}</p>
      {result?.error && !result.lastResult?.initialValue?.userId ? <FormAlert error={result.error} /> : null}
      <section aria-labelledby="locked-title" className="space-y-3">
        <h2 id="locked-title" className="text-lg font-bold">
          {t("settlementInfo.admin.locked")}
        </h2>
        {locked.length === 0 ? (
          <p className="text-muted">{t("settlementInfo.admin.lockedEmpty")}</p>
        ) : (
          <ul className="space-y-2">
            {locked.map((row) => (
              <li
                key={row.userId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-subtle p-3"
                data-testid="locked-password"
              >
                <span className="break-all">
                  {t("settlementInfo.admin.lockedAt", { nickname: row.nickname, date: row.lockedAt })}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unlock" />
                  <input type="hidden" name="userId" value={row.userId} />
                  <FormAlert error={answerTo(result, "unlock", row.userId)?.error} />
                  <ConfirmButton
                    className="inline-flex min-h-11 items-center justify-center rounded-lg border border-subtle px-4 font-semibold"
                    confirm={{
                      title: t("settlementInfo.admin.unlockConfirm"),
                      description: t("settlementInfo.admin.unlockText"),
                      action: t("settlementInfo.admin.unlock"),
                      tone: "danger",
                    }}
                  >
                    {t("settlementInfo.admin.unlock")}
                  </ConfirmButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="infos-title" className="space-y-3">
        <h2 id="infos-title" className="text-lg font-bold">
          {t("settlementInfo.admin.infos")}
        </h2>
        {rows.length === 0 ? (
          <p className="text-muted">{t("settlementInfo.admin.infosEmpty")}</p>
        ) : (
          <ul className="space-y-4">
            {rows.map((row) => (
              <li key={row.userId} className={panel} data-testid="settlement-info">
                <InfoSummary row={row} />
                <ReviewForm row={row} result={answerTo(result, "review", row.userId)} />
              </li>
            ))}
          </ul>
        )}
        <Pager path="/admin/settlement" query={{}} page={query.page} hasNext={hasNext} />
      </section>
    </section>
  );
}

function InfoSummary({ row }: { row: LoaderData["rows"][number] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold break-all">
          {t("settlementInfo.admin.member", {
            nickname: row.nickname,
            category: t(`settlementInfo.account.categories.${row.category}`),
          })}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.review.state === "waiting" ? "bg-primary-soft text-primary-strong" : "surface-muted"}`}
        >
          {t(`settlementInfo.admin.state.${row.review.state}`)}
        </span>
      </div>
      <p className="text-sm break-all tabular-nums">
        {t("settlementInfo.account.accountLine", {
          bank: bankName(row.bankCode, language),
          masked: row.accountMasked,
          holder: row.holderName,
        })}
      </p>
      <ul className="text-muted space-y-0.5 text-sm">
        {row.residentMasked ? (
          <li className="tabular-nums">
            {t("settlementInfo.account.labels.resident")}: {row.residentMasked}
          </li>
        ) : null}
        {row.ownerName ? (
          <li className="break-all">
            {t("settlementInfo.account.labels.owner")}: {row.ownerName} · {row.taxEmail} · {row.taxPhone}
          </li>
        ) : null}
        <li>{t("settlementInfo.admin.updatedAt", { date: row.updatedAt })}</li>
        {row.agreedAt ? <li>{t("settlementInfo.admin.agreedAt", { date: row.agreedAt })}</li> : null}
        {row.review.at ? (
          <li>
            {t("settlementInfo.admin.reviewedBy", {
              date: row.review.at,
              nickname: row.review.byNickname ?? "",
            })}
          </li>
        ) : null}
        {row.review.note ? (
          <li className="break-words">{t("settlementInfo.admin.note", { note: row.review.note })}</li>
        ) : null}
      </ul>
    </>
  );
}

/** A review mark: reviewed, or a correction with the note the member reads. */
function ReviewForm({ row, result }: { row: LoaderData["rows"][number]; result: ActionResult | undefined }) {
  const t = useT();
  const messages = useMessages();
  const typed = result?.lastResult?.initialValue;
  const id = `review-${row.userId}`;
  const noteErrors = messages(result?.lastResult?.error?.note ?? undefined);
  const verdict = typeof typed?.verdict === "string" ? typed.verdict : "reviewed";
  return (
    <Form method="post" className="space-y-3 border-t border-subtle pt-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold">
        {t("settlementInfo.admin.review")}
      </h4>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="userId" value={row.userId} />
      <FormAlert error={result?.error} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">{t("settlementInfo.admin.verdict")}</legend>
        <div className="flex flex-wrap gap-x-4">
          {(["reviewed", "correction"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="verdict" value={value} defaultChecked={verdict === value} />
              {t(`settlementInfo.admin.verdicts.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold">
          {t("settlementInfo.admin.noteLabel")}
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={2}
          maxLength={ADMIN_REASON_MAX}
          defaultValue={typeof typed?.note === "string" ? typed.note : ""}
          aria-invalid={noteErrors.length > 0 || undefined}
          aria-describedby={noteErrors.length > 0 ? `${id}-note-error` : undefined}
          className={`${fieldClass} py-2`}
        />
        {noteErrors.length > 0 ? (
          <p id={`${id}-note-error`} className="text-sm text-rose-700 dark:text-rose-300">
            {noteErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white"
      >
        {t("settlementInfo.admin.submit")}
      </button>
    </Form>
  );
}
