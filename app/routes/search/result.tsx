import { useState } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/result";
import { SearchForm } from "#app/components/search/SearchForm";
import { SearchHitList } from "#app/components/search/SearchHitItem";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import { getRuntime } from "#app/platform/runtime.server";
import { actorOf } from "#app/services/actor";
import { searchForm } from "#app/services/search/history.schema";
import { recordSearch } from "#app/services/search/history.server";
import { searchAll, searchArea, type SearchGroup } from "#app/services/search/search.server";
import type { SearchHit } from "#app/services/search/types";
import { requireActor, requireViewer } from "#app/shell/auth.server";
import { parseSubmission, refusedForm } from "#app/shell/form.server";
import { domainAnswer } from "#app/shell/domain.server";
import type { GuardName } from "#app/shell/guards";
import { readForm } from "#app/shell/input.server";
import type { RouteHandle } from "#app/shell/meta";
import { clientGuards } from "#app/shell/route-guards";
import { serverGuards } from "#app/shell/route-guards.server";

const guards: GuardName[] = ["auth"];
export const middleware = [serverGuards(guards)];
export const clientMiddleware = [clientGuards(guards)];
export const handle: RouteHandle = { titleKey: "search.resultTitle" };

/** Shows results only: following a link here (from another site too) never adds to the recent searches. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireViewer(request);
  const reader = actorOf(viewer);
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const q = url.searchParams.get("q");
  const area = url.searchParams.get("area");
  const cursor = url.searchParams.get("cursor");
  // The search form posts here without a query string: its answer shows the form with what the action said.
  if (q === null) return { kind: "form" as const };
  const { db, clock } = getRuntime();
  try {
    if (area) {
      const { query, group } = await searchArea(db, reader, q, area, cursor || null);
      return {
        kind: "area" as const,
        query,
        group,
        now: clock.now().toISOString(),
        pageTitle: translate(language, "search.summary", { query, count: group.total }),
      };
    }
    const result = await searchAll(db, reader, q);
    return {
      kind: "all" as const,
      ...result,
      now: clock.now().toISOString(),
      pageTitle: translate(language, "search.summary", { query: result.query, count: result.total }),
    };
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ kind: "error" as const, error: body, values: { q } }, { status });
  }
}

/**
 * A search the member sent with the search form: remembered among the recent searches, then its results shown at
 * their own address. A query the rules refuse comes back with its reason and as typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const submission = parseSubmission(await readForm(request), searchForm);
  if (submission.status !== "success") return refusedForm(language, submission);
  const { q } = submission.value;
  const { db, clock } = getRuntime();
  try {
    const query = await recordSearch(db, clock, actor.id, q);
    return redirect(localizePath(language, resultPath(query)));
  } catch (error) {
    const { status, error: body } = domainAnswer(language, error);
    return data({ error: body, values: { q } }, { status });
  }
}

function resultPath(query: string, area?: string, cursor?: string | null) {
  const params = new URLSearchParams({ q: query });
  if (area) params.set("area", area);
  if (cursor) params.set("cursor", cursor);
  return `/search/result?${params.toString()}`;
}

function AreaGroup({ group, query, now }: { group: SearchGroup; query: string; now: string }) {
  const t = useT();
  const area = t(group.labelKey);
  const headingId = `search-area-${group.area}`;
  return (
    <section
      aria-labelledby={headingId}
      className="surface rounded-xl border border-subtle p-4"
      data-area={group.area}
    >
      <h2 id={headingId} className="flex items-baseline gap-2 text-lg font-bold">
        {area}
        <span className="text-muted text-sm font-semibold" data-testid="area-count">
          {t("search.count", { count: group.total })}
        </span>
      </h2>
      {group.items.length === 0 ? (
        <p className="text-muted mt-2 text-sm">{t("search.areaEmpty", { area })}</p>
      ) : (
        <SearchHitList hits={group.items} query={query} now={now} />
      )}
      {group.nextCursor ? (
        <LocalLink
          to={resultPath(query, group.area)}
          aria-label={t("search.moreIn", { area })}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary hover:underline dark:text-[var(--link)]"
        >
          {t("search.more")}
        </LocalLink>
      ) : null}
    </section>
  );
}

/** One area's hits; "more" loads the next keyset page in place, or as a page of its own without JavaScript. */
function AreaPage({ group, query, now }: { group: SearchGroup; query: string; now: string }) {
  const t = useT();
  const language = useLanguage();
  const fetcher = useFetcher<typeof loader>();
  const [more, setMore] = useState<{ items: SearchHit[]; nextCursor: string | null }>({
    items: [],
    nextCursor: group.nextCursor,
  });
  // Each page the fetcher brings is appended once (derived during render instead of an effect).
  const [appended, setAppended] = useState(fetcher.data);
  const loaded = fetcher.data;
  if (loaded !== appended) {
    setAppended(loaded);
    if (loaded?.kind === "area")
      setMore({ items: [...more.items, ...loaded.group.items], nextCursor: loaded.group.nextCursor });
  }
  const area = t(group.labelKey);
  const next = more.nextCursor
    ? localizePath(language, resultPath(query, group.area, more.nextCursor))
    : null;
  return (
    <section aria-labelledby="search-area" className="space-y-3">
      <h2 id="search-area" className="flex items-baseline gap-2 text-lg font-bold">
        {area}
        <span className="text-muted text-sm font-semibold" data-testid="area-count">
          {t("search.count", { count: group.total })}
        </span>
      </h2>
      {group.items.length === 0 ? (
        <p className="text-muted">{t("search.areaEmpty", { area })}</p>
      ) : (
        <SearchHitList hits={[...group.items, ...more.items]} query={query} now={now} />
      )}
      {next ? (
        <Link
          to={next}
          aria-busy={fetcher.state !== "idle" || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (fetcher.state === "idle") fetcher.load(next);
          }}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle font-semibold"
        >
          {fetcher.state !== "idle" ? t("search.loading") : t("search.more")}
        </Link>
      ) : group.items.length > 0 ? (
        <p className="text-muted text-center text-sm">{t("search.end")}</p>
      ) : null}
    </section>
  );
}

