import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ConfirmButton } from "#app/components/ui/Dialog";
import { FormAlert } from "#app/components/ui/fields";
import { formatDay } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { ServiceLogPage } from "#app/services/service-log/service-log.server";
import { EntryForm } from "./EntryForm";
import { EntryRow } from "./LogBits";

const button =
  "surface inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-subtle px-4 text-sm font-semibold";

/** The owner's entries of one bike, a page at a time, each with its edit form (`?edit=`) and a confirmed delete. */
export function EntryList({
  data,
  editId,
  today,
  result,
}: {
  data: ServiceLogPage;
  editId: number | null;
  today: string;
  result?: {
    intent: string;
    entryId: string;
    lastResult?: SubmissionResult<string[]>;
    error?: { code: string; message: string };
  };
}) {
  const t = useT();
  const language = useLanguage();
  const base = `/my/garage/${data.bike.id}/log`;
  const pageQuery = data.page > 1 ? `page=${data.page}&` : "";
  const editing = (id: number) =>
    editId === id || (result?.intent === "edit" && result.entryId === String(id));
  return (
    <section aria-labelledby="service-log-entries" className="space-y-3">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="service-log-entries" className="text-lg font-bold">
          {t("serviceLog.list.heading")}
        </h2>
        <p className="text-muted text-sm">
          {t("serviceLog.list.count", { count: data.total })} ·{" "}
          {t("serviceLog.list.totalCost", { won: data.totalCostWon })}
        </p>
      </header>
      {result?.error ? <FormAlert error={result.error} /> : null}
      {data.entries.length === 0 ? (
        <p className="text-muted rounded-xl border border-dashed border-subtle p-6 text-center text-sm">
          {t("serviceLog.list.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
          {data.entries.map((entry) => {
            const names = {
              date: formatDay(language, entry.doneOn),
              work: t(`serviceLog.work.${entry.work}`),
            };
            return (
              <EntryRow key={entry.id} entry={entry}>
                {editing(entry.id) ? (
                  <EntryForm
                    mode={{
                      kind: "edit",
                      entry,
                      title: t("serviceLog.edit.title", names),
                      cancelTo: data.page > 1 ? `${base}?page=${data.page}` : base,
                    }}
                    today={today}
                    lastResult={result?.intent === "edit" ? result.lastResult : undefined}
                  />
                ) : (
                  <div className="grid grid-cols-2 gap-2">
                    <LocalLink
                      to={`${base}?${pageQuery}edit=${entry.id}`}
                      aria-label={t("serviceLog.edit.title", names)}
                      className={button}
                    >
                      {t("serviceLog.edit.open")}
                    </LocalLink>
                    <Form method="post">
                      <input type="hidden" name="entryId" value={entry.id} />
                      <ConfirmButton
                        name="intent"
                        value="delete"
                        aria-label={t("serviceLog.remove.confirm", names)}
                        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-rose-300 px-4 text-sm font-semibold text-rose-800 dark:text-rose-200"
                        confirm={{
                          title: t("serviceLog.remove.confirm", names),
                          description: t("serviceLog.remove.confirmText"),
                          action: t("serviceLog.remove.action"),
                        }}
                      >
                        {t("serviceLog.remove.button")}
                      </ConfirmButton>
                    </Form>
                  </div>
                )}
              </EntryRow>
            );
          })}
        </ul>
      )}
      {data.pageCount > 1 ? (
        <nav aria-label={t("serviceLog.list.pages")} className="flex items-center justify-between gap-2">
          {data.page > 1 ? (
            <LocalLink to={`${base}?page=${data.page - 1}`} className="text-link min-h-11 underline">
              {t("serviceLog.list.previous")}
            </LocalLink>
          ) : (
            <span />
          )}
          <span className="text-muted text-sm">
            {t("serviceLog.list.page", { page: data.page, pages: data.pageCount })}
          </span>
          {data.page < data.pageCount ? (
            <LocalLink to={`${base}?page=${data.page + 1}`} className="text-link min-h-11 underline">
              {t("serviceLog.list.next")}
            </LocalLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
