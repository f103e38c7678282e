import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/meeting";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { Time } from "#app/components/ui/Time";
import { isMessageKey, languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { DomainError, isDomainError } from "#app/services/errors";
import {
  decideMessageReport,
  isMessageReportDecision,
  openMessageReports,
  type MessageReportDecision,
} from "#app/services/meetings/chat/reports.server";
import {
  isMeetingStatus,
  meetingRecord,
  searchMeetings,
} from "#app/services/meetings/admin/admin-meetings.server";
import { meetingMachine } from "#app/services/meetings/meeting/meeting-machine";
import { actingFrom, type FormError } from "#app/shell/auth.server";
import { parseSubmission, refusedForm, typedTexts } from "#app/shell/form.server";
import { verdictForm } from "#app/services/admin/console-forms.schema";
import { domainFailure, errorStatus } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "conduct.admin.meetingTitle" };

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * /admin/meeting: meetings searched by a side's nickname (`?q=`) and state (`?status=`), or one meeting's record
 * (`?id=`): its chat read only, its transitions and its no-show reports; the list also shows the open reports of
 * chat messages. Acting administrators only; 404 otherwise.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const url = new URL(request.url);
  const search = url.searchParams;
  const { db, clock } = getRuntime();
  try {
    const id = idOrNull(search.get("id"));
    if (id !== null) {
      const record = await meetingRecord(db, clock, actor, id, actingFrom(request));
      return {
        view: "record" as const,
        record: {
          meeting: {
            ...record.meeting,
            appointmentAt: iso(record.meeting.appointmentAt),
            createdAt: record.meeting.createdAt.toISOString(),
            lastMessageAt: record.meeting.lastMessageAt.toISOString(),
            endedAt: iso(record.meeting.endedAt),
          },
          chat: record.chat.map((line) => ({ ...line, createdAt: line.createdAt.toISOString() })),
          log: record.log.map((line) => ({ ...line, createdAt: line.createdAt.toISOString() })),
          reports: record.reports.map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
        },
      };
    }
    const requested = search.get("status");
    const status = isMeetingStatus(requested) ? requested : null;
    const nickname = (search.get("q") ?? "").trim();
    const [found, messageReports] = await Promise.all([
      searchMeetings(db, actor, { nickname, status, cursor: search.get("cursor") }),
      openMessageReports(db, actor),
    ]);
    return {
      view: "list" as const,
      messageReports: messageReports.map((report) => ({
        ...report,
        createdAt: report.createdAt.toISOString(),
      })),
      query: { nickname, status },
      items: found.items.map((item) => ({
        ...item,
        appointmentAt: iso(item.appointmentAt),
        createdAt: item.createdAt.toISOString(),
        lastMessageAt: item.lastMessageAt.toISOString(),
      })),
      nextCursor: found.nextCursor,
    };
  } catch (error) {
    if (isDomainError(error) && [403, 404].includes(errorStatus(error))) notFound();
    throw error;
  }
}

