import { formatDay } from "#app/i18n/calendar";
import { useLanguage, useT } from "#app/i18n/react";
import type { AttachedServiceLog } from "#app/services/service-log/listing-log.server";
import { EntryRow } from "./LogBits";

/** A vehicle listing's service log, as every reader sees it: the bike's model, the totals and the latest entries. */
export function AttachedServiceLogView({ log }: { log: AttachedServiceLog }) {
  const t = useT();
  const language = useLanguage();
  const model =
    language === "ko"
      ? `${log.bike.manufacturerKo} ${log.bike.nameKo}`
      : `${log.bike.manufacturerEn} ${log.bike.nameEn}`;
  const { totals } = log;
  return (
    <section
      aria-labelledby="listing-service-log"
      className="space-y-3 border-b border-subtle py-4"
      data-service-log
    >
      <h2 id="listing-service-log" className="text-lg font-bold">
        {t("serviceLog.listing.heading")}
      </h2>
      <p className="text-muted text-sm">{t("serviceLog.listing.intro", { model, year: log.bike.year })}</p>
      {totals.entries === 0 ? (
        <p className="text-muted text-sm">{t("serviceLog.listing.empty")}</p>
      ) : (
        <>
          <p className="text-sm font-semibold">
            {t("serviceLog.listing.totals", { count: totals.entries, won: totals.totalCostWon })}
            {totals.firstOn && totals.lastOn ? (
              <span className="text-muted font-normal">
                {" "}
                ·{" "}
                {t("serviceLog.listing.period", {
                  from: formatDay(language, totals.firstOn),
                  to: formatDay(language, totals.lastOn),
                })}
              </span>
            ) : null}
          </p>
          <ul className="divide-y divide-[var(--border)] rounded-xl border border-subtle">
            {log.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
          {totals.entries > log.entries.length ? (
            <p className="text-muted text-xs">
              {t("serviceLog.listing.latestOnly", { count: log.entries.length })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
