import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/member";
import { AdminNav } from "#app/components/admin/AdminNav";
import { useMessages } from "#app/components/forms/messages";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert, SubmitButton } from "#app/components/ui/fields";
import { languageFromPath, localizePath, type MessageKey } from "#app/i18n";
import { formatDate, formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import {
  clearSignInLockout,
  endMemberSessions,
  liftSuspension,
  memberPage,
  suspendMember,
  type SanctionState,
} from "#app/services/admin/members.server";
import {
  memberActionSchema,
  SANCTION_REASON_MAX,
  suspensionPeriods,
  type MemberAction,
} from "#app/services/admin/members.schema";
import { isDomainError } from "#app/services/errors";
import { actingFrom } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseSubmission, refusedSubmission, withLastResult } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "admin.members.profile" };

/** A member id as the address carries it (Better Auth's ids: letters, digits, `-` and `_`). */
const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function memberIdOf(params: { id?: string }): string {
  if (!params.id || !MEMBER_ID.test(params.id)) notFound();
  return params.id;
}

/** A member's page for staff who manage members; 404 for anybody else and for no such member. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:members");
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  try {
    const page = await memberPage(db, clock, actor, memberIdOf(params));
    const at = (date: Date) => formatDateTime(language, date);
    const sanctions = page.sanctions.map((sanction) => ({
      ...sanction,
      startsAt: at(sanction.startsAt),
      endsAt: sanction.endsAt ? at(sanction.endsAt) : null,
      liftedAt: sanction.liftedAt ? at(sanction.liftedAt) : null,
    }));
    return {
      member: {
        ...page,
        joinedAt: formatDate(language, page.joinedAt),
        withdrawnAt: page.withdrawnAt ? formatDate(language, page.withdrawnAt) : null,
        sanctions,
        suspension: sanctions.find((sanction) => sanction.state === "in_force") ?? null,
        lockout: {
          ...page.lockout,
          libraryLockedUntil: page.lockout.libraryLockedUntil ? at(page.lockout.libraryLockedUntil) : null,
        },
      },
    };
  } catch (error) {
    if (isDomainError(error, "admin") && ["forbidden", "member_not_found"].includes(error.code)) notFound();
    throw error;
  }
}

const flashes = {
  suspend: "admin.members.flash.suspended",
  lift: "admin.members.flash.lifted",
  "clear-lockout": "admin.members.flash.lockoutCleared",
  "end-sessions": "admin.members.flash.sessionsEnded",
} as const satisfies Record<MemberAction["intent"], MessageKey>;

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request, "manage:members");
  const language = languageFromPath(new URL(request.url).pathname);
  const memberId = memberIdOf(params);
  const submission = parseSubmission(await readForm(request), memberActionSchema);
  if (submission.status !== "success") return refusedSubmission(submission);
  const act = submission.value;
  const { db, clock } = getRuntime();
  const from = actingFrom(request);
  try {
    if (act.intent === "suspend")
      await suspendMember(db, clock, actor, { memberId, period: act.period, reason: act.reason }, from);
    else if (act.intent === "lift")
      await liftSuspension(db, clock, actor, { memberId, reason: act.reason }, from);
    else if (act.intent === "clear-lockout")
      await clearSignInLockout(db, clock, actor, { memberId, reason: act.reason }, from);
    else await endMemberSessions(db, clock, actor, { memberId, reason: act.reason }, from);
  } catch (error) {
    return withLastResult(domainFailure(language, error), submission);
  }
  return redirectWithFlash(localizePath(language, `/admin/members/${memberId}`), {
    key: flashes[act.intent],
  });
}

type ActionResult = { lastResult?: SubmissionResult<string[]>; error?: { code: string; message: string } };

const sanctionStates = {
  in_force: "admin.members.stateInForce",
  ended: "admin.members.stateEnded",
  lifted: "admin.members.stateLifted",
} as const satisfies Record<SanctionState, MessageKey>;

const panel = "space-y-3 rounded-xl border border-subtle p-4";
const fieldClass =
  "surface block min-h-11 w-full rounded-lg border border-subtle px-3 aria-[invalid]:border-rose-600";
const dangerButton =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-rose-700 px-4 font-semibold text-white hover:bg-rose-800 disabled:opacity-60";
const plainButton =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle px-4 font-semibold disabled:opacity-60";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-muted text-sm">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

/** A reason field of one act's form, with that form's messages and what was typed when it was refused. */
function ReasonField({
  form,
  optional,
  result,
}: {
  form: MemberAction["intent"];
  optional?: boolean;
  result: ActionResult | undefined;
}) {
  const t = useT();
  const messages = useMessages();
  const mine = result?.lastResult?.initialValue?.intent === form ? result.lastResult : undefined;
  const errors = messages(mine?.error?.reason ?? undefined);
  const typed = mine?.initialValue?.reason;
  const id = `${form}-reason`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {t(optional ? "admin.members.reasonOptional" : "admin.members.reason")}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        maxLength={SANCTION_REASON_MAX}
        required={!optional}
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

export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const messages = useMessages();
  const { member } = loaderData;
  const name = member.nickname ?? t("admin.members.noNickname");
  const refusedIntent = result?.lastResult?.initialValue?.intent;
  const periodErrors =
    refusedIntent === "suspend" ? messages(result?.lastResult?.error?.period ?? undefined) : [];
  const typedPeriod = refusedIntent === "suspend" ? result?.lastResult?.initialValue?.period : undefined;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <LocalLink to="/admin/members" className="text-sm font-semibold underline">
        {t("admin.members.back")}
      </LocalLink>
      <h1 className="text-2xl font-extrabold break-all">{name}</h1>
      <AdminNav />
      <FormAlert error={result?.error} />

      <section aria-labelledby="member-profile" className={panel}>
        <h2 id="member-profile" className="text-lg font-bold">
          {t("admin.members.profile")}
        </h2>
        <dl>
          <Row label={t("admin.members.id")}>
            <code>{member.id}</code>
          </Row>
          <Row label={t("admin.members.email")}>
            {member.email ?? (member.withdrawnAt ? t("admin.members.none") : t("admin.members.noEmail"))}
          </Row>
          <Row label={t("admin.members.phone")}>{member.phone ?? t("admin.members.none")}</Row>
          <Row label={t("admin.members.role")}>
            {member.role === "member"
              ? t("admin.members.roleMember")
              : member.role === "admin"
                ? t("admin.roles.admin")
                : member.role}
          </Row>
          <Row label={t("admin.members.memberType")}>
            {member.memberType === "business"
              ? t("admin.members.business")
              : member.memberType === "individual"
                ? t("admin.members.individual")
                : t("admin.members.none")}
          </Row>
          <Row label={t("admin.members.joinedAt")}>{member.joinedAt}</Row>
          {member.withdrawnAt ? <Row label={t("admin.members.withdrawnAt")}>{member.withdrawnAt}</Row> : null}
          <Row label={t("admin.members.twoFactor")}>
            {member.twoFactorEnabled ? t("admin.members.on") : t("admin.members.off")}
          </Row>
        </dl>
        <p className="text-muted text-xs">{t("admin.members.masked")}</p>
      </section>

      <section aria-labelledby="member-state" className={panel}>
        <h2 id="member-state" className="text-lg font-bold">
          {t("admin.members.state")}
        </h2>
        <p className="font-semibold" data-testid="member-state">
          {member.suspension
            ? member.suspension.endsAt
              ? t("admin.members.suspendedUntil", { date: member.suspension.endsAt })
              : t("admin.members.suspendedPermanently")
            : member.withdrawnAt
              ? t("admin.members.withdrawn")
              : t("admin.members.active")}
        </p>
        <p className="text-sm">{t("admin.members.sessions", { count: member.sessions })}</p>
        <h3 className="pt-2 font-semibold">{t("admin.members.lockout")}</h3>
        <ul className="text-sm">
          <li>{member.lockout.locked ? t("admin.members.locked") : t("admin.members.notLocked")}</li>
          <li>{t("admin.members.signInFailures", { count: member.lockout.signInFailures })}</li>
          <li>{t("admin.members.twoStepFailures", { count: member.lockout.twoStepFailures })}</li>
          {member.lockout.libraryFailures > 0 ? (
            <li>{t("admin.members.libraryFailures", { count: member.lockout.libraryFailures })}</li>
          ) : null}
          {member.lockout.libraryLockedUntil ? (
            <li>{t("admin.members.libraryLock", { date: member.lockout.libraryLockedUntil })}</li>
          ) : null}
        </ul>
        <h3 className="pt-2 font-semibold">{t("admin.members.activity")}</h3>
        <ul className="flex flex-wrap gap-x-4 text-sm">
          <li>{t("admin.members.posts", { count: member.activity.posts })}</li>
          <li>{t("admin.members.listings", { count: member.activity.listings })}</li>
          <li>{t("admin.members.comments", { count: member.activity.comments })}</li>
          <li>{t("admin.members.meetings", { count: member.activity.meetings })}</li>
        </ul>
      </section>

      <section aria-labelledby="member-actions" className="space-y-4">
        <h2 id="member-actions" className="text-lg font-bold">
          {t("admin.members.actions")}
        </h2>
        {!member.sanctionable ? (
          <p className="text-muted text-sm">{t("admin.members.notSanctionable")}</p>
        ) : (
          <>
            {member.suspension ? (
              <Form method="post" className={panel} aria-labelledby="lift-title">
                <h3 id="lift-title" className="font-semibold">
                  {t("admin.members.liftTitle")}
                </h3>
                <ReasonField form="lift" result={result} />
                <ConfirmButton
                  name="intent"
                  value="lift"
                  className={plainButton}
                  confirm={{ title: t("admin.members.liftConfirm"), action: t("admin.members.lift") }}
                >
                  {t("admin.members.lift")}
                </ConfirmButton>
              </Form>
            ) : (
              <Form method="post" className={panel} aria-labelledby="suspend-title">
                <h3 id="suspend-title" className="font-semibold">
                  {t("admin.members.suspendTitle")}
                </h3>
                <p className="text-muted text-sm">{t("admin.members.suspendText")}</p>
                <div className="space-y-1">
                  <label htmlFor="suspend-period" className="block text-sm font-semibold">
                    {t("admin.members.periodLabel")}
                  </label>
                  <select
                    id="suspend-period"
                    name="period"
                    defaultValue={typeof typedPeriod === "string" ? typedPeriod : "7"}
                    aria-invalid={periodErrors.length > 0 || undefined}
                    aria-describedby={periodErrors.length > 0 ? "suspend-period-error" : undefined}
                    className={fieldClass}
                  >
                    {suspensionPeriods.map((period) => (
                      <option key={period} value={period}>
                        {period === "permanent"
                          ? t("admin.members.permanentOption")
                          : t("admin.members.days", { count: Number(period) })}
                      </option>
                    ))}
                  </select>
                  {periodErrors.length > 0 ? (
                    <p id="suspend-period-error" className="text-sm text-rose-700">
                      {periodErrors.join(" ")}
                    </p>
                  ) : null}
                </div>
                <ReasonField form="suspend" result={result} />
                <ConfirmButton
                  name="intent"
                  value="suspend"
                  className={dangerButton}
                  confirm={{
                    title: t("admin.members.suspendConfirm"),
                    description: t("admin.members.suspendConfirmText"),
                    action: t("admin.members.suspend"),
                    tone: "danger",
                  }}
                >
                  {t("admin.members.suspend")}
                </ConfirmButton>
              </Form>
            )}
            {member.lockout.clearable ? (
              <Form method="post" className={panel} aria-labelledby="lockout-title">
                <h3 id="lockout-title" className="font-semibold">
                  {t("admin.members.lockoutTitle")}
                </h3>
                <p className="text-muted text-sm">{t("admin.members.lockoutText")}</p>
                <ReasonField form="clear-lockout" optional result={result} />
                <SubmitButton name="intent" value="clear-lockout" variant="secondary">
                  {t("admin.members.clearLockout")}
                </SubmitButton>
              </Form>
            ) : null}
            {member.sessions > 0 ? (
              <Form method="post" className={panel} aria-labelledby="sessions-title">
                <h3 id="sessions-title" className="font-semibold">
                  {t("admin.members.sessionsTitle")}
                </h3>
                <p className="text-muted text-sm">{t("admin.members.sessionsText")}</p>
                <ReasonField form="end-sessions" optional result={result} />
                <ConfirmButton
                  name="intent"
                  value="end-sessions"
                  className={plainButton}
                  confirm={{
                    title: t("admin.members.endSessionsConfirm"),
                    action: t("admin.members.endSessions"),
                    tone: "danger",
                  }}
                >
                  {t("admin.members.endSessions")}
                </ConfirmButton>
              </Form>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="member-sanctions" className={panel}>
        <h2 id="member-sanctions" className="text-lg font-bold">
          {t("admin.members.sanctions")}
        </h2>
        {member.sanctions.length === 0 ? (
          <p className="text-muted text-sm">{t("admin.members.noSanctions")}</p>
        ) : (
          <ol className="space-y-3" data-testid="member-sanctions">
            {member.sanctions.map((sanction) => (
              <li
                key={sanction.id}
                className="space-y-1 border-t border-subtle pt-3 text-sm first:border-0 first:pt-0"
              >
                <p className="font-semibold">
                  {t("admin.members.sanctionSuspension")} · {t(sanctionStates[sanction.state])}
                </p>
                <p>
                  {t("admin.members.period", {
                    from: sanction.startsAt,
                    to: sanction.endsAt ?? t("admin.members.permanent"),
                  })}
                </p>
                <p>
                  {t("admin.members.reason")}: {sanction.reason}
                </p>
                <p className="text-muted text-xs">
                  {t("admin.members.by", { name: sanction.createdByName ?? t("admin.members.unknownAdmin") })}
                </p>
                {sanction.liftedAt ? (
                  <p className="text-muted text-xs">
                    {t("admin.members.liftedBy", {
                      date: sanction.liftedAt,
                      name: sanction.liftedByName ?? t("admin.members.unknownAdmin"),
                      reason: sanction.liftReason ?? "",
                    })}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
