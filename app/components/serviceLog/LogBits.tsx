import Wrench from "lucide-react/icons/wrench";
import type { ReactNode } from "react";
import { formatDay } from "#app/i18n/calendar";
import { useLanguage, useT } from "#app/i18n/react";
import type { ServiceLogEntryView } from "#app/services/service-log/service-log.server";

/** One entry of a log as every page shows it: day and work, then mileage, cost, shop and details. */
export function EntryRow({ entry, children }: { entry: ServiceLogEntryView; children?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const none = t("serviceLog.list.none");
  return (
    <li className="space-y-2 px-4 py-3" data-service-entry={entry.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">
          <span>{formatDay(language, entry.doneOn)}</span>{" "}
          <span className="inline-flex items-center gap-1">
            <Wrench className="size-4" aria-hidden="true" />
            {t(`serviceLog.work.${entry.work}`)}
          </span>
        </p>
        {entry.fromMeeting ? (
          <span className="rounded-full border border-subtle px-2 text-xs font-semibold">
            {t("serviceLog.list.fromMeeting")}
          </span>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted text-xs">{t("serviceLog.list.mileage")}</dt>
          <dd>{entry.mileageKm === null ? none : t("serviceLog.list.km", { km: entry.mileageKm })}</dd>
        </div>
        <div>
          <dt className="text-muted text-xs">{t("serviceLog.list.cost")}</dt>
          <dd>{entry.costWon === null ? none : t("serviceLog.list.won", { won: entry.costWon })}</dd>
        </div>
        <div>
          <dt className="text-muted text-xs">{t("serviceLog.list.shop")}</dt>
          <dd className="break-words">{entry.shop || none}</dd>
        </div>
      </dl>
      {entry.note ? <p className="text-sm break-words">{entry.note}</p> : null}
      {children}
    </li>
  );
}