export default function SearchResult({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = actionData ?? (loaderData.kind === "error" ? loaderData : null);
  if (refused || loaderData.kind === "form" || loaderData.kind === "error") {
    return (
      <section className="mx-auto max-w-2xl space-y-4">
        <h1 className="text-2xl font-extrabold">{t("search.resultTitle")}</h1>
        <SearchForm key={refused?.values.q} defaultValue={refused?.values.q} error={refused?.error} />
      </section>
    );
  }
  const { query } = loaderData;
  const total = loaderData.kind === "all" ? loaderData.total : loaderData.group.total;
  return (
    <section className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-extrabold">{t("search.resultTitle")}</h1>
      <SearchForm key={query} defaultValue={query} />
      <p role="status" className="font-semibold">
        {t("search.summary", { query, count: total })}
      </p>
      {loaderData.kind === "area" ? (
        <>
          <LocalLink
            to={resultPath(query)}
            className="text-sm font-semibold text-primary hover:underline dark:text-[var(--link)]"
          >
            {t("search.backToAll")}
          </LocalLink>
          <AreaPage
            key={`${query}/${loaderData.group.area}`}
            group={loaderData.group}
            query={query}
            now={loaderData.now}
          />
        </>
      ) : total === 0 ? (
        <div className="surface-muted rounded-xl border border-subtle p-6 text-center">
          <p className="font-semibold">{t("search.noResults", { query })}</p>
          <p className="text-muted mt-1 text-sm">{t("search.noResultsHint")}</p>
        </div>
      ) : (
        loaderData.groups.map((group) => (
          <AreaGroup key={group.area} group={group} query={query} now={loaderData.now} />
        ))
      )}
    </section>
  );
}
