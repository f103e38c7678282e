import { formatDate, formatDateTime } from "#app/i18n/calendar";
import { LocalLink, useLanguage, useT } from "#app/i18n/react";
import type { InspectionCondition } from "#app/db/schema";
import type {
  InspectionReport as Report,
  ListingInspectionPanel,
  PublishedReport,
} from "#app/services/inspection/inspections.server";

const conditionTone: Record<InspectionCondition, string> = {
  good: "border-emerald-600 text-emerald-800 dark:text-emerald-300",
  attention: "border-amber-600 text-amber-800 dark:text-amber-300",
  fault: "border-rose-600 text-rose-800 dark:text-rose-300",
  unchecked: "border-subtle text-muted",
};

/** A report's checklist, verdict, summary and photos, as everybody allowed to read it sees it. */
export function InspectionReportBody({ report, headingLevel = 3 }: { report: Report; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Sub = headingLevel === 2 ? "h3" : "h4";
  return (
    <div className="space-y-3">
      {report.verdict ? (
        <p className="font-bold">
          {t("inspection.verdict.label")}: {t(`inspection.verdict.${report.verdict}`)}
        </p>
      ) : null}
      <dl className="rounded-lg border border-subtle">
        {report.checklist.map((item) => (
          <div
            key={item.system}
            className="flex flex-col gap-1 border-b border-subtle px-3 py-2 last:border-b-0 sm:flex-row sm:items-start sm:gap-3"
          >
            <dt className="font-semibold sm:w-32">{t(`inspection.system.${item.system}`)}</dt>
            <dd className="flex-1 space-y-1">
              <span
                className={`inline-block rounded-md border px-2 py-0.5 text-xs font-semibold ${conditionTone[item.condition]}`}
              >
                {t(`inspection.condition.${item.condition}`)}
              </span>
              {item.note ? <p className="text-sm break-words">{item.note}</p> : null}
            </dd>
          </div>
        ))}
      </dl>
      {report.summary ? (
        <section className="space-y-1">
          <Sub className="text-sm font-bold">{t("inspection.report.summary")}</Sub>
          <p className="text-sm break-words whitespace-pre-line">{report.summary}</p>
        </section>
      ) : null}
      {report.photos.length > 0 ? (
        <section className="space-y-1">
          <Sub className="text-sm font-bold">{t("inspection.report.photos")}</Sub>
          <ul className="grid grid-cols-3 gap-2">
            {report.photos.map((photo, index) => (
              <li key={photo.url}>
                <a href={photo.url}>
                  <img
                    src={photo.url}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    alt={t("inspection.report.photoAlt", { index: index + 1 })}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A report the seller published: signed with the expert's name and dated, and marked when it is outdated. */
function PublishedInspection({ report }: { report: PublishedReport }) {
  const t = useT();
  const language = useLanguage();
  return (
    <article
      className="space-y-3 rounded-xl border border-subtle p-4"
      aria-labelledby={`inspection-${report.id}`}
    >
      <header className="space-y-1">
        <h3 id={`inspection-${report.id}`} className="font-bold">
          {t("inspection.report.heading")}
        </h3>
        <p className="text-muted text-sm">
          {t("inspection.report.signed", {
            expert: report.expert,
            date: formatDate(language, report.publishedAt),
          })}
        </p>
        {report.status === "outdated" && report.outdatedAt ? (
          <p
            role="note"
            className="rounded-lg border border-amber-500 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
          >
            <strong className="mr-1">{t("inspection.status.outdated")}</strong>
            {t("inspection.report.outdated", { date: formatDate(language, report.outdatedAt) })}
          </p>
        ) : null}
      </header>
      <InspectionReportBody report={report} />
    </article>
  );
}

/** The inspection part of a vehicle listing's page: its published reports, the reader's own, and the way to ask. */
export function ListingInspections({ panel }: { panel: ListingInspectionPanel | null }) {
  const t = useT();
  const language = useLanguage();
  if (!panel) return null;
  return (
    <section aria-labelledby="listing-inspections" className="space-y-3">
      <h2 id="listing-inspections" className="text-lg font-bold">
        {t("inspection.panel.heading")}
      </h2>
      {panel.published.length === 0 ? (
        <p className="text-muted text-sm">{t("inspection.panel.none")}</p>
      ) : (
        panel.published.map((report) => <PublishedInspection key={report.id} report={report} />)
      )}
      {panel.mine.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-bold">{t("inspection.panel.mine")}</h3>
          <ul className="space-y-2">
            {panel.mine.map((item) => (
              <li
                key={item.id}
                className="surface-muted flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 text-sm"
              >
                <span>
                  <span className="font-semibold">{t(`inspection.status.${item.status}`)}</span>
                  {" · "}
                  {t(`inspection.role.${item.role}`)}
                  {" · "}
                  {t("inspection.panel.proposedAt")} {formatDateTime(language, item.proposedAt)}
                </span>
                <LocalLink to={item.path} className="text-link font-semibold underline">
                  {t("inspection.panel.open")}
                </LocalLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {panel.askPath ? (
        <div className="surface-muted space-y-2 rounded-xl p-4">
          <p className="text-sm">
            {panel.district
              ? t("inspection.panel.intro", { district: panel.district[language] })
              : t("inspection.panel.introNoDistrict")}
          </p>
          <LocalLink
            to={panel.askPath}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 font-semibold text-white"
          >
            {t("inspection.panel.ask")}
          </LocalLink>
        </div>
      ) : null}
    </section>
  );
}
