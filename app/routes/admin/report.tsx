import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/report";
import { FormAlert } from "#app/components/ui/fields";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { languageFromPath, localizePath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listOpenReports, resolveReport } from "#app/services/board/reports.server";
import { isDomainError } from "#app/services/errors";
import { actingFrom } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { reportDecisionForm } from "#app/services/admin/console-forms.schema";
import { redirectWithFlash } from "#app/shell/flash.server";
import { domainAnswer, errorStatus } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import { idOrNull, notFound, readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "comment.adminPage.title" };

/** Administrators (with two-step verification) handle open reports; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const url = new URL(request.url);
  const before = idOrNull(url.searchParams.get("before"));
  try {
    const page = await listOpenReports(getRuntime().db, actor, { before });
    return {
      items: page.items.map((item) => ({
        ...item,
        createdAt: formatDate(languageFromPath(url.pathname), item.createdAt),
      })),
      nextBefore: page.nextBefore,
      later: before !== null,
    };
  } catch (error) {
    if (isDomainError(error) && errorStatus(error) === 403) {
      notFound();
    }
    throw error;
  }
}

const decided = {
  delete: "comment.adminPage.deleted",
  resolve: "members.admin.resolved",
  dismiss: "comment.adminPage.dismissed",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request, "moderate:content");
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), reportDecisionForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { id, decision } = submission.value;
  const { db, clock } = getRuntime();
  try {
    await resolveReport(db, clock, actor, id, decision, actingFrom(request));
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body }, { status });
  }
  return redirectWithFlash(localizePath(language, "/admin/report"), { key: decided[decision] });
}

const decisionButton =
  "inline-flex min-h-11 w-full items-center justify-center rounded-lg px-4 font-semibold disabled:opacity-60";

export default function AdminReport({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { items, nextBefore, later } = loaderData;
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("comment.adminPage.title")}</h1>
      <FormAlert error={result?.error} />
      {items.length === 0 ? (
        <p className="text-muted">{t("comment.adminPage.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.id} className="space-y-2 rounded-xl border border-subtle p-4">
              <p className="text-muted text-xs">
                <span className="mr-2 rounded bg-rose-100 px-1.5 font-semibold text-rose-900">
                  {item.target.type === "member"
                    ? t("members.admin.member")
                    : item.target.type === "article"
                      ? t("comment.adminPage.article")
                      : t("comment.adminPage.comment")}
                </span>
                {t("comment.adminPage.reportedBy", { nickname: item.reporterNickname, date: item.createdAt })}
              </p>
              <p className="whitespace-pre-wrap text-sm">
                {t("comment.adminPage.reason", { reason: item.reason })}
              </p>
              <div className="surface-muted rounded-lg px-3 py-2 text-sm">
                {item.target.type === "member" ? (
                  item.target.gone ? (
                    <p className="text-muted">{t("members.admin.gone")}</p>
                  ) : (
                    <>
                      <p>{t("members.admin.reported", { nickname: item.target.authorNickname })}</p>
                      <LocalLink
                        to={item.target.path}
                        className="text-xs font-semibold text-primary underline"
                      >
                        {t("members.admin.openProfile")}
                      </LocalLink>
                    </>
                  )
                ) : item.target.gone ? (
                  <p className="text-muted">{t("comment.adminPage.gone")}</p>
                ) : (
                  <>
                    <p className="text-muted text-xs">
                      {t("comment.adminPage.author", { nickname: item.target.authorNickname })}
                    </p>
                    <p className="line-clamp-3 whitespace-pre-wrap break-words">{item.target.preview}</p>
                    <LocalLink to={item.target.path} className="text-xs font-semibold text-primary underline">
                      {t("comment.adminPage.open")}
                    </LocalLink>
                  </>
                )}
              </div>
              <div className="flex gap-2">
                {/* The buttons are the transitions the report machine allows; resolving content deletes it. */}
                {!item.transitions.includes("resolve") ? null : item.target.type === "member" ? (
                  <Form method="post" className="flex-1">
                    <input type="hidden" name="id" value={item.id} />
                    <ConfirmButton
                      name="decision"
                      value="resolve"
                      disabled={busy}
                      className={`${decisionButton} bg-primary text-white hover:bg-primary-strong`}
                      confirm={{
                        title: t("members.admin.resolveConfirm"),
                        action: t("members.admin.resolve"),
                        tone: "primary",
                      }}
                    >
                      {t("members.admin.resolve")}
                    </ConfirmButton>
                  </Form>
                ) : item.target.gone ? null : (
                  <Form method="post" className="flex-1">
                    <input type="hidden" name="id" value={item.id} />
                    <ConfirmButton
                      name="decision"
                      value="delete"
                      disabled={busy}
                      className={`${decisionButton} bg-rose-700 text-white hover:bg-rose-800`}
                      confirm={{
                        title: t("comment.adminPage.deleteConfirm"),
                        action: t("comment.adminPage.delete"),
                      }}
                    >
                      {t("comment.adminPage.delete")}
                    </ConfirmButton>
                  </Form>
                )}
                {item.transitions.includes("dismiss") ? (
                  <Form method="post" className="flex-1">
                    <input type="hidden" name="id" value={item.id} />
                    <ConfirmButton
                      name="decision"
                      value="dismiss"
                      disabled={busy}
                      className={`${decisionButton} surface border border-subtle`}
                      confirm={{
                        title: t("comment.adminPage.dismissConfirm"),
                        action: t("comment.adminPage.dismiss"),
                        tone: "primary",
                      }}
                    >
                      {t("comment.adminPage.dismiss")}
                    </ConfirmButton>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {nextBefore || later ? (
        <nav aria-label={t("comment.pages")} className="flex justify-between text-sm font-semibold">
          {later ? <LocalLink to="/admin/report">{t("comment.adminPage.first")}</LocalLink> : <span />}
          {nextBefore ? (
            <LocalLink to={`/admin/report?before=${nextBefore}`}>{t("comment.adminPage.more")}</LocalLink>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
