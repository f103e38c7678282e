import { getFormProps } from "@conform-to/react";
import TicketPercent from "lucide-react/icons/ticket-percent";
import { Form, useActionData } from "react-router";
import type { Route } from "./+types/coupon";
import { Pager } from "#app/components/notice/Pager";
import { CouponTerms } from "#app/components/coupons/CouponTerms";
import { useSchemaForm } from "#app/components/forms/schema-form";
import { Field } from "#app/components/ui/Field";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listCouponBox, registerCoupon } from "#app/services/coupons/box.server";
import {
  couponBoxGroups,
  couponBoxQuerySchema,
  registerCouponSchema,
} from "#app/services/coupons/coupon.schema";
import { requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "coupon.title" };

/** /my/coupon: the member's coupons, usable, used or expired, a page at a time, and the form to register a code. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireActor(request);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = couponBoxQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db, clock } = getRuntime();
  const box = await listCouponBox(db, clock, actor, query);
  return {
    query,
    counts: box.counts,
    hasNext: box.hasNext,
    rows: box.rows.map((row) => ({
      id: row.id,
      instanceCode: row.instanceCode,
      name: row.name,
      discountKind: row.discountKind,
      value: row.value,
      maxDiscount: row.maxDiscount,
      minAmount: row.minAmount,
      meetingKinds: row.meetingKinds,
      issuerNickname: row.issuerNickname,
      expiresAt: formatDate(language, row.expiresAt),
      usedAt: row.usedAt ? formatDate(language, row.usedAt) : null,
      discount: row.discount,
    })),
  };
}

/** Registers a code: back to the usable coupons with a message, or the refusal with the code as typed. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), registerCouponSchema);
  if (submission.status !== "success") return refusedSubmission(submission);
  const { db, clock } = getRuntime();
  try {
    const registered = await registerCoupon(db, clock, actor, submission.value);
    return redirectWithFlash(localizePath(language, "/my/coupon"), {
      key: "coupon.register.done",
      params: { name: registered.name },
    });
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
}

export default function CouponBox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, counts, rows, hasNext } = loaderData;
  return (
    <section className="mx-auto max-w-xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold">{t("coupon.title")}</h1>
        <p className="text-muted text-sm">{t("coupon.text")}</p>
      </div>
      <RegisterForm />
      <nav aria-label={t("coupon.tabs")} className="surface-muted flex gap-1 rounded-lg p-1">
        {couponBoxGroups.map((tab) => (
          <LocalLink
            key={tab}
            to={`/my/coupon?tab=${tab}`}
            aria-current={query.tab === tab ? "page" : undefined}
            className="flex min-h-11 flex-1 items-center justify-center gap-1 rounded-md px-2 text-center text-sm font-semibold aria-[current=page]:bg-primary aria-[current=page]:text-white"
          >
            {t(`coupon.group.${tab}`)}
            <span className="tabular-nums" data-testid={`coupon-count-${tab}`}>
              {t("coupon.count", { count: counts[tab] })}
            </span>
          </LocalLink>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="surface-muted text-muted rounded-xl px-4 py-6 text-center text-sm">
          {t(`coupon.empty.${query.tab}`)}
        </p>
      ) : (
        <ul aria-label={t("coupon.list")} className="space-y-3">
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid="coupon"
              // A used or expired coupon sits on the muted surface; fading it would take its text below the contrast
              // the page promises.
              className={`space-y-2 rounded-xl border border-subtle p-4 ${query.tab === "usable" ? "" : "surface-muted"}`}
            >
              <div className="flex items-start gap-3">
                <TicketPercent className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <h2 className="font-bold break-words">{row.name}</h2>
                  <CouponTerms coupon={row} />
                </div>
              </div>
              <p className="text-muted flex flex-wrap gap-x-3 text-xs">
                <span>{t("coupon.issuer", { nickname: row.issuerNickname ?? t("coupon.platform") })}</span>
                <span>{t("coupon.instance", { code: row.instanceCode })}</span>
              </p>
              <p className="text-sm font-semibold">
                {row.usedAt
                  ? t("coupon.usedOn", { date: row.usedAt, amount: row.discount ?? 0 })
                  : query.tab === "expired"
                    ? t("coupon.expiredOn", { date: row.expiresAt })
                    : t("coupon.expires", { date: row.expiresAt })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager
        path="/my/coupon"
        query={query.tab === "usable" ? {} : { tab: query.tab }}
        page={query.page}
        hasNext={hasNext}
      />
    </section>
  );
}

/** The code form: checked by the schema before sending; a refusal shows above it with the code kept. */
function RegisterForm() {
  const t = useT();
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    () => import("#app/services/coupons/coupon.schema").then((schemas) => schemas.registerCouponSchema),
    { lastResult: result?.lastResult },
  );
  const serverError = result && "error" in result ? result.error : undefined;
  return (
    <section aria-labelledby="coupon-register" className="space-y-3 rounded-xl border border-subtle p-4">
      <h2 id="coupon-register" className="text-lg font-bold">
        {t("coupon.register.title")}
      </h2>
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <FormAlert error={serverError} />
        <Field
          label={t("coupon.register.label")}
          hint={t("coupon.register.hint")}
          field={fields.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
        />
        <SubmitButton>{t("coupon.register.submit")}</SubmitButton>
      </Form>
    </section>
  );
}
