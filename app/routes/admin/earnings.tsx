import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/earnings";
import { AdminNav } from "#app/components/admin/AdminNav";
import { useMessages } from "#app/components/forms/messages";
import { Pager } from "#app/components/notice/Pager";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { adjustEarnings, reverseReleasedEarnings } from "#app/services/settlement/adjustments.server";
import {
  listEarningLinesForStaff,
  memberIdByNickname,
} from "#app/services/settlement/earnings-console.server";
import {
  earningLineStatuses,
  earningsActionSchema,
  earningsListQuerySchema,
} from "#app/services/settlement/earnings.schema";
import { ADMIN_REASON_MAX } from "#app/services/settlement/settlement-rules";
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
export const handle: RouteHandle = { titleKey: "earnings.admin.title" };

/** Experts' earnings lines for staff who handle money (after the recent step-up), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = earningsListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = getRuntime();
  const { rows, hasNext } = await listEarningLinesForStaff(db, actor, query);
  const at = (date: Date | null) => (date ? formatDateTime(language, date) : null);
  return {
    query,
    hasNext,
    rows: rows.map((row) => ({
      ...row,
      releasableAt: at(row.releasableAt)!,
      releasedAt: at(row.releasedAt),
    })),
  };
}

/** Reverses a released line or adjusts a member's withdrawable earnings; back to the list with a message. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const language = languageFromPath(new URL(request.url).pathname);
  const parsed = parseIntentSubmission(await readForm(request), earningsActionSchema, language);
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedSubmission(submission);
  const form = submission.value;
  const { db, clock } = getRuntime();
  try {
    if (form.intent === "reverse") {
      await reverseReleasedEarnings(db, clock, actor, form.lineId, form.reason, actingFrom(request));
    } else {
      const memberId = await memberIdByNickname(db, form.nickname);
      if (!memberId) throw new DomainError("earnings", "not_found");
      await adjustEarnings(db, clock, actor, memberId, form.amount, form.reason, actingFrom(request));
    }
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, "/admin/earnings"), {
    key: form.intent === "reverse" ? "earnings.admin.reversed" : "earnings.admin.adjusted",
  });
}

type ActionResult = {
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white disabled:opacity-60";

export default function AdminEarnings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { query, rows, hasNext } = loaderData;
  const intent = result?.lastResult?.initialValue?.intent;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("earnings.admin.title")}</h1>
      <AdminNav />
      <p className="text-muted text-sm">{t("earnings.admin.text")}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("earnings.admin.filter")}>
        <div className="space-y-1">
          <label htmlFor="earnings-nickname" className="block text-sm font-semibold">
            {t("earnings.admin.nickname")}
          </label>
          <input
            id="earnings-nickname"
            name="nickname"
            defaultValue={query.nickname ?? ""}
            className={fieldClass}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="earnings-status" className="block text-sm font-semibold">
            {t("earnings.admin.status")}
          </label>
          <select id="earnings-status" name="status" defaultValue={query.status ?? ""} className={fieldClass}>
            <option value="">{t("earnings.admin.allStates")}</option>
            {earningLineStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`earnings.state.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          {t("earnings.admin.search")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted">{t("earnings.admin.empty")}</p>
      ) : (
        <ul aria-label={t("earnings.admin.list")} className="space-y-4">
          {rows.map((row) => (
            <li key={row.id} className={panel} data-testid="earning-line">
              <LineSummary row={row} />
              {row.status === "withdrawable" ? (
                <ReverseForm
                  row={row}
                  result={
                    intent === "reverse" && result?.lastResult?.initialValue?.lineId === String(row.id)
                      ? result
                      : undefined
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager
        path="/admin/earnings"
        query={{
          ...(query.status ? { status: query.status } : {}),
          ...(query.nickname ? { nickname: query.nickname } : {}),
        }}
        page={query.page}
        hasNext={hasNext}
      />
      <AdjustForm result={intent === "adjust" ? result : undefined} />
    </section>
  );
}

function LineSummary({ row }: { row: Row }) {
  const t = useT();
  const won = (amount: number) => t("payment.won", { amount });
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-bold">
          {t("earnings.admin.line", { kind: t(`meeting.kind.${row.meeting.kind}`), id: row.meeting.id })}
        </h2>
        <span className="surface-muted rounded-full px-2 py-0.5 text-xs font-semibold">
          {t(`earnings.state.${row.status}`)}
        </span>
      </div>
      <p className="text-sm break-all">{t("earnings.admin.provider", { nickname: row.providerNickname })}</p>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="text-muted">{t("earnings.admin.price")}</dt>
          <dd className="tabular-nums">{won(row.price)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("earnings.admin.fee")}</dt>
          <dd className="tabular-nums">{won(row.fee)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("earnings.admin.amount")}</dt>
          <dd className="font-semibold tabular-nums">{won(row.amount)}</dd>
        </div>
      </dl>
      <p className="text-muted text-sm">
        {row.releasedAt
          ? t("earnings.admin.releasedAt", { date: row.releasedAt })
          : t("earnings.admin.releasableAt", { date: row.releasableAt })}
      </p>
    </>
  );
}

function ReasonField({
  id,
  label,
  errors,
  typed,
}: {
  id: string;
  label: string;
  errors: string[];
  typed: unknown;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        required
        maxLength={ADMIN_REASON_MAX}
        defaultValue={typeof typed === "string" ? typed : ""}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        className={`${fieldClass} py-2`}
      />
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** Takes a released line back, with a reason; asked once more before it is sent. */
function ReverseForm({ row, result }: { row: Row; result: ActionResult | undefined }) {
  const t = useT();
  const messages = useMessages();
  return (
    <Form method="post" className="space-y-3 border-t border-subtle pt-3">
      <input type="hidden" name="intent" value="reverse" />
      <input type="hidden" name="lineId" value={row.id} />
      <FormAlert error={result?.error} />
      <ReasonField
        id={`reverse-${row.id}-reason`}
        label={t("earnings.admin.reverseReason")}
        errors={messages(result?.lastResult?.error?.reason ?? undefined)}
        typed={result?.lastResult?.initialValue?.reason}
      />
      <ConfirmButton
        className={buttonClass}
        confirm={{
          title: t("earnings.admin.reverseConfirm"),
          description: t("earnings.admin.reverseConfirmText", { amount: row.amount }),
          action: t("earnings.admin.reverse"),
          tone: "danger",
        }}
      >
        {t("earnings.admin.reverse")}
      </ConfirmButton>
    </Form>
  );
}

