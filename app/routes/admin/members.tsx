import { Form } from "react-router";
import type { Route } from "./+types/members";
import { AdminNav } from "#app/components/admin/AdminNav";
import { Pager } from "#app/components/notice/Pager";
import { languageFromPath } from "#app/i18n";
import { formatDate } from "#app/i18n/calendar";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { searchMembers } from "#app/services/admin/members.server";
import { memberQuerySchema } from "#app/services/admin/members.schema";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "admin.members.title" };

/** Member search for staff who manage members, newest first; 404 for anybody else. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "manage:members");
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const query = memberQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db, clock } = getRuntime();
  const { rows, hasNext } = await searchMembers(db, clock, actor, query);
  return {
    query,
    hasNext,
    rows: rows.map((row) => ({ ...row, joinedAt: formatDate(language, row.joinedAt) })),
  };
}

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, rows, hasNext } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("admin.members.title")}</h1>
      <AdminNav />
      <Form method="get" role="search" className="space-y-2" aria-label={t("admin.members.title")}>
        <label htmlFor="member-query" className="block text-sm font-semibold">
          {t("admin.members.query")}
        </label>
        <p id="member-query-hint" className="text-muted text-xs">
          {t("admin.members.text")}
        </p>
        <div className="flex gap-2">
          <input
            id="member-query"
            name="q"
            type="search"
            defaultValue={query.q}
            aria-describedby="member-query-hint"
            className="surface min-h-11 w-full rounded-lg border border-subtle px-3"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-strong"
          >
            {t("admin.members.search")}
          </button>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted">{t("admin.members.empty")}</p>
      ) : (
        <ul
          className="divide-y divide-[var(--border)] rounded-xl border border-subtle"
          aria-label={t("admin.members.results")}
        >
          {rows.map((row) => (
            <li key={row.id}>
              <LocalLink
                to={`/admin/members/${encodeURIComponent(row.id)}`}
                className="flex min-h-14 flex-col gap-1 px-4 py-3 hover:bg-[var(--surface-muted)]"
              >
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {row.nickname ?? t("admin.members.noNickname")}
                  {row.role !== "member" ? (
                    <span className={`${badge} bg-primary-soft text-primary-strong`}>
                      {t("admin.members.staff")}
                    </span>
                  ) : null}
                  {row.suspended ? (
                    <span className={`${badge} bg-rose-100 text-rose-900`}>
                      {t("admin.members.suspended")}
                    </span>
                  ) : null}
                  {row.withdrawn ? (
                    <span className={`${badge} surface-muted`}>{t("admin.members.withdrawn")}</span>
                  ) : null}
                </span>
                <span className="text-muted text-xs break-all">
                  {row.email ?? (row.withdrawn ? t("admin.members.none") : t("admin.members.noEmail"))} ·{" "}
                  {t("admin.members.joined", { date: row.joinedAt })}
                </span>
              </LocalLink>
            </li>
          ))}
        </ul>
      )}
      <Pager
        path="/admin/members"
        query={query.q ? { q: query.q } : {}}
        page={query.page}
        hasNext={hasNext}
      />
    </section>
  );
}
