import type { Route } from "./+types/index";
import { RecentSearches } from "#app/components/search/RecentSearches";
import { SearchForm } from "#app/components/search/SearchForm";
import { languageFromPath } from "#app/i18n";
import { useT } from "#app/i18n/react";
import { recentSearchForm } from "#app/services/search/history.schema";
import { getRuntime } from "#app/platform/runtime.server";
import {
  clearRecentSearches,
  listRecentSearches,
  removeRecentSearch,
} from "#app/services/search/history.server";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = [
  "auth",
  "clear-article-page",
  "clear-meeting-manage-index",
  "clear-search-model",
];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "search.title" };

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const recent = await listRecentSearches(getRuntime().db, viewer.id);
  return { recent: recent.map(({ id, query }) => ({ id, query })) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const { db } = getRuntime();
  const submission = parseSubmission(await readForm(request), recentSearchForm);
  if (submission.status !== "success")
    return refusedForm(languageFromPath(new URL(request.url).pathname), submission);
  const { intent, id } = submission.value;
  if (intent === "clear") {
    await clearRecentSearches(db, actor.id);
    return { cleared: true };
  }
  // Removing something already gone (a second click, another tab) leaves the same list: nothing to report.
  if (id !== undefined) await removeRecentSearch(db, actor.id, id);
  return { cleared: false };
}

export default function SearchHome({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl space-y-8">
      <h1 className="text-2xl font-extrabold">{t("search.title")}</h1>
      <SearchForm />
      <RecentSearches recent={loaderData.recent} />
    </section>
  );
}
