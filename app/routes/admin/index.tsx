import type { Route } from "./+types/index";
import { AdminNav } from "#app/components/admin/AdminNav";
import type { MessageKey } from "#app/i18n";
import { LocalLink, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { adminQueues, type AdminQueues } from "#app/services/admin/queues.server";
import type { GuardName } from "#app/shell/guards";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";
import { requireStaff } from "#app/shell/staff.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "admin.dashboard.title" };

/** The console's home for acting staff: what waits in each queue their permissions open; 404 for others. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireStaff(request, "staff");
  return { queues: await adminQueues(getRuntime().db, actor) };
}

/** Each queue, the words that name it and the page that works it. */
const queuePages: { queue: keyof AdminQueues; label: MessageKey; path: string }[] = [
  { queue: "reports", label: "admin.dashboard.reports", path: "/admin/report" },
  { queue: "noShows", label: "admin.dashboard.noShows", path: "/admin/no-show" },
  { queue: "modelReports", label: "admin.dashboard.modelReports", path: "/admin/motorcycle-report" },
  { queue: "inquiries", label: "admin.dashboard.inquiries", path: "/admin/inquiry" },
  { queue: "failedJobs", label: "admin.dashboard.failedJobs", path: "/admin/jobs" },
  { queue: "theftHolds", label: "theft.admin.title", path: "/admin/theft" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { queues } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-extrabold">{t("admin.dashboard.title")}</h1>
      <p className="text-muted text-sm">{t("admin.dashboard.text")}</p>
      <AdminNav />
      <section aria-labelledby="admin-queues" className="space-y-3">
        <h2 id="admin-queues" className="text-lg font-bold">
          {t("admin.dashboard.queues")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="admin-queues">
          {queuePages.flatMap(({ queue, label, path }) => {
            const count = queues[queue];
            if (count === undefined) return [];
            return [
              <li key={queue}>
                <LocalLink
                  to={path}
                  className="flex min-h-20 flex-col justify-between rounded-xl border border-subtle p-4 hover:border-primary"
                >
                  <span className="text-sm font-semibold">{t(label)}</span>
                  <span
                    className={`text-2xl font-extrabold ${count > 0 ? "text-primary-strong" : "text-muted"}`}
                  >
                    {t("admin.dashboard.count", { count })}
                  </span>
                </LocalLink>
              </li>,
            ];
          })}
        </ul>
      </section>
    </section>
  );
}
