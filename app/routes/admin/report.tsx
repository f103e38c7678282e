import { data, Form, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/report";
import { FormAlert, Notice, SubmitButton } from "#app/components/auth/fields";
import { languageFromPath, localizePath } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { listOpenReports, resolveReport } from "#app/services/board/reports.server";
import { DomainError } from "#app/services/errors";
import { formText, requireViewer } from "#app/shell/auth.server";
import { domainErrorBody } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "comment.adminPage.title" };

/** Administrators (with two-step verification) handle open reports; anybody else gets 404. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const before = Number(url.searchParams.get("before")) || null;
  try {
    const page = await listOpenReports(getRuntime().db, viewer, { before });
    return {
      items: page.items.map((item) => ({ ...item, createdAt: item.createdAt.slice(0, 10) })),
      nextBefore: page.nextBefore,
      later: before !== null,
    };
  } catch (error) {
    if (error instanceof DomainError && error.status === 403) {
      throw data(`Page Not Found: ${url.pathname}`, {
        status: 404,
        statusText: `Page Not Found: ${url.pathname}`,
      });
    }
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireViewer(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const form = await request.formData();
  const decision = formText(form, "decision") === "delete" ? "delete" : "dismiss";
  const { db, clock } = getRuntime();
  try {
    await resolveReport(db, clock, viewer, Number(formText(form, "id")), decision);
  } catch (error) {
    return data({ error: domainErrorBody(language, error) }, { status: (error as DomainError).status });
  }
  return redirect(`${localizePath(language, "/admin/report")}?done=${decision}`);
}

export default function AdminReport({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done");
  const { items, nextBefore, later } = loaderData;
  return (
    <section className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("comment.adminPage.title")}</h1>
      {done && !result ? (
        <Notice>
          {done === "delete" ? t("comment.adminPage.deleted") : t("comment.adminPage.dismissed")}
        </Notice>
      ) : null}
      <FormAlert error={result?.error} />
      {items.length === 0 ? (
        <p className="text-muted">{t("comment.adminPage.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.id} className="space-y-2 rounded-xl border border-subtle p-4">
              <p className="text-muted text-xs">
                <span className="mr-2 rounded bg-rose-100 px-1.5 font-semibold text-rose-900">
                  {item.target.type === "article"
                    ? t("comment.adminPage.article")
                    : t("comment.adminPage.comment")}
                </span>
                {t("comment.adminPage.reportedBy", { nickname: item.reporterNickname, date: item.createdAt })}
              </p>
              <p className="whitespace-pre-wrap text-sm">
                {t("comment.adminPage.reason", { reason: item.reason })}
              </p>
              <div className="surface-muted rounded-lg px-3 py-2 text-sm">
                {item.target.gone ? (
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
                {item.target.gone ? null : (
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (!window.confirm(t("comment.adminPage.deleteConfirm"))) event.preventDefault();
                    }}
                  >
                    <input type="hidden" name="id" value={item.id} />
                    <SubmitButton name="decision" value="delete" variant="danger">
                      {t("comment.adminPage.delete")}
                    </SubmitButton>
                  </Form>
                )}
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(t("comment.adminPage.dismissConfirm"))) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="id" value={item.id} />
                  <SubmitButton name="decision" value="dismiss" variant="secondary">
                    {t("comment.adminPage.dismiss")}
                  </SubmitButton>
                </Form>
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