/** Closes a reported chat message's report: `resolved` or `dismissed`, by an acting administrator. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), verdictForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { intent, id } = submission.value;
  const typed = typedTexts(submission, new Set(["id"]));
  try {
    if (!isMessageReportDecision(intent)) throw new DomainError("conduct", "decision_invalid");
    if (id === null) throw new DomainError("conduct", "not_found");
    const { db, clock } = getRuntime();
    await decideMessageReport(db, clock, actor, id, intent, actingFrom(request));
  } catch (error) {
    const refused = domainFailure(language, error);
    return data({ ...refused.data, id: typed.id ?? "" }, refused.init ?? undefined);
  }
  return redirectWithFlash(localizePath(language, "/admin/meeting"), { key: "conduct.flash.decided" });
}

type Loaded = Route.ComponentProps["loaderData"];
type RecordView = Extract<Loaded, { view: "record" }>["record"];
type ListView = Extract<Loaded, { view: "list" }>;

export default function AdminMeeting({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("conduct.admin.meetingTitle")}</h1>
      {loaderData.view === "record" ? (
        <MeetingRecord record={loaderData.record} />
      ) : (
        <MeetingList list={loaderData} />
      )}
    </section>
  );
}

function MeetingList({ list }: { list: ListView }) {
  const t = useT();
  const former = t("conduct.admin.formerMember");
  const more = new URLSearchParams();
  if (list.query.nickname) more.set("q", list.query.nickname);
  if (list.query.status) more.set("status", list.query.status);
  if (list.nextCursor) more.set("cursor", list.nextCursor);
  return (
    <>
      <Form method="get" role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="admin-meeting-q" className="block text-sm font-semibold">
            {t("conduct.admin.nickname")}
          </label>
          <input
            id="admin-meeting-q"
            name="q"
            type="search"
            defaultValue={list.query.nickname}
            maxLength={30}
            aria-describedby="admin-meeting-q-hint"
            className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
          />
          <p id="admin-meeting-q-hint" className="text-muted text-xs">
            {t("conduct.admin.nicknameHint")}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor="admin-meeting-status" className="block text-sm font-semibold">
            {t("conduct.admin.statusFilter")}
          </label>
          <select
            id="admin-meeting-status"
            name="status"
            defaultValue={list.query.status ?? ""}
            className="surface block min-h-11 w-full rounded-lg border border-subtle px-3"
          >
            <option value="">{t("conduct.admin.allStatuses")}</option>
            {meetingMachine.states.map((status) => (
              <option key={status} value={status}>
                {t(`conduct.meetingStatus.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="bg-primary min-h-11 rounded-lg px-4 font-semibold text-white">
          {t("conduct.admin.search")}
        </button>
      </Form>
      <MessageReports reports={list.messageReports} />
      <section aria-labelledby="admin-meeting-results" className="space-y-2">
        <h2 id="admin-meeting-results" className="text-lg font-bold">
          {t("conduct.admin.results")}
        </h2>
        {list.items.length === 0 ? (
          <p className="text-muted">{t("conduct.admin.noResults")}</p>
        ) : (
          <ul className="space-y-2">
            {list.items.map((item) => (
              <li key={item.id}>
                <LocalLink
                  to={`/admin/meeting?id=${item.id}`}
                  className="block space-y-1 rounded-xl border border-subtle p-3 hover:border-primary"
                >
                  <span className="flex flex-wrap items-center gap-2 font-semibold">
                    #{item.id} · {t(`conduct.kind.${item.kind}`)}
                    <span className="rounded-full border border-subtle px-2 py-0.5 text-xs">
                      {t(`conduct.meetingStatus.${item.status}`)}
                    </span>
                  </span>
                  <span className="block text-sm">
                    {t("conduct.admin.between", {
                      requester: item.requesterNickname ?? former,
                      provider: item.providerNickname ?? former,
                    })}
                  </span>
                  <span className="text-muted block text-xs">
                    {t("conduct.admin.createdAt")}: <Time at={item.createdAt} format="dateTime" />
                  </span>
                </LocalLink>
              </li>
            ))}
          </ul>
        )}
        {list.nextCursor ? (
          <LocalLink
            to={`/admin/meeting?${more.toString()}`}
            className="inline-flex min-h-11 items-center rounded-lg border border-subtle px-4 text-sm font-semibold"
          >
            {t("conduct.admin.more")}
          </LocalLink>
        ) : null}
      </section>
    </>
  );
}

const messageDecisions: MessageReportDecision[] = ["resolved", "dismissed"];

/** The open reports of chat messages: the message, who sent and who reported it, why; resolve or dismiss. */
function MessageReports({ reports }: { reports: ListView["messageReports"] }) {
  const t = useT();
  const result = useActionData<typeof action>() as { id?: string; error?: FormError } | undefined;
  const busy = useNavigation().state === "submitting";
  const former = t("conduct.admin.formerMember");
  return (
    <section aria-labelledby="admin-message-reports" className="space-y-2">
      <h2 id="admin-message-reports" className="text-lg font-bold">
        {t("conduct.admin.messageReportsTitle")}
      </h2>
      {reports.length === 0 ? (
        <p className="text-muted">{t("conduct.admin.messageReportsEmpty")}</p>
      ) : (
        <ul className="space-y-2">
          {reports.map((report) => (
            <li key={report.id} className="space-y-2 rounded-xl border border-subtle p-3">
              <p className="text-sm font-semibold">
                {t("conduct.admin.messageReportLine", {
                  sender: report.senderNickname ?? former,
                  reporter: report.reporterNickname ?? former,
                })}
              </p>
              <blockquote className="surface-muted rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap">
                {report.body ?? (report.imageUrl ? t("conduct.admin.messageImage") : "")}
              </blockquote>
              <p className="text-sm">
                {t("conduct.admin.messageReportReason")}: {report.reason}
              </p>
              <p className="text-muted text-xs">
                <Time at={report.createdAt} format="dateTime" /> ·{" "}
                <LocalLink to={`/admin/meeting?id=${report.meetingId}`} className="text-link underline">
                  {t("conduct.admin.openMeeting")} #{report.meetingId}
                </LocalLink>
              </p>
              {result?.id === String(report.id) ? <FormAlert error={result.error} /> : null}
              <div className="flex flex-wrap gap-2">
                {messageDecisions.map((decision) => (
                  <Form method="post" key={decision}>
                    <input type="hidden" name="id" value={report.id} />
                    <ConfirmButton
                      name="intent"
                      value={decision}
                      disabled={busy}
                      confirm={{
                        title: t(`conduct.admin.messageDecisionQuestion.${decision}`),
                        action: t(`conduct.admin.messageDecision.${decision}`),
                        tone: "primary",
                      }}
                      className="min-h-11 rounded-lg border border-subtle px-4 text-sm font-semibold"
                    >
                      {t(`conduct.admin.messageDecision.${decision}`)}
                    </ConfirmButton>
                  </Form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MeetingRecord({ record }: { record: RecordView }) {
  const t = useT();
  const former = t("conduct.admin.formerMember");
  const { meeting } = record;
  const systemLine = (event: string | null, values: Record<string, string | number | null> | null) => {
    const key = `chat.system.${event ?? ""}`;
    if (!isMessageKey(key)) return event ?? t("conduct.admin.systemMessage");
    const params = Object.fromEntries(
      Object.entries(values ?? {}).map(([name, value]) => [name, value ?? ""]),
    );
    return t(key, params);
  };
  return (
    <>
      <LocalLink to="/admin/meeting" className="text-link text-sm underline">
        {t("conduct.admin.back")}
      </LocalLink>
      <header className="space-y-1 rounded-xl border border-subtle p-4">
        <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
          #{meeting.id} · {t(`conduct.kind.${meeting.kind}`)}
          <span className="rounded-full border border-subtle px-2 py-0.5 text-xs">
            {t(`conduct.meetingStatus.${meeting.status}`)}
          </span>
        </p>
        <p className="text-sm">
          {t("conduct.admin.between", {
            requester: meeting.requesterNickname ?? former,
            provider: meeting.providerNickname ?? former,
          })}
        </p>
        <p className="text-muted text-xs">
          {t("conduct.admin.createdAt")}: <Time at={meeting.createdAt} format="dateTime" />
          {meeting.appointmentAt ? (
            <>
              {" · "}
              {t("conduct.admin.appointment")}: <Time at={meeting.appointmentAt} format="dateTime" />
            </>
          ) : null}
        </p>
        {meeting.placeName ? (
          <p className="text-sm">{t("conduct.admin.place", { place: meeting.placeName })}</p>
        ) : null}
        {meeting.memo ? <p className="text-sm">{t("conduct.admin.memo", { memo: meeting.memo })}</p> : null}
        {meeting.cancelReason ? (
          <p className="text-sm">{t("conduct.admin.cancelReason", { reason: meeting.cancelReason })}</p>
        ) : null}
      </header>

      <section aria-labelledby="admin-meeting-chat" className="space-y-2">
        <h2 id="admin-meeting-chat" className="text-lg font-bold">
          {t("conduct.admin.chat")}
        </h2>
        {record.chat.length === 0 ? (
          <p className="text-muted">{t("conduct.admin.chatEmpty")}</p>
        ) : (
          <ol className="space-y-2 rounded-xl border border-subtle p-3" aria-label={t("conduct.admin.chat")}>
            {record.chat.map((line) =>
              line.kind === "system" ? (
                <li key={line.id} className="text-muted text-center text-xs" data-kind="system">
                  {systemLine(line.event, line.eventValues)} · <Time at={line.createdAt} format="dateTime" />
                </li>
              ) : (
                <li
                  key={line.id}
                  data-kind={line.kind}
                  className={`space-y-0.5 ${line.senderId === meeting.providerId ? "text-right" : ""}`}
                >
                  <p className="text-xs font-semibold">
                    {line.senderNickname ?? former}
                    {line.senderId === meeting.providerId
                      ? ` (${t("conduct.side.provider")})`
                      : ` (${t("conduct.side.requester")})`}
                    {" · "}
                    <Time at={line.createdAt} format="dateTime" />
                  </p>
                  {line.kind === "image" && line.imageUrl ? (
                    <a
                      href={line.imageUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-block"
                    >
                      <img
                        src={line.imageUrl}
                        alt={t("conduct.admin.imageMessage")}
                        loading="lazy"
                        className="max-h-48 rounded-lg"
                      />
                    </a>
                  ) : (
                    <p className="inline-block whitespace-pre-wrap break-words rounded-lg border border-subtle px-3 py-2 text-left text-sm">
                      {line.body}
                    </p>
                  )}
                  {line.flagged ? (
                    <p className="text-xs text-amber-700">{t("conduct.admin.flagged")}</p>
                  ) : null}
                </li>
              ),
            )}
          </ol>
        )}
      </section>

      <section aria-labelledby="admin-meeting-log" className="space-y-2">
        <h2 id="admin-meeting-log" className="text-lg font-bold">
          {t("conduct.admin.log")}
        </h2>
        {record.log.length === 0 ? (
          <p className="text-muted">{t("conduct.admin.logEmpty")}</p>
        ) : (
          <ol className="space-y-1 text-sm">
            {record.log.map((line) => (
              <li key={line.id}>
                <Time at={line.createdAt} format="dateTime" />{" "}
                {t("conduct.admin.logLine", {
                  from: line.from,
                  to: line.to,
                  transition: line.transition,
                  actor: line.actorNickname ? `${line.actorKind} ${line.actorNickname}` : line.actorKind,
                })}
                {line.reason ? ` — ${line.reason}` : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      {record.reports.length > 0 ? (
        <section aria-labelledby="admin-meeting-reports" className="space-y-2">
          <h2 id="admin-meeting-reports" className="text-lg font-bold">
            {t("conduct.admin.reports")}
          </h2>
          <ul className="space-y-2">
            {record.reports.map((report) => (
              <li key={report.id} className="rounded-xl border border-subtle p-3 text-sm">
                <p className="font-semibold">{t(`conduct.admin.status.${report.status}`)}</p>
                <p className="whitespace-pre-wrap break-words">{report.content}</p>
                <LocalLink to="/admin/no-show" className="text-link text-xs underline">
                  {t("conduct.admin.noShowTitle")}
                </LocalLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
