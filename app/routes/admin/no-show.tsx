import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/no-show";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError, isDomainError } from "#app/services/errors";
import { banState, currentBans, liftBan } from "#app/services/meetings/conduct/bans.server";
import {
  listNoShowReports,
  noShowDecisions,
  reviewNoShow,
  type NoShowDecision,
} from "#app/services/meetings/conduct/no-shows.server";
import { actingFrom } from "#app/shell/auth.server";
import { parseSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import { verdictForm } from "#app/services/admin/console-forms.schema";
import { domainFailure, errorStatus } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "conduct.admin.noShowTitle" };

/** Administrators (with two-step verification) review no-show reports and bans; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const { db, clock } = getRuntime();
  try {
    const [reports, bans] = await Promise.all([listNoShowReports(db, actor), currentBans(db, clock, actor)]);
    const now = clock.now();
    return {
      reports: reports.map((report) => ({
        ...report,
        createdAt: report.createdAt.toISOString(),
        reviewedAt: report.reviewedAt?.toISOString() ?? null,
        meeting: { ...report.meeting, appointmentAt: report.meeting.appointmentAt?.toISOString() ?? null },
      })),
      bans: bans.map((ban) => ({
        id: ban.id,
        nickname: ban.nickname,
        step: ban.step,
        reason: ban.reason,
        state: banState(ban, now),
        startsAt: ban.startsAt.toISOString(),
        endsAt: ban.endsAt?.toISOString() ?? null,
      })),
    };
  } catch (error) {
    if (isDomainError(error) && errorStatus(error) === 403) {
      notFound();
    }
    throw error;
  }
}

const isDecision = (value: string): value is NoShowDecision =>
  (noShowDecisions as readonly string[]).includes(value);

/** `intent` = confirm | dismiss | penalise with the report's `id`, or `lift` with the ban's `id`. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const submission = parseSubmission(await readForm(request), verdictForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { intent, id } = submission.value;
  const target = { intent, id: typedTexts(submission, new Set(["id"])).id ?? "" };
  try {
    if (intent === "lift") {
      if (id === null) throw new DomainError("conduct", "ban_not_found");
      await liftBan(db, clock, actor, id, actingFrom(request));
      return redirectWithFlash(localizePath(language, "/admin/no-show"), { key: "conduct.flash.banLifted" });
    }
    if (!isDecision(intent)) throw new DomainError("conduct", "decision_invalid");
    if (id === null) throw new DomainError("conduct", "not_found");
    await reviewNoShow(db, clock, actor, id, intent, actingFrom(request));
  } catch (error) {
    const refused = domainFailure(language, error);
    return data({ ...refused.data, ...target }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, "/admin/no-show"), { key: "conduct.flash.decided" });
}

type ActionResult = { intent: string; id: string; error?: { code: string; message: string } };

const decisionClass: Record<NoShowDecision, string> = {
  confirm: "bg-rose-700 text-white hover:bg-rose-800",
  dismiss: "border border-subtle surface",
  penalise: "bg-amber-700 text-white hover:bg-amber-800",
};

export default function AdminNoShow({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const { reports, bans } = loaderData;
  const former = t("conduct.admin.formerMember");
  const stepText = (step: number, days: number | null) =>
    days === null ? t("conduct.admin.stepPermanent", { step }) : t("conduct.admin.step", { step, days });
  const stray =
    result?.error &&
    !reports.some((r) => String(r.id) === result.id) &&
    !bans.some((b) => String(b.id) === result.id);
  return (
    <section className="mx-auto max-w-2xl space-y-8">
      <h1 className="text-2xl font-extrabold">{t("conduct.admin.noShowTitle")}</h1>
      {stray ? <FormAlert error={result!.error} /> : null}

      <section aria-labelledby="no-show-reports" className="space-y-3">
        <h2 id="no-show-reports" className="text-lg font-bold">
          {t("conduct.admin.reportsTitle")}
        </h2>
        {reports.length === 0 ? (
          <p className="text-muted">{t("conduct.admin.empty")}</p>
        ) : (
          <ul className="space-y-4">
            {reports.map((report) => {
              const mine =
                result && result.id === String(report.id) && result.intent !== "lift" ? result : undefined;
              const reporter = report.reporter.nickname ?? former;
              const absent = report.absent.nickname ?? former;
              return (
                <li
                  key={report.id}
                  className="space-y-3 rounded-xl border border-subtle p-4"
                  data-report-status={report.status}
                >
                  <div className="space-y-1">
                    <p className="flex flex-wrap items-center gap-2 font-bold">
                      <span>{t("conduct.admin.absent", { nickname: absent })}</span>
                      <span className="rounded-full border border-subtle px-2 py-0.5 text-xs">
                        {t(`conduct.admin.status.${report.status}`)}
                      </span>
                    </p>
                    <p className="text-muted text-xs">
                      {t("conduct.admin.reportedBy", {
                        nickname: reporter,
                        side: t(`conduct.side.${report.reporter.side}`),
                      })}
                      {" · "}
                      <Time at={report.createdAt} format="dateTime" />
                    </p>
                    <p className="text-sm">
                      {t("conduct.admin.meetingSummary", {
                        kind: t(`conduct.kind.${report.meeting.kind}`),
                        id: report.meeting.id,
                        status: t(`conduct.meetingStatus.${report.meeting.status as "reserved"}`),
                      })}
                    </p>
                    <p className="text-sm">
                      {report.meeting.appointmentAt ? (
                        <>
                          {t("conduct.admin.appointment")}:{" "}
                          <Time at={report.meeting.appointmentAt} format="dateTime" />
                        </>
                      ) : (
                        t("conduct.admin.noAppointment")
                      )}
                      {report.meeting.placeName
                        ? ` · ${t("conduct.admin.place", { place: report.meeting.placeName })}`
                        : null}
                    </p>
                    <blockquote className="whitespace-pre-wrap break-words rounded-lg border-l-4 border-subtle px-3 py-2 text-sm">
                      {report.content}
                    </blockquote>
                    <LocalLink
                      to={`/admin/meeting?id=${report.meeting.id}`}
                      className="text-link text-sm underline"
                    >
                      {t("conduct.admin.openMeeting")}
                    </LocalLink>
                  </div>
                  {mine?.error ? <FormAlert error={mine.error} /> : null}
                  {report.decisions.length > 0 ? (
                    <Form method="post" className="grid gap-2 sm:grid-cols-3">
                      <input type="hidden" name="id" value={report.id} />
                      {report.decisions.map((decision) => (
                        <div key={decision} className="space-y-1">
                          <ConfirmButton
                            name="intent"
                            value={decision}
                            disabled={busy}
                            className={`inline-flex min-h-11 w-full items-center justify-center rounded-lg px-3 text-sm font-semibold disabled:opacity-60 ${decisionClass[decision]}`}
                            confirm={{
                              title: t(`conduct.admin.confirmQuestion.${decision}`, {
                                nickname: decision === "penalise" ? reporter : absent,
                              }),
                              description:
                                decision === "confirm"
                                  ? stepText(report.nextSteps.confirm, report.absent.nextStepDays)
                                  : decision === "penalise"
                                    ? stepText(report.nextSteps.penalise, report.reporter.nextStepDays)
                                    : undefined,
                              action: t(`conduct.admin.decision.${decision}`),
                              tone: decision === "dismiss" ? "primary" : "danger",
                            }}
                          >
                            {t(`conduct.admin.decision.${decision}`)}
                          </ConfirmButton>
                          {decision !== "dismiss" ? (
                            <p className="text-muted text-center text-xs">
                              {decision === "confirm"
                                ? stepText(report.nextSteps.confirm, report.absent.nextStepDays)
                                : stepText(report.nextSteps.penalise, report.reporter.nextStepDays)}
                            </p>
                          ) : null}
                        </div>
                      ))}
                    </Form>
                  ) : report.reviewedAt ? (
                    <p className="text-muted text-xs">
                      {t("conduct.admin.reviewedAt")}: <Time at={report.reviewedAt} format="dateTime" />
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="no-show-bans" className="space-y-3">
        <h2 id="no-show-bans" className="text-lg font-bold">
          {t("conduct.admin.bansTitle")}
        </h2>
        {bans.length === 0 ? (
          <p className="text-muted">{t("conduct.admin.bansEmpty")}</p>
        ) : (
          <ul className="space-y-2">
            {bans.map((ban) => {
              const nickname = ban.nickname ?? former;
              const mine =
                result && result.intent === "lift" && result.id === String(ban.id) ? result : undefined;
              return (
                <li
                  key={ban.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-subtle p-3"
                >
                  <div className="space-y-0.5 text-sm">
                    <p className="font-semibold">
                      {t("conduct.admin.banLine", {
                        nickname,
                        reason: t(`conduct.banReason.${ban.reason}`),
                        step: ban.step,
                      })}{" "}
                      <span className="text-muted text-xs">({t(`conduct.banState.${ban.state}`)})</span>
                    </p>
                    <p className="text-muted text-xs">
                      <Time at={ban.startsAt} format="date" /> ~{" "}
                      {ban.endsAt ? (
                        <Time at={ban.endsAt} format="date" />
                      ) : (
                        t("conduct.admin.stepPermanent", { step: ban.step })
                      )}
                    </p>
                    {mine?.error ? <FormAlert error={mine.error} /> : null}
                  </div>
                  <Form method="post">
                    <input type="hidden" name="id" value={ban.id} />
                    <ConfirmButton
                      name="intent"
                      value="lift"
                      disabled={busy}
                      className="min-h-11 rounded-lg border border-subtle px-4 text-sm font-semibold disabled:opacity-60"
                      confirm={{
                        title: t("conduct.admin.liftQuestion", { nickname }),
                        action: t("conduct.admin.lift"),
                      }}
                    >
                      {t("conduct.admin.lift")}
                    </ConfirmButton>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </section>
  );
}