/** Adds to or takes from a member's withdrawable earnings, with a reason. */
function AdjustForm({ result }: { result: ActionResult | undefined }) {
  const t = useT();
  const messages = useMessages();
  const typed = result?.lastResult?.initialValue;
  const field = (name: "nickname" | "amount") => messages(result?.lastResult?.error?.[name] ?? undefined);
  return (
    <Form method="post" className={panel} aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="font-bold">
        {t("earnings.admin.adjustTitle")}
      </h2>
      <p className="text-muted text-sm">{t("earnings.admin.adjustText")}</p>
      <input type="hidden" name="intent" value="adjust" />
      <FormAlert error={result?.error} />
      {(["nickname", "amount"] as const).map((name) => {
        const errors = field(name);
        return (
          <div key={name} className="space-y-1">
            <label htmlFor={`adjust-${name}`} className="block text-sm font-semibold">
              {t(name === "nickname" ? "earnings.admin.nickname" : "earnings.admin.adjustAmount")}
            </label>
            <input
              id={`adjust-${name}`}
              name={name}
              required
              inputMode={name === "amount" ? "numeric" : undefined}
              defaultValue={typeof typed?.[name] === "string" ? typed[name] : ""}
              aria-invalid={errors.length > 0 || undefined}
              aria-describedby={errors.length > 0 ? `adjust-${name}-error` : undefined}
              className={fieldClass}
            />
            {errors.length > 0 ? (
              <p id={`adjust-${name}-error`} className="text-sm text-rose-700">
                {errors.join(" ")}
              </p>
            ) : null}
          </div>
        );
      })}
      <ReasonField
        id="adjust-reason"
        label={t("earnings.admin.adjustReason")}
        errors={messages(result?.lastResult?.error?.reason ?? undefined)}
        typed={typed?.reason}
      />
      <ConfirmButton
        className={buttonClass}
        confirm={{
          title: t("earnings.admin.adjustConfirm"),
          description: t("earnings.admin.adjustConfirmText"),
          action: t("earnings.admin.adjust"),
          tone: "danger",
        }}
      >
        {t("earnings.admin.adjust")}
      </ConfirmButton>
    </Form>
  );
}
