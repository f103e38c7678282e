import X from "lucide-react/icons/x";
import { useId } from "react";
import { useFetcher } from "react-router";
import { LocalLink, useT } from "#app/i18n/react";

/**
 * The member's recent searches, each linking to its results. Removing works as plain POST forms; with JavaScript
 * the row goes at once and the page does not reload.
 */
export function RecentSearches({ recent }: { recent: { id: number; query: string }[] }) {
  const t = useT();
  const headingId = useId();
  const clear = useFetcher<{ cleared?: boolean }>();
  const clearing = clear.state !== "idle";
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {t("search.recent")}
        </h2>
        {recent.length > 0 && !clearing ? (
          <details className="group relative">
            <summary className="inline-flex min-h-9 cursor-pointer list-none items-center rounded-md border border-subtle px-3 text-sm font-semibold">
              {t("search.clearAll")}
            </summary>
            <div className="surface absolute right-0 z-10 mt-2 w-64 space-y-3 rounded-xl border border-subtle p-4 shadow-lg">
              <p className="text-sm">{t("search.clearConfirm", { count: recent.length })}</p>
              <clear.Form method="post">
                <input type="hidden" name="intent" value="clear" />
                <button
                  type="submit"
                  className="inline-flex min-h-10 w-full items-center justify-center rounded-lg bg-rose-700 px-3 text-sm font-semibold text-white hover:bg-rose-800"
                >
                  {t("search.clearConfirmButton")}
                </button>
              </clear.Form>
            </div>
          </details>
        ) : null}
      </div>
      {clear.data?.cleared ? (
        <p role="status" className="text-muted text-sm">
          {t("search.cleared")}
        </p>
      ) : null}
      {recent.length === 0 || clearing ? (
        <p className="text-muted">{t("search.recentEmpty")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {recent.map((entry) => (
            <RecentSearchItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentSearchItem({ entry }: { entry: { id: number; query: string } }) {
  const t = useT();
  const remove = useFetcher();
  if (remove.state !== "idle") return null;
  return (
    <li className="surface-muted inline-flex items-center rounded-full border border-subtle pl-3">
      <LocalLink
        to={`/search/result?${new URLSearchParams({ q: entry.query }).toString()}`}
        className="py-1.5 text-sm hover:underline"
      >
        {entry.query}
      </LocalLink>
      <remove.Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={entry.id} />
        <button
          type="submit"
          aria-label={t("search.removeOne", { query: entry.query })}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-black/5 dark:hover:bg-white/10"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </remove.Form>
    </li>
  );
}
