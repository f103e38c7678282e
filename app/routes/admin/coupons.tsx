import { randomUUID } from "node:crypto";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/coupons";
import { AdminNav } from "#app/components/admin/AdminNav";
import { CouponTerms } from "#app/components/coupons/CouponTerms";
import { useMessages } from "#app/components/forms/messages";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Pager } from "#app/components/notice/Pager";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath, type MessageKey } from "#app/i18n";
import { formatDateTime } from "#app/i18n/calendar";
import { useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { DAY_MS, toSeoulInput } from "#app/platform/seoul-calendar";
import { alreadySubmitted, submitOnce } from "#app/services/content/submit-once.server";
import {
  createCoupon,
  endCoupon,
  issueCoupon,
  listConsoleCoupons,
  type CouponState,
} from "#app/services/coupons/console.server";
import {
  COUPON_NAME_MAX,
  couponConsoleSchema,
  couponListQuerySchema,
  type CouponConsoleForm,
} from "#app/services/coupons/coupon.schema";
import { couponMeetingKinds, discountKinds } from "#app/services/coupons/rules";
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
export const handle: RouteHandle = { titleKey: "coupon.admin.title" };

/** The coupons for staff who handle money (after the recent step-up), newest first, and the form to make one. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:money");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = couponListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db, clock } = getRuntime();
  const { rows, hasNext } = await listConsoleCoupons(db, clock, actor, query);
  const now = clock.now();
  const at = (date: Date) => formatDateTime(language, date);
  return {
    query,
    hasNext,
    // A new coupon's validity starts now and lasts 30 days unless the administrator says otherwise.
    defaults: { startsAt: toSeoulInput(now), endsAt: toSeoulInput(new Date(now.getTime() + 30 * DAY_MS)) },
    // The new coupon form's one-time token; a refused form keeps it (the page is not loaded again after a refusal).
    token: randomUUID(),
    rows: rows.map((row) => ({
      ...row,
      startsAt: at(row.startsAt),
      endsAt: at(row.endsAt),
      endedAt: row.endedAt ? at(row.endedAt) : null,
    })),
  };
}

type CouponAct = CouponConsoleForm["intent"];

/** Makes a coupon, ends one, or issues one to members; back to the list with a message, or the refusal kept. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:money");
  const language = languageFromPath(new URL(request.url).pathname);
  const parsed = parseIntentSubmission(await readForm(request), couponConsoleSchema, language);
  if (parsed.refusal) return parsed.refusal;
  const { submission } = parsed;
  if (submission.status !== "success") return refusedSubmission(submission);
  const act = submission.value;
  const { db, clock } = getRuntime();
  const from = actingFrom(request);
  let flash: { key: MessageKey; params?: Record<string, number> } = { key: "coupon.admin.create.done" };
  try {
    if (act.intent === "create") {
      const { intent: _intent, token, ...input } = act;
      // A coupon without a code has no key of its own: a double press makes one coupon, the second press waiting
      // for the first and landing on the same list (or, from another process, told it was made).
      await submitOnce(db, clock, { memberId: actor.id, token }, (uow) =>
        createCoupon(uow, clock, actor, input, from),
      );
    } else if (act.intent === "end") {
      await endCoupon(db, clock, actor, { couponId: act.couponId }, from);
      flash = { key: "coupon.admin.end.done" };
    } else {
      const result = await issueCoupon(
        db,
        clock,
        actor,
        { couponId: act.couponId, members: act.members },
        from,
      );
      flash = { key: "coupon.admin.issue.done", params: { ...result } };
    }
  } catch (error) {
    if (!alreadySubmitted(error)) return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, "/admin/coupons"), flash);
}

type ActionResult = {
  lastResult?: SubmissionResult<string[]>;
  error?: { code: string; message: string };
};

/** The last answer when it was to this form (its intent, and for a coupon's forms that coupon). */
function answerTo(result: ActionResult | undefined, intent: CouponAct, couponId?: number) {
  const typed = result?.lastResult?.initialValue;
  if (typed?.intent !== intent) return undefined;
  if (couponId !== undefined && typed.couponId !== String(couponId)) return undefined;
  return result;
}

const stateNames = {
  scheduled: "coupon.admin.state.scheduled",
  active: "coupon.admin.state.active",
  ended: "coupon.admin.state.ended",
  expired: "coupon.admin.state.expired",
} as const satisfies Record<CouponState, MessageKey>;

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";
const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { query, rows, hasNext, defaults, token } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("coupon.admin.title")}</h1>
      <AdminNav />
      <p className="text-muted text-sm">{t("coupon.admin.text")}</p>
      <CreateForm result={answerTo(result, "create")} defaults={defaults} token={token} />
      <section aria-labelledby="coupon-list" className="space-y-3">
        <h2 id="coupon-list" className="text-lg font-bold">
          {t("coupon.admin.list")}
        </h2>
        {rows.length === 0 ? (
          <p className="text-muted">{t("coupon.admin.empty")}</p>
        ) : (
          <ul className="space-y-4">
            {rows.map((row) => (
              <li key={row.id} className={panel} data-testid="console-coupon">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-bold break-all">{row.name}</h3>
                  <span
                    className={`${badge} ${row.state === "active" ? "bg-primary-soft text-primary-strong" : "surface-muted"}`}
                  >
                    {t(stateNames[row.state])}
                  </span>
                </div>
                <CouponTerms coupon={row} />
                <ul className="text-muted space-y-0.5 text-sm">
                  <li>{t("coupon.admin.period", { from: row.startsAt, to: row.endsAt })}</li>
                  {row.endedAt ? <li>{t("coupon.admin.endedAt", { date: row.endedAt })}</li> : null}
                  <li>
                    {row.quantity === null
                      ? t("coupon.admin.issuedUnlimited", { issued: row.issuedCount })
                      : t("coupon.admin.issuedOf", { issued: row.issuedCount, quantity: row.quantity })}
                    {" · "}
                    {t("coupon.admin.used", { count: row.usedCount })}
                  </li>
                  <li>{row.code ? t("coupon.admin.code", { code: row.code }) : t("coupon.admin.noCode")}</li>
                  <li>
                    {t("coupon.admin.madeBy", {
                      nickname: row.issuerNickname ?? t("coupon.admin.unknownIssuer"),
                    })}
                  </li>
                </ul>
                {row.state === "active" ? (
                  <IssueForm couponId={row.id} result={answerTo(result, "issue", row.id)} />
                ) : null}
                {row.state === "active" || row.state === "scheduled" ? (
                  <EndForm couponId={row.id} result={answerTo(result, "end", row.id)} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pager path="/admin/coupons" query={{}} page={query.page} hasNext={hasNext} />
    </section>
  );
}

/**
 * Making a coupon: every field checked by the form's schema before sending, and by the service after. The page's
 * one-time token goes with it, so a double submit makes one coupon.
 */
function CreateForm({
  result,
  defaults,
  token,
}: {
  result: ActionResult | undefined;
  defaults: { startsAt: string; endsAt: string };
  token: string;
}) {
  const t = useT();
  const messages = useMessages();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/coupons/coupon.schema").then((schemas) => schemas.couponConsoleSchema),
    {
      lastResult: result?.lastResult,
      defaultValue: { intent: "create", discountKind: "won", meetingKinds: ["repair"], ...defaults },
    },
  );
  const typedKind = fields.discountKind.initialValue;
  const typedKinds = fields.meetingKinds.initialValue;
  const chosenKinds = new Set(Array.isArray(typedKinds) ? typedKinds : typedKinds ? [typedKinds] : []);
  const kindErrors = messages(fields.meetingKinds.errors);
  const discountErrors = messages(fields.discountKind.errors);
  return (
    <section aria-labelledby="coupon-create" className={panel}>
      <h2 id="coupon-create" className="text-lg font-bold">
        {t("coupon.admin.create.title")}
      </h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="token" value={token} />
        <FormAlert error={result?.error} />
        <Field
          label={t("coupon.admin.create.name")}
          field={fields.name}
          maxLength={COUPON_NAME_MAX}
          required
        />
        <fieldset
          className="space-y-1"
          aria-describedby={discountErrors.length > 0 ? "discount-kind-error" : undefined}
        >
          <legend className="text-sm font-semibold">{t("coupon.admin.create.discountKind")}</legend>
          <div className="flex flex-wrap gap-4">
            {discountKinds.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={fields.discountKind.name}
                  value={kind}
                  defaultChecked={(typedKind ?? "won") === kind}
                />
                {t(`coupon.admin.create.${kind}`)}
              </label>
            ))}
          </div>
          {discountErrors.length > 0 ? (
            <p id="discount-kind-error" className="text-sm text-rose-700">
              {discountErrors.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("coupon.admin.create.value")}
            hint={t("coupon.admin.create.valueHint")}
            field={fields.value}
            inputMode="numeric"
            required
          />
          <Field
            label={t("coupon.admin.create.maxDiscount")}
            hint={t("coupon.admin.create.maxDiscountHint")}
            field={fields.maxDiscount}
            inputMode="numeric"
          />
          <Field
            label={t("coupon.admin.create.minAmount")}
            hint={t("coupon.admin.create.minAmountHint")}
            field={fields.minAmount}
            inputMode="numeric"
          />
          <Field
            label={t("coupon.admin.create.quantity")}
            hint={t("coupon.admin.create.quantityHint")}
            field={fields.quantity}
            inputMode="numeric"
          />
        </div>
        <fieldset
          className="space-y-1"
          aria-describedby={kindErrors.length > 0 ? "meeting-kinds-error" : undefined}
        >
          <legend className="text-sm font-semibold">{t("coupon.admin.create.meetingKinds")}</legend>
          <div className="flex flex-wrap gap-x-4">
            {couponMeetingKinds.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name={fields.meetingKinds.name}
                  value={kind}
                  defaultChecked={chosenKinds.has(kind)}
                />
                {t(`coupon.kind.${kind}`)}
              </label>
            ))}
          </div>
          {kindErrors.length > 0 ? (
            <p id="meeting-kinds-error" className="text-sm text-rose-700">
              {kindErrors.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("coupon.admin.create.startsAt")}
            hint={t("coupon.admin.create.periodHint")}
            field={fields.startsAt}
            type="datetime-local"
            required
          />
          <Field
            label={t("coupon.admin.create.endsAt")}
            hint={t("coupon.admin.create.periodHint")}
            field={fields.endsAt}
            type="datetime-local"
            required
          />
        </div>
        <Field
          label={t("coupon.admin.create.code")}
          hint={t("coupon.admin.create.codeHint")}
          field={fields.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
        <SubmitButton>{t("coupon.admin.create.submit")}</SubmitButton>
      </Form>
    </section>
  );
}

/** Issuing a coupon to members named one per line or by commas; the names typed are kept on a refusal. */
function IssueForm({ couponId, result }: { couponId: number; result: ActionResult | undefined }) {
  const t = useT();
  const messages = useMessages();
  const id = `issue-${couponId}`;
  const errors = messages(result?.lastResult?.error?.members ?? undefined);
  const typed = result?.lastResult?.initialValue?.members;
  return (
    <Form method="post" className="space-y-2 border-t border-subtle pt-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold">
        {t("coupon.admin.issue.title")}
      </h4>
      <input type="hidden" name="couponId" value={couponId} />
      <FormAlert error={result?.error} />
      <label htmlFor={id} className="block text-sm font-semibold">
        {t("coupon.admin.issue.members")}
      </label>
      <p id={`${id}-hint`} className="text-muted text-xs">
        {t("coupon.admin.issue.membersHint")}
      </p>
      <textarea
        id={id}
        name="members"
        rows={2}
        required
        defaultValue={typeof typed === "string" ? typed : ""}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={[`${id}-hint`, errors.length > 0 ? `${id}-error` : null].filter(Boolean).join(" ")}
        className={`${fieldClass} py-2`}
      />
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {errors.join(" ")}
        </p>
      ) : null}
      <SubmitButton name="intent" value="issue" variant="secondary">
        {t("coupon.admin.issue.submit")}
      </SubmitButton>
    </Form>
  );
}

/** Ending a coupon now, after a confirmation. */
function EndForm({ couponId, result }: { couponId: number; result: ActionResult | undefined }) {
  const t = useT();
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="couponId" value={couponId} />
      <FormAlert error={result?.error} />
      <ConfirmButton
        name="intent"
        value="end"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-rose-300 px-4 font-semibold text-rose-800 disabled:opacity-60 dark:text-rose-300"
        confirm={{
          title: t("coupon.admin.end.confirm"),
          description: t("coupon.admin.end.confirmText"),
          action: t("coupon.admin.end.submit"),
          tone: "danger",
        }}
      >
        {t("coupon.admin.end.submit")}
      </ConfirmButton>
    </Form>
  );
}
